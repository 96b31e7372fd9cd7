package main

import (
	"strings"

	"github.com/crawlsim/crawlsim/engine/report"
)

// Formats the metrics table can be copied in (CopyTable).
const (
	FormatCSV      = "csv"
	FormatMarkdown = "markdown"
	FormatLaTeX    = "latex"
)

// TableText writes a table (its header, then its rows, as the page shows
// them) in one of the formats: CSV (RFC 4180, each field through
// report.AppendCSVField), a GitHub-flavoured Markdown table or a LaTeX
// tabular. Every cell is escaped for the format, so a label with | or &
// keeps its column. It returns "" for an unknown format.
func TableText(format string, head []string, rows [][]string) string {
	switch format {
	case FormatCSV:
		return tableCSV(head, rows)
	case FormatMarkdown:
		return tableMarkdown(head, rows)
	case FormatLaTeX:
		return tableLaTeX(head, rows)
	}
	return ""
}

func tableCSV(head []string, rows [][]string) string {
	var b []byte
	line := func(cells []string) {
		for i, c := range cells {
			if i > 0 {
				b = append(b, ',')
			}
			b = report.AppendCSVField(b, c)
		}
		b = append(b, '\n')
	}
	line(head)
	for _, r := range rows {
		line(r)
	}
	return string(b)
}

// markdownCell escapes a cell of a Markdown table: the characters that
// Markdown reads as markup (\ ` * _ [ ] < > | #) get a backslash, and a
// line break becomes a space (a row is one line).
func markdownCell(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch c {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '#':
			b.WriteByte('\\')
			b.WriteRune(c)
		case '\n', '\r':
			b.WriteByte(' ')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func tableMarkdown(head []string, rows [][]string) string {
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" ")
			b.WriteString(markdownCell(c))
			b.WriteString(" |")
		}
		b.WriteString("\n")
	}
	line(head)
	b.WriteString("|")
	for i := range head {
		// The label column left, the figures right, as on the page.
		if i == 0 {
			b.WriteString(" :--- |")
		} else {
			b.WriteString(" ---: |")
		}
	}
	b.WriteString("\n")
	for _, r := range rows {
		line(r)
	}
	return b.String()
}

// latexCell escapes a cell of a LaTeX tabular: the ten special characters
// (# $ % & _ { } ~ ^ \), and the dash and ellipsis the table writes, which
// an 8-bit LaTeX would not set. A minus sign, the Unicode one or a hyphen
// that starts a number (latexMinus), is set as math's minus, $-$: text
// mode would set a hyphen, shorter than the figures' minus.
func latexCell(s string) string {
	var b strings.Builder
	runes := []rune(s)
	for i, c := range runes {
		if latexMinus(runes, i) {
			b.WriteString(`$-$`)
			continue
		}
		switch c {
		case '#', '$', '%', '&', '_', '{', '}':
			b.WriteByte('\\')
			b.WriteRune(c)
		case '~':
			b.WriteString(`\textasciitilde{}`)
		case '^':
			b.WriteString(`\textasciicircum{}`)
		case '\\':
			b.WriteString(`\textbackslash{}`)
		case '—':
			b.WriteString(`---`)
		case '–':
			b.WriteString(`--`)
		case '…':
			b.WriteString(`\dots{}`)
		case '≤':
			b.WriteString(`$\le$`)
		case '\n', '\r':
			b.WriteByte(' ')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// latexMinus reports whether rune i of cell is a minus sign: the Unicode
// minus, or a hyphen before a digit (or a decimal point) that starts the
// cell or follows a space or an opening parenthesis, as in "-0.027" or
// "(-2)". A hyphen within a word or a range ("fpr-m", "3-4") is not.
func latexMinus(cell []rune, i int) bool {
	switch {
	case cell[i] == '−':
		return true
	case cell[i] != '-' || i+1 == len(cell):
		return false
	}
	next := cell[i+1]
	if !(next >= '0' && next <= '9' || next == '.') {
		return false
	}
	return i == 0 || cell[i-1] == ' ' || cell[i-1] == '('
}

func tableLaTeX(head []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString(`\begin{tabular}{l`)
	b.WriteString(strings.Repeat("r", max(len(head)-1, 0)))
	b.WriteString("}\n\\hline\n")
	line := func(cells []string) {
		for i, c := range cells {
			if i > 0 {
				b.WriteString(" & ")
			}
			b.WriteString(latexCell(c))
		}
		b.WriteString(` \\` + "\n")
	}
	line(head)
	b.WriteString("\\hline\n")
	for _, r := range rows {
		line(r)
	}
	b.WriteString("\\hline\n\\end{tabular}\n")
	return b.String()
}

package main

import (
	"encoding/csv"
	"slices"
	"strings"
	"testing"
)

// A table whose cells carry every character a format reads as markup.
var awkwardHead = []string{"strategy", "to 50%", "cost"}
var awkwardRows = [][]string{
	{"a|b & c_d", "12,345/—", "#1 $2 {x} ~y ^z \\w"},
	{"say \"hi\"\nthere", "*bold* [link] <b>`code`", "≤ 3…"},
}

func TestTableCSVReadsBack(t *testing.T) {
	text := TableText(FormatCSV, awkwardHead, awkwardRows)
	got, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatalf("encoding/csv cannot read the table back: %v\n%s", err, text)
	}
	want := append([][]string{awkwardHead}, awkwardRows...)
	if len(got) != len(want) {
		t.Fatalf("read back %d records, want %d:\n%s", len(got), len(want), text)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("record %d reads back as %q, want %q", i, got[i], want[i])
		}
	}
}

func TestTableMarkdownEscapes(t *testing.T) {
	text := TableText(FormatMarkdown, awkwardHead, awkwardRows)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want header, rule and 2 rows (a line break in a cell must not start a row):\n%s", len(lines), text)
	}
	// Every row has as many unescaped | as the header: 4 for 3 columns.
	for i, l := range lines {
		bars := 0
		for j := range len(l) {
			if l[j] == '|' && (j == 0 || l[j-1] != '\\') {
				bars++
			}
		}
		if bars != 4 {
			t.Errorf("line %d has %d column bars, want 4: %s", i, bars, l)
		}
	}
	if lines[1] != "| :--- | ---: | ---: |" {
		t.Errorf("rule %q, want the label left and the figures right", lines[1])
	}
	for _, want := range []string{`a\|b & c\_d`, `\#1 $2`, `\*bold\* \[link\] \<b\>\` + "`code\\`", `say "hi" there`} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
}

func TestTableLaTeXEscapes(t *testing.T) {
	text := TableText(FormatLaTeX, awkwardHead, awkwardRows)
	want := `\begin{tabular}{lrr}
\hline
strategy & to 50\% & cost \\
\hline
a|b \& c\_d & 12,345/--- & \#1 \$2 \{x\} \textasciitilde{}y \textasciicircum{}z \textbackslash{}w \\
say "hi" there & *bold* [link] <b>` + "`code`" + ` & $\le$ 3\dots{} \\
\hline
\end{tabular}
`
	if text != want {
		t.Errorf("LaTeX table:\n%s\nwant:\n%s", text, want)
	}
}

func TestTableTextUnknownFormat(t *testing.T) {
	if got := TableText("html", awkwardHead, awkwardRows); got != "" {
		t.Errorf("unknown format gave %q", got)
	}
}

// TestTableLaTeXMinusSign: a negative figure is set with LaTeX's minus
// sign ($-$), whether the table writes it with an ASCII hyphen or a
// Unicode minus; a hyphen inside a word ("fpr-m", "batch-pagerank") stays
// a hyphen. The copy wrote tau -0.027 with a text hyphen.
func TestTableLaTeXMinusSign(t *testing.T) {
	text := TableText(FormatLaTeX, []string{"strategy", "tau", "change"},
		[][]string{{"fpr-m", "-0.027", "−1.5 (-2)"}, {"batch-pagerank k=5", "0.1", "3-4"}})
	for _, want := range []string{`fpr-m & $-$0.027 & $-$1.5 ($-$2) \\`, `batch-pagerank k=5 & 0.1 & 3-4 \\`} {
		if !strings.Contains(text, want) {
			t.Errorf("the LaTeX table lacks %q:\n%s", want, text)
		}
	}
}

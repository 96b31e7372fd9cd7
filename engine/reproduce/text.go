package reproduce

import (
	"fmt"
	"io"
	"strings"

	"github.com/crawlsim/crawlsim/engine/report"
)

// WriteText writes a paper's report as text for a terminal: the notes,
// each table with the paper's figures beside crawlsim's, then each finding
// with its verdict.
func WriteText(w io.Writer, rep *Report) error {
	var b strings.Builder
	p := rep.Paper
	fmt.Fprintf(&b, "paper %s (%s): %s\n", p.ID, p.Name, p.Citation)
	fmt.Fprintf(&b, "reproduces: %s\n", p.Reproduces)
	for _, n := range rep.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	for _, t := range rep.Tables {
		fmt.Fprintf(&b, "\n%s: %s\n", t.Source, t.Title)
		rows := append([][]string{t.Head}, t.Rows...)
		left := make([]bool, len(t.Head))
		left[0] = true
		report.WriteColumns(&b, rows, left)
	}
	b.WriteString("\nfindings\n")
	for _, f := range rep.Findings {
		fmt.Fprintf(&b, "[%s] %s: %s\n", f.Verdict, f.Figure, f.Claim)
		fmt.Fprintf(&b, "    paper:    %s\n", f.Published)
		fmt.Fprintf(&b, "    crawlsim: %s\n", f.Ours)
		if f.Reason != "" {
			fmt.Fprintf(&b, "    why:      %s\n", f.Reason)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Meta is what a written report says of how it was made.
type Meta struct {
	// Version is crawlsim's version; Graph names the graph and Checksum is
	// its fingerprint (graphio.Fingerprint).
	Version  string
	Graph    string
	Checksum string
	// Command returns the command line that runs a run's scenario file
	// again, from the report's folder.
	Command func(run Run) string
	// Seconds is the wall time of the whole reproduction (0: not said).
	Seconds float64
}

// MarkdownHeading is the first line of the document WriteMarkdown
// writes, by which a later reproduce into its folder knows the report as
// its own.
const MarkdownHeading = "# crawlsim reproduces the papers"

// WriteMarkdown writes the reports as one Markdown document: how it was
// made, then per paper its notes, tables, findings, the commands and
// scenario files that reproduce each number, and its charts (by file
// name, beside the document).
func WriteMarkdown(w io.Writer, reps []*Report, meta Meta) error {
	var b strings.Builder
	b.WriteString(MarkdownHeading + "\n\n")
	fmt.Fprintf(&b, "- crawlsim: %s\n", meta.Version)
	fmt.Fprintf(&b, "- graph: %s\n", mdText(meta.Graph))
	if meta.Checksum != "" {
		fmt.Fprintf(&b, "- graph fingerprint (CRC-32C of offsets and targets): `%s`\n", meta.Checksum)
	}
	if meta.Seconds > 0 {
		fmt.Fprintf(&b, "- wall time: %.1f s\n", meta.Seconds)
	}
	b.WriteString("\nThe papers' crawls are not public: most of their figures can agree only in order or trend. Verdicts: *same value* (within a stated tolerance), *same order* (no pair reversed, or the claim holds), *same trend* (the direction holds but not the size, or at least 80% of the strictly ordered pairs agree, once pairs judged by another finding are set aside), *differs* (the failing case named), *not run*.\n")
	for _, rep := range reps {
		p := rep.Paper
		fmt.Fprintf(&b, "\n## %s %s\n\n%s. Reproduces %s.\n", p.ID, p.Name, mdText(p.Citation), p.Reproduces)
		if len(rep.Notes) > 0 {
			b.WriteString("\n")
			for _, n := range rep.Notes {
				fmt.Fprintf(&b, "- note: %s\n", mdText(n))
			}
		}
		for _, t := range rep.Tables {
			fmt.Fprintf(&b, "\n**%s**: %s\n\n", t.Source, mdText(t.Title))
			mdRow(&b, t.Head)
			sep := make([]string, len(t.Head))
			for i := range sep {
				sep[i] = "---"
			}
			mdRow(&b, sep)
			for _, r := range t.Rows {
				mdRow(&b, r)
			}
		}
		b.WriteString("\n**Findings**\n\n")
		mdRow(&b, []string{"figure", "claim", "paper", "crawlsim", "verdict", "why"})
		mdRow(&b, []string{"---", "---", "---", "---", "---", "---"})
		for _, f := range rep.Findings {
			mdRow(&b, []string{f.Figure, f.Claim, f.Published, f.Ours, "**" + string(f.Verdict) + "**", f.Reason})
		}
		if len(rep.Runs) > 0 {
			b.WriteString("\n**Reproduce each number**, in this report's folder:\n\n")
			for _, r := range rep.Runs {
				cmd := r.Name + ".json"
				if meta.Command != nil {
					cmd = meta.Command(r)
				}
				fmt.Fprintf(&b, "- %s: `%s`\n", mdText(r.Title), cmd)
			}
		}
		for _, c := range rep.Charts {
			fmt.Fprintf(&b, "\n![%s](%s)\n", mdText(c.Title), c.Name)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdRow writes one row of a Markdown table.
func mdRow(b *strings.Builder, cells []string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" ")
		b.WriteString(strings.ReplaceAll(mdText(c), "|", `\|`))
		b.WriteString(" |")
	}
	b.WriteString("\n")
}

// mdText keeps text on one line.
func mdText(s string) string {
	return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
}

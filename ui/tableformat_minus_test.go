package main

import (
	"strings"
	"testing"
)

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

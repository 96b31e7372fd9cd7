package main

import (
	"slices"
	"strings"
	"testing"
)

// TestHelpColumns: a tab takes a terminal to its next multiple of 8.
func TestHelpColumns(t *testing.T) {
	for line, want := range map[string]int{"": 0, "abc": 3, "\t": 8, "ab\tc": 9, flagUsageIndent + "x": 9, "é": 1} {
		if got := helpColumns(line); got != want {
			t.Errorf("helpColumns(%q) = %d; want %d", line, got, want)
		}
	}
}

// TestWrapKeepsLongWords: the wrapping of an example (wrapCommand) and
// of a flag's description (wrapFlagDefaults) keeps every word, and a
// word longer than a line whole, on a line of its own.
func TestWrapKeepsLongWords(t *testing.T) {
	long := strings.Repeat("x", 90)
	if got := wrapCommand("  ", "crawlsim run -strategies "+long+" web.csr"); !slices.Equal(got, []string{"  crawlsim run -strategies \\", "      " + long + " \\", "      web.csr"}) {
		t.Errorf("wrapCommand with a word of 90 columns: %q", got)
	}
	if got := wrapFlagDefaults("  -x N\n" + flagUsageIndent + "a " + long + " b\n"); got != "  -x N\n"+flagUsageIndent+"a\n"+flagUsageIndent+long+"\n"+flagUsageIndent+"b\n" {
		t.Errorf("wrapFlagDefaults with a word of 90 columns: %q", got)
	}
}

// unwrapFlagDefaults undoes wrapFlagDefaults: each flag's description on
// one line again, for a test that looks for a phrase in it.
func unwrapFlagDefaults(help string) string {
	lines := strings.Split(help, "\n")
	var out []string
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, flagUsageIndent); ok && i > 0 && strings.HasPrefix(lines[i-1], flagUsageIndent) {
			out[len(out)-1] += " " + rest
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

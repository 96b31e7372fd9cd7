package main

import (
	"strings"
	"testing"
)

// TestHelpSummariesAreWholeSentences: crawlsim help lists every command
// with a summary that is a whole sentence: it ends with a full stop, and
// its parentheses and quotes are closed (it printed
// `refresh ... (Singhal et al., "Regulating` and `seeds ... (Daneshpajouh
// et al.,`, cut at the end of the summary's first line).
func TestHelpSummariesAreWholeSentences(t *testing.T) {
	out, _, status := crawlsim(t, "help")
	if status != 0 {
		t.Fatalf("help: status %d", status)
	}
	_, list, ok := strings.Cut(out, "commands:\n")
	list, _, _ = strings.Cut(list, "\n\n")
	if !ok {
		t.Fatalf("help has no list of commands:\n%s", out)
	}
	summaries := map[string]string{}
	for _, line := range strings.Split(list, "\n") {
		name, summary, _ := strings.Cut(strings.TrimSpace(line), " ")
		summaries[name] = strings.TrimSpace(summary)
	}
	for _, c := range commands() {
		s, ok := summaries[c.name]
		switch {
		case !ok:
			t.Errorf("help does not list %s", c.name)
		case !strings.HasSuffix(s, "."),
			strings.Count(s, "(") != strings.Count(s, ")"),
			strings.Count(s, `"`)%2 != 0:
			t.Errorf("help lists %s as %q: not a whole sentence", c.name, s)
		}
	}
}

package main

import (
	"strings"
	"testing"
)

// TestErrorsCapEchoedInput: an error repeats at most 80 characters of one
// word of the input (a million-digit number was echoed whole), and keeps
// paths whole.
func TestErrorsCapEchoedInput(t *testing.T) {
	huge := strings.Repeat("9", 1_000_000)
	for _, args := range [][]string{
		{"run", "-n", huge},
		{"run", "-seeds", "random:" + huge},
		{"run", "-strategies", "bfs:window=" + huge},
		{"rank", "-top", huge, "x.edges"},
	} {
		_, errOut, status := crawlsim(t, args...)
		if status != 2 || len(errOut) > 400 || !strings.Contains(errOut, "999…") {
			t.Errorf("crawlsim %s …: status %d, %d bytes of stderr starting %q; want status 2, at most 400 bytes and the number cut with an ellipsis", args[0], status, len(errOut), short(errOut))
		}
	}
	long := "/" + strings.Repeat("d", 100) + "/g.edges"
	if got := capEchoes("cannot read " + long + ": no such file"); !strings.Contains(got, long) {
		t.Errorf("a long path was cut: %q", got)
	}
}

package main

import "testing"

// TestClosest: a typo finds what it meant (a swap, a missing or extra
// letter); a word far from every candidate finds nothing.
func TestClosest(t *testing.T) {
	ids := []string{"random", "bfs", "backlink", "opic", "optimal", "omniscient", "fpr", "fpr-m", "rankmass"}
	for _, c := range []struct{ word, want string }{
		{"opci", "opic"},
		{"OPIC", ""}, // case ignored: the id itself, written otherwise, is near
		{"optmal", "optimal"},
		{"ranmkass", "rankmass"},
		{"bsf", "bfs"},
		{"pagerank", ""},
		{"xyz", ""},
		{"opic", ""},
	} {
		got := closest(c.word, ids)
		if c.word == "OPIC" {
			if got != "opic" {
				t.Errorf("closest(%q) = %q, want opic", c.word, got)
			}
			continue
		}
		if got != c.want {
			t.Errorf("closest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
	if got := closest("stratgies", []string{"n", "strategies", "seeds", "budget"}); got != "strategies" {
		t.Errorf("closest(stratgies) = %q", got)
	}
}

// TestDidYouMean: a mistyped command, flag or strategy id is refused
// with what was probably meant.
func TestDidYouMean(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rnu"}, `crawlsim: unknown command "rnu"; did you mean "run"? (see crawlsim help)`},
		{[]string{"help", "sedes"}, `crawlsim help: unknown command "sedes"; did you mean "seeds"? (see crawlsim help)`},
		{[]string{"run", "-stratgies", "opic"}, "crawlsim run: -stratgies is not a flag of crawlsim run; did you mean -strategies? (see crawlsim help run)"},
		{[]string{"run", "-n", "100", "-strategies", "opci,bfs"}, `crawlsim run: -strategies: unknown strategy "opci"; did you mean "opic"? (see crawlsim help run)`},
		{[]string{"rank", "-tpo", "3", "x.csr"}, "crawlsim rank: -tpo is not a flag of crawlsim rank; did you mean -top? (see crawlsim help rank)"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != 2 || errOut != c.want+"\n" {
			t.Errorf("crawlsim %q: status %d, stderr %q; want 2, %q", c.args, status, errOut, c.want)
		}
	}
}

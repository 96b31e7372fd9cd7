package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRankPush: -push computes PageRank by pushing along the out-lists of
// a generated web of two chunks (rank.Options.Push), read from BVGraph
// (packed in memory) and from its .csr, and prints the table the in-link
// layout prints, uniform and personalized (JSON and CSV give every bit
// of a score, which pushing rounds otherwise); it is a PageRank flag
// that -transpose and -hits refuse.
func TestRankPush(t *testing.T) {
	dir := t.TempDir()
	bv, csr := filepath.Join(dir, "web.graph"), filepath.Join(dir, "web.csr")
	mustRun(t, "gen", "-n", "20000", "-o", bv)
	mustRun(t, "convert", "-o", csr, bv)
	for _, args := range [][]string{{"-top", "15"}, {"-top", "15", "-seeds", "random:5"}} {
		want := mustRun(t, append(append([]string{"rank"}, args...), csr)...)
		for _, g := range []string{bv, csr} {
			if got := mustRun(t, append(append([]string{"rank", "-push"}, args...), g)...); got != want {
				t.Errorf("rank -push %s %s prints\n%s\nwant, as the layout,\n%s", strings.Join(args, " "), g, got, want)
			}
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rank", "-push", "-transpose", bv, bv}, "-push and -transpose are two ways to compute PageRank; give one"},
		{[]string{"rank", "-push", "-hits", bv}, "-push is a PageRank flag; HITS (-hits) does not use it"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("crawlsim %s: status %d, stderr %q, want %q", strings.Join(c.args, " "), status, errOut, c.want)
		}
	}
}

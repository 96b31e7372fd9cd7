package main

import (
	"io"
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

// TestRankTransposeHelpGivesRunsDefault: rank and run find NAME-t.graph
// by the same rule (transposeFile: only beside a BVGraph of more than
// 2^28 links or whose in-link layout does not fit in memory), so their
// -transpose help gives the same default; rank's said it took the
// transpose whenever there was one.
func TestRankTransposeHelpGivesRunsDefault(t *testing.T) {
	defaultOf := func(name string) string {
		fs, _ := findCommand(name).flagSet(io.Discard)
		f := fs.Lookup("transpose")
		if f == nil {
			t.Fatalf("%s has no -transpose", name)
		}
		_, d, ok := strings.Cut(f.Usage, "(default: ")
		if !ok {
			t.Fatalf("%s -transpose: no default in %q", name, f.Usage)
		}
		return d
	}
	if rank, run := defaultOf("rank"), defaultOf("run"); rank != run || !strings.Contains(rank, "2^28") {
		t.Errorf("-transpose default: rank says %q, run says %q; want the same, with the 2^28 links", rank, run)
	}
}

// TestSeedListIsAFolder: -seeds list:DIR is refused as a folder, naming
// the flag, by rank and run alike, not with the system's "DIR:1: read
// DIR: is a directory", whose line number points at nothing.
func TestSeedListIsAFolder(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n")
	want := "-seeds list:" + dir + ": that is a folder; name a file of seeds"
	checkFails(t, 1, []string{"rank", "-seeds", "list:" + dir, edges}, want)
	checkFails(t, 1, []string{"run", "-seeds", "list:" + dir, edges}, want)
}

// TestRankHITSTopZero: rank -hits -top 0 prints its line of iterations
// and no table, as rank -top 0 does for PageRank, not the titles "best
// hubs" and "best authorities" over nothing.
func TestRankHITSTopZero(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n2 0\n")
	out := mustRun(t, "rank", "-hits", "-top", "0", edges)
	if !strings.HasPrefix(out, "hits: ") || strings.Contains(out, "best") || strings.Count(out, "\n") != 1 {
		t.Errorf("rank -hits -top 0 printed:\n%s\nwant the line of iterations alone", out)
	}
}

// TestRankSeedsNeedingHosts: -seeds host-roots and community:K on a graph
// whose format holds no URLs (a BVGraph, WebGraph ASCII) without -urls
// are usage errors found before the graph is read, as seeds and run find
// them (community:K was found only after loading, as a failure).
func TestRankSeedsNeedingHosts(t *testing.T) {
	dir := t.TempDir()
	g := writeFile(t, dir, "g.graph-txt", "3\n1\n2\n0\n")
	for _, spec := range []string{"host-roots", "community:3"} {
		kind, _, _ := strings.Cut(spec, ":")
		checkFails(t, 2, []string{"rank", "-seeds", spec, g}, "crawlsim rank: -seeds "+kind+" needs hosts: give -urls FILE")
	}
}

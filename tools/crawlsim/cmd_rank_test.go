package main

import (
	"io"
	"path/filepath"
	"regexp"
	"strconv"
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

// TestRankTakesTheOtherCommandsNames: rank names its damping factor, the
// random seed of -seeds random:K and its HITS iterations as run and
// seeds do (-damping, -random-seed, -iterations; it said -d, -seed and
// -hits-iter, which -damping, -random-seed and -iterations were not
// flags of), and still takes the old names for scripts that use them:
// each pair prints the same, and is refused by the name typed. The help
// lists each flag once, by its new name, and says the old one there.
func TestRankTakesTheOtherCommandsNames(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web.csr")
	mustRun(t, "gen", "-n", "2000", "-o", web)
	help, _, _ := crawlsim(t, "help", "rank")
	help = unwrapFlagDefaults(help)
	for _, c := range []struct {
		name, old, value string
		with             []string // what the flag needs besides
		refused          []string // a value refused, and the words that follow it
	}{
		{"damping", "d", "0.7", nil, []string{"1.5", " is outside (0, 1]"}},
		{"random-seed", "seed", "7", []string{"-seeds", "random:5"}, nil},
		{"iterations", "hits-iter", "9", []string{"-hits"}, []string{"0", ": want 1 to 100,000 HITS iterations"}},
	} {
		args := func(name, value string) []string {
			return append(append([]string{"rank", "-top", "3", "-" + name, value}, c.with...), web)
		}
		if got, want := mustRun(t, args(c.old, c.value)...), mustRun(t, args(c.name, c.value)...); got != want {
			t.Errorf("rank -%s %s prints\n%s\nwant, as -%s %s,\n%s", c.old, c.value, got, c.name, c.value, want)
		}
		if c.refused != nil {
			for _, name := range []string{c.name, c.old} {
				checkFails(t, 2, args(name, c.refused[0]), "crawlsim rank: -"+name+" "+c.refused[0]+c.refused[1])
			}
		}
		entry := regexp.MustCompile(`(?m)^  -` + regexp.QuoteMeta(c.name) + ` .*\n\t*\s*(.*)$`).FindStringSubmatch(help)
		switch {
		case entry == nil:
			t.Errorf("help rank has no entry -%s:\n%s", c.name, help)
		case !strings.Contains(entry[1], "-"+c.old+" is the same flag"):
			t.Errorf("help rank, -%s: %q does not say -%s", c.name, entry[1], c.old)
		}
		if regexp.MustCompile(`(?m)^  -` + regexp.QuoteMeta(c.old) + `\b`).MatchString(help) {
			t.Errorf("help rank lists -%s apart from -%s:\n%s", c.old, c.name, help)
		}
	}
	// Only PageRank takes -random-seed; only HITS -iterations.
	checkFails(t, 2, []string{"rank", "-hits", "-random-seed", "3", web}, "crawlsim rank: -random-seed is a PageRank flag; HITS (-hits) does not use it")
	checkFails(t, 2, []string{"rank", "-hits", "-seed", "3", web}, "crawlsim rank: -seed is a PageRank flag; HITS (-hits) does not use it")
	checkFails(t, 2, []string{"rank", "-iterations", "3", web}, "crawlsim rank: -iterations needs -hits")
	checkFails(t, 2, []string{"rank", "-random-seed", "3", web}, "crawlsim rank: -random-seed needs -seeds random:K")
}

// TestHITSIterationsRefusedAsSeedsDoes: rank -iterations, HITS
// iterations as seeds' -iterations are, is refused out of its range in
// seeds' words (rank said "want 1 to 100,000 iterations", seeds "want 1
// to 100,000 HITS iterations").
func TestHITSIterationsRefusedAsSeedsDoes(t *testing.T) {
	strip := func(cmd, errOut string) string {
		msg := strings.TrimPrefix(strings.TrimSuffix(errOut, "\n"), "crawlsim "+cmd+": ")
		return strings.TrimSuffix(msg, " (see crawlsim help "+cmd+")")
	}
	for _, v := range []string{"0", "100001"} {
		_, r, rs := crawlsim(t, "rank", "-hits", "-iterations", v, "g.edges")
		_, s, ss := crawlsim(t, "seeds", "-iterations", v, "g.edges")
		if rs != 2 || ss != 2 || strip("rank", r) != strip("seeds", s) {
			t.Errorf("-iterations %s: rank says %q (status %d), seeds %q (status %d); want the same words", v, r, rs, s, ss)
		}
	}
}

// TestRankEmptySeedsSaysWhatToWrite: rank -seeds given empty or blank
// (a variable left unset: -seeds "$SEEDS") is refused in run's words,
// where it computed plain PageRank as if -seeds were left out.
func TestRankEmptySeedsSaysWhatToWrite(t *testing.T) {
	for _, v := range []string{"", "  "} {
		checkFails(t, 2, []string{"rank", "-seeds", v, "-top", "1", "g.edges"},
			`crawlsim rank: -seeds `+strconv.Quote(v)+` names no seed set: leave -seeds out for plain PageRank, or give one, such as top-pagerank:K or random:K (see crawlsim help rank)`)
	}
}

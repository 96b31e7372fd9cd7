package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graphio"
)

// TestPackedGraphsGiveTheSameResults: rank pulling along cnr-2000's
// transpose and run crawling cnr-2000, both read from BVGraph and packed
// (within a third of the memory budget, 5 MB of 40), print what they
// print from the graph's .csr, byte for byte. (engine/graphio's
// TestLoadPacksBVGraph shows what is packed within which budget.)
func TestPackedGraphsGiveTheSameResults(t *testing.T) {
	graph := sharedData(t, "cnr-2000/cnr-2000.graph")
	transpose := sharedData(t, "cnr-2000/cnr-2000-t.graph")
	dir := t.TempDir()
	csr, curves := filepath.Join(dir, "cnr.csr"), filepath.Join(dir, "curves.csv")
	mustRun(t, "convert", "-o", csr, graph)
	rankArgs := []string{"rank", "-top", "20"}
	// The table's last column is a time: the curves are compared.
	runArgs := []string{"run", "-quiet", "-seeds", "top-pagerank:20", "-strategies", "bfs,opic,fpr", "-csv", curves}
	wantRank := mustRun(t, append(rankArgs, csr)...)
	mustRun(t, append(runArgs, csr)...)
	wantRun := string(readBytes(t, curves))
	t.Setenv(memoryEnv, "40MB")
	gotRank := mustRun(t, append(rankArgs, "-transpose", transpose, graph)...)
	mustRun(t, append(runArgs, graph)...)
	if gotRun := string(readBytes(t, curves)); gotRun != wantRun {
		t.Errorf("run on the BVGraph writes curves of %d bytes, unlike those on the .csr (%d bytes)", len(gotRun), len(wantRun))
	}
	if strings.Replace(gotRank, "cnr-2000.graph", "cnr.csr", -1) != wantRank {
		t.Errorf("rank -transpose on the BVGraph prints\n%s\nwant, as on the .csr,\n%s", gotRank, wantRank)
	}
}

// transposeFile finds NAME-t.graph beside a BVGraph NAME.graph of more
// than layoutLinksAtMost links, or whose in-arc layout does not fit the
// memory budget, and only there; an explicit transpose wins; a run with
// an importance file looks for none.
func TestTransposeFile(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	props := func(name string, arcs int64) {
		writeFile(t, dir, name, fmt.Sprintf("nodes=100000\narcs=%d\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\nzetak=3\ncompressionflags=\ngraphclass=it.unimi.dsi.webgraph.BVGraph\nversion=0\n", arcs))
	}
	for _, name := range []string{"big.graph", "big-t.graph", "small.graph", "small-t.graph"} {
		writeFile(t, dir, name, "")
	}
	props("big.properties", layoutLinksAtMost+1)
	props("big-t.properties", layoutLinksAtMost+1)
	props("small.properties", layoutLinksAtMost)
	props("small-t.properties", layoutLinksAtMost)
	bv := graphio.FormatBVGraph
	for _, c := range []struct {
		path     string
		format   graphio.Format
		files    runFiles
		budget   int64
		want     string
		whatCase string
	}{
		{p("big.graph"), bv, runFiles{}, 0, p("big-t.graph"), "a large BVGraph"},
		{p("small.graph"), bv, runFiles{}, 0, "", "2^28 links"},
		{p("small.graph"), bv, runFiles{}, 8 << 30, "", "2^28 links, a layout that fits"},
		{p("small.graph"), bv, runFiles{}, 1 << 30, p("small-t.graph"), "2^28 links, a layout that does not fit"},
		{p("big.graph"), graphio.FormatCSR, runFiles{}, 0, "", "not a BVGraph"},
		{p("big.graph"), bv, runFiles{transpose: "x-t.graph"}, 0, "x-t.graph", "an explicit transpose"},
		{p("big.graph"), bv, runFiles{importance: importanceInput{file: "web.imp"}}, 0, "", "an importance file"},
		{p("big.graph"), bv, runFiles{importance: importanceInput{file: "web.imp"}, transpose: "x-t.graph"}, 0, "x-t.graph", "an importance file and an explicit transpose"},
	} {
		if got := c.files.transposeFor(c.path, c.format, c.budget); got != c.want {
			t.Errorf("%s: transpose %q, want %q", c.whatCase, got, c.want)
		}
	}
	os.Remove(p("big-t.properties"))
	if got := transposeFile(p("big.graph"), bv, "", 0); got != "" {
		t.Errorf("without NAME-t.properties: %q, want none", got)
	}
}

// TestDashIsNotStandardInput: an input named "-" (which names the
// standard output as an output) is not read from the standard input; the
// error points to /dev/stdin, which is, for the graph, the URL list, the
// scenario and the seed list alike.
func TestDashIsNotStandardInput(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFile(t, ".", "g.edges", "0 1\n1 2\n")
	want := "cannot read -: no such file or directory; to read the standard input, name it /dev/stdin"
	checkFails(t, 1, []string{"info", "-"}, want)
	checkFails(t, 1, []string{"run", "-strategies", "bfs", "-"}, want)
	checkFails(t, 1, []string{"info", "-urls", "-", "g.edges"}, "-urls -: cannot read it: no such file or directory; to read the standard input, name it /dev/stdin")
	hint := "; to read the standard input, name it /dev/stdin"
	checkFails(t, 1, []string{"run", "-scenario", "-"}, "-scenario -: cannot read it: no such file or directory"+hint)
	checkFails(t, 1, []string{"rank", "-seeds", "list:-", "g.edges"}, "names a file of seeds"+hint)
}

// TestNotTransposeNamesTheFiles: a -transpose of the right size that is
// not the graph's transpose (the graph itself, or one with the right
// degrees and other links) is refused by rank and run naming both files, once ("crawlsim rank: rank: transpose is not the
// graph's" named neither, nor a NAME-t.graph found beside the graph).
func TestNotTransposeNamesTheFiles(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFile(t, ".", "g.edges", "0 1\n0 2\n1 2\n")
	want := "g.edges is not the transpose of g.edges: page 0 has 0 in-links in the graph but 2 out-links in the transpose"
	checkFails(t, 1, []string{"rank", "-transpose", "g.edges", "g.edges"}, "crawlsim rank: "+want)
	checkFails(t, 1, []string{"run", "-strategies", "bfs", "-transpose", "g.edges", "g.edges"}, "crawlsim run: "+want)
	// A transpose with every count and degree right but links that are
	// not the graph's reversed: 1→2 and 3→0 in place of 1→0 and 3→2.
	writeFile(t, ".", "h.edges", "0 1\n2 3\n")
	writeFile(t, ".", "h-t.edges", "1 2\n3 0\n")
	want = "h-t.edges is not the transpose of h.edges: page 0 links to page 1 in the graph, but page 1 does not link to page 0 in the transpose"
	checkFails(t, 1, []string{"rank", "-transpose", "h-t.edges", "h.edges"}, "crawlsim rank: "+want)
}

// TestRenumberWithURLs: -renumber beside -urls is refused as a usage
// error by every command that reads a graph (the reader ignored it: with
// a URL list an edge list's ids are the list's line numbers), and so is
// -renumber of a graph that is not an edge list (ignored likewise).
func TestRenumberWithURLs(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFile(t, ".", "g.edges", "0 2\n2 4\n")
	writeFile(t, ".", "g.urls", "http://a/\nhttp://b/\nhttp://c/\nhttp://d/\nhttp://e/\n")
	for _, c := range [][]string{
		{"info"}, {"rank"}, {"convert", "-o", "x.csr"}, {"seeds"}, {"run", "-strategies", "bfs"},
	} {
		args := append(append(c, "-renumber", "-urls", "g.urls"), "g.edges")
		checkFails(t, 2, args, "crawlsim "+c[0]+": -renumber and -urls: with a URL list an edge list's ids are the list's line numbers")
	}
	// Nor does -renumber apply to another format than an edge list.
	writeFile(t, ".", "g.graph-txt", "3\n1\n2\n0\n")
	for _, command := range []string{"info", "run"} {
		checkFails(t, 2, []string{command, "-renumber", "g.graph-txt"}, "crawlsim "+command+": -renumber numbers an edge list's ids, and g.graph-txt is read as graph-txt, whose pages are numbered already")
	}
}

// TestInputUnderAFile: an input whose path goes through a file (g.csr/x)
// names that file, not the system's "not a directory", for a graph, a
// URL list, a transpose, a scenario and a seed list alike.
func TestInputUnderAFile(t *testing.T) {
	dir := t.TempDir()
	g := filepath.Join(dir, "g.csr")
	mustRun(t, "gen", "-n", "50", "-o", g)
	under := filepath.Join(g, "x")
	because := g + " is a file, not a folder"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"info", under}, "crawlsim info: cannot read " + under + ": " + because + "\n"},
		{[]string{"info", "-urls", under, g}, "crawlsim info: -urls " + under + ": cannot read it: " + because + "\n"},
		{[]string{"rank", "-transpose", under, g}, "crawlsim rank: -transpose " + under + ": cannot read it: " + because + "\n"},
		{[]string{"run", "-scenario", under}, "crawlsim run: -scenario " + under + ": cannot read it: " + because + "\n"},
		{[]string{"run", "-seeds", "list:" + under, g}, "crawlsim run: -seeds list:" + under + ": cannot read it: " + because + "\n"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != 1 || errOut != c.want {
			t.Errorf("crawlsim %s: status %d, stderr %q; want 1 and %q", strings.Join(c.args, " "), status, errOut, c.want)
		}
	}
}

// TestOddLabelWarned: an edge list of integer ids with one id that is not
// a decimal integer is read as labels, which drops the pages no link
// names; info warns with the file, the line and the id, and run gives the
// same words among its result's warnings (engine/scenario), so that the
// typo is found rather than a graph quietly smaller.
func TestOddLabelWarned(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "typo.edges")
	// pages 0 to 5 as integers; "l2" makes them labels, and pages 3 and
	// 4, which no link names, are gone
	os.WriteFile(file, []byte("0 1\n1 2\n2 5\n5 l2\n"), 0o644)
	out, errOut, status := crawlsim(t, "info", file)
	warning := file + `:4: page id "l2" is not a decimal integer (without sign or leading zeros), though the ids of the 3 links before it were`
	if status != 0 || !strings.Contains(errOut, "warning: "+warning) || !strings.Contains(out, "pages           5\n") {
		t.Errorf("info: status %d, stdout\n%s\nstderr\n%s\nwant 5 pages and the warning %q", status, out, errOut, warning)
	}
	out = mustRun(t, "run", "-quiet", "-json", "-strategies", "bfs", file)
	if !strings.Contains(out, `"graph: `+strings.ReplaceAll(warning, `"`, `\"`)) {
		t.Errorf("run -json does not carry the warning %q:\n%s", warning, out)
	}
}

package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
)

// TestRunImportanceFile: run -importance-file with the vector rank -o
// NAME.imp wrote prints exactly the table run prints computing PageRank
// itself (top-pagerank seeds included), and its -o result names the file.
// On cs-stanford (when ../shared/data is there) the vector is ranked from
// the edge list and read for the BVGraph of the same graph: the
// fingerprint does not depend on the format.
func TestRunImportanceFile(t *testing.T) {
	data, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "cs-stanford"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	mustRun(t, "gen", "-n", "5000", "-seed", "3", "-o", "web.csr")
	type example struct {
		ranked  []string // rank's graph arguments
		crawled string
		imp     string
	}
	cases := []example{{[]string{"web.csr"}, "web.csr", "pr.imp"}}
	if _, err := os.Stat(data); err == nil {
		// The edge list's ids are line numbers of the URL list, so its
		// pages are the BVGraph's.
		cases = append(cases, example{[]string{"-urls", filepath.Join(data, "cs-stanford.urls"), filepath.Join(data, "cs-stanford.edges")},
			filepath.Join(data, "cs-stanford.graph"), "stanford.imp"})
	} else {
		t.Logf("cs-stanford not found, generated graph only: %v", err)
	}
	for _, c := range cases {
		crawled, imp := c.crawled, c.imp
		mustRun(t, append([]string{"rank", "-top", "0", "-o", imp}, c.ranked...)...)
		strategies := "optimal,bfs,opic,fpr,backlink"
		want := mustRun(t, "run", "-strategies", strategies, crawled)
		got := mustRun(t, "run", "-strategies", strategies, "-importance-file", imp, "-o", imp+".json", crawled)
		// The same table, but for the header, which names the file.
		if maskTimes(got) != maskTimes(importanceReadFrom(want, imp)) {
			t.Errorf("%s with %s:\n%s\ncomputing PageRank:\n%s", crawled, imp, got, want)
		}
		if res := readResult(t, imp+".json"); res.Importance.File != imp {
			t.Errorf("%s: the result's importance %+v does not name %s", crawled, res.Importance, imp)
		}
	}
}

// TestRunImportanceFileForeign: a vector of another engine, as text lines,
// raw float64 in either byte order (LAW's .ranks is big-endian), HyperBall's
// big-endian float32, "ID SCORE" lines in reverse order, or rank -o's CSV,
// is read, checked by one PageRank step and scaled to sum 1, which the
// table's warnings say; its figures are those of the same vector in
// crawlsim's format.
func TestRunImportanceFileForeign(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "gen", "-n", "3000", "-seed", "4", "-o", "web.csr")
	mustRun(t, "rank", "-top", "0", "-o", "pr.imp", "web.csr")
	f, err := os.Open("pr.imp")
	if err != nil {
		t.Fatal(err)
	}
	g := mustLoadCSR(t, "web.csr")
	v, err := graphio.ReadImportance(f, "pr.imp", g, "web.csr")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var text, ids strings.Builder
	text.WriteString("# PageRank times 10, one page a line\n")
	var raw, ranks, hyperball []byte
	for i, s := range v.Scores {
		fmt.Fprintf(&text, "%v\n", 10*s)
		fmt.Fprintf(&ids, "%d\t%v\n", len(v.Scores)-1-i, v.Scores[len(v.Scores)-1-i])
		raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(s))
		ranks = binary.BigEndian.AppendUint64(ranks, math.Float64bits(s))
		hyperball = binary.BigEndian.AppendUint32(hyperball, math.Float32bits(float32(s)))
	}
	for name, data := range map[string][]byte{"pr.txt": []byte(text.String()), "pr.f64": raw, "pr.ranks": ranks, "pr.f32": hyperball, "pr.ids": []byte(ids.String())} {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mustRun(t, "rank", "-top", "0", "-o", "pr.csv", "web.csr")
	want := mustRun(t, "run", "-strategies", "bfs,opic", "-importance-file", "pr.imp", "web.csr")
	for _, c := range []struct{ file, format, scaled string }{
		{"pr.txt", "text", "warning: importance: the scores of pr.txt sum to 10; they were scaled to sum 1\n"},
		{"pr.f64", "float64-le", ""},
		{"pr.ranks", "float64-be", ""},
		{"pr.f32", "float32-be", ""},
		{"pr.ids", "keyed", ""},
		{"pr.csv", "keyed", ""},
	} {
		got := mustRun(t, "run", "-strategies", "bfs,opic", "-importance-file", c.file, "web.csr")
		what := c.format + ", 3000 scores"
		if c.format == "keyed" {
			what += ", column column 2, keyed by page"
			if c.file == "pr.csv" {
				what = "keyed, 3000 scores, column pagerank, keyed by page"
			}
		}
		note := "warning: importance: " + c.file + " (" + what + ") does not say what it holds (only a .imp file does); one PageRank step from it changes it by less than 1e-06 (L1): it is the PageRank of web.csr with damping 0.85\n"

		if !strings.Contains(got, note+c.scaled) {
			t.Errorf("%s: the table lacks %q%q:\n%s", c.file, note, c.scaled, got)
		}
		// The rows: the same figures, to the table's digits.
		rows := func(s string) string {
			return maskTimes(s[strings.Index(s, "\nstrategy "):strings.Index(s, "\nto X%")])
		}
		if line := "importance  from " + c.file + " (a vector that does not say what it holds, taken to be PageRank)\n"; !strings.Contains(got, line) {
			t.Errorf("%s: the table lacks %q", c.file, line)
		}
		if rows(got) != rows(want) {
			t.Errorf("%s:\n%s\nfrom pr.imp:\n%s", c.file, got, want)
		}
	}
}

// TestRunImportanceFileRefused: a vector of another graph, a truncated
// one, an output over the importance file and a personalized importance
// are refused before any output is written.
func TestRunImportanceFileRefused(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "gen", "-n", "2000", "-seed", "1", "-o", "a.csr")
	mustRun(t, "gen", "-n", "2000", "-seed", "2", "-o", "b.csr")
	mustRun(t, "rank", "-top", "0", "-o", "a.imp", "a.csr")
	full, err := os.ReadFile("a.imp")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("cut.imp", full[:1000], 0o644); err != nil {
		t.Fatal(err)
	}
	ga, gb := mustLoadCSR(t, "a.csr"), mustLoadCSR(t, "b.csr")
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"run", "-strategies", "bfs", "-importance-file", "a.imp", "-o", "out.json", "b.csr"}, 1,
			fmt.Sprintf("crawlsim run: a.imp: the importance vector is of another graph (2,000 pages, %s links, fingerprint %016x), not of b.csr (2,000 pages, %s links, fingerprint %016x): give the graph it was computed on, or compute this one's (crawlsim rank -o NAME.imp GRAPH)\n",
				model.Count(ga.NumArcs()), graphio.Fingerprint(ga), model.Count(gb.NumArcs()), graphio.Fingerprint(gb))},
		{[]string{"run", "-strategies", "bfs", "-importance-file", "cut.imp", "-o", "out.json", "a.csr"}, 1,
			fmt.Sprintf("crawlsim run: cut.imp: byte 1000: the file ends at byte 1000; its header announces 2000 pages, %d bytes in all (truncated file)\n", len(full))},
		{[]string{"run", "-importance-file", "a.imp", "-o", "a.imp", "a.csr"}, 2,
			"crawlsim run: -o a.imp: that is the importance file a.imp; choose another output file (see crawlsim help run)\n"},
		{[]string{"run", "-importance-file", "a.imp", "-csv", "./a.imp", "a.csr"}, 2,
			"crawlsim run: -csv ./a.imp: that is the importance file a.imp; choose another output file (see crawlsim help run)\n"},
		{[]string{"run", "-importance", "personalized", "-importance-file", "a.imp", "a.csr"}, 2,
			"crawlsim run: -importance-file gives the pagerank importance; the importance personalized is computed from the seeds, so choose one (see crawlsim help run)\n"},
		{[]string{"rank", "-o", "a.csr", "a.csr"}, 2,
			"crawlsim rank: -o a.csr: that is the graph a.csr; choose another output file (see crawlsim help rank)\n"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != c.status || errOut != c.want {
			t.Errorf("crawlsim %s: status %d, stderr %q\nwant status %d, %q", strings.Join(c.args, " "), status, errOut, c.status, c.want)
		}
	}
	if _, err := os.Stat("out.json"); !os.IsNotExist(err) {
		t.Errorf("a refused run left out.json: %v", err)
	}
	if got, _ := os.ReadFile("a.imp"); string(got) != string(full) {
		t.Errorf("a.imp was changed")
	}
}

// mustLoadCSR reads a .csr file.
func mustLoadCSR(t *testing.T, path string) *graph.Graph {
	t.Helper()
	return readFile(t, path, graphio.ReadCSR)
}

// TestRunImportanceFileOtherKinds: personalized PageRank and HITS
// authorities written by rank -o NAME.imp score the crawls, with a
// warning saying what they are (HITS's, of unit L2 norm, also scaled).
func TestRunImportanceFileOtherKinds(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "gen", "-n", "2000", "-seed", "7", "-o", "web.csr")
	mustRun(t, "rank", "-top", "0", "-seeds", "top-pagerank:5", "-o", "ppr.imp", "web.csr")
	mustRun(t, "rank", "-top", "0", "-hits", "-o", "hits.imp", "web.csr")
	for file, warnings := range map[string][]string{
		"ppr.imp": {"warning: importance: ppr.imp holds personalized pagerank, seeds top-pagerank:5, not uniform PageRank: it scores the crawls, and top-pagerank seeds rank by the PageRank computed here\n"},
		"hits.imp": {"warning: importance: hits.imp holds hits authorities, not uniform PageRank: it scores the crawls, and top-pagerank seeds rank by the PageRank computed here\n",
			"warning: importance: the scores of hits.imp sum to "},
	} {
		out := mustRun(t, "run", "-strategies", "optimal,bfs", "-importance-file", file, "web.csr")
		for _, w := range warnings {
			if !strings.Contains(out, w) {
				t.Errorf("%s: the table lacks %q:\n%s", file, w, out)
			}
		}
	}
}

// importanceReadFrom returns table, a run's table that computed its
// PageRank, with its importance line as the same run reading the vector
// from file writes it: the line ends in ", read from FILE".
func importanceReadFrom(table, file string) string {
	const head = "\nimportance  "
	i := strings.Index(table, head)
	if i < 0 {
		return table
	}
	end := i + 1 + strings.Index(table[i+1:], "\n")
	return table[:end] + ", read from " + file + table[end:]
}

// TestRunImportanceFormatFlags: -importance-format names a layout, and a
// file in the other byte order is refused naming the order it is in;
// -importance-column picks a column; the flags are refused without
// -importance-file or with an unknown format.
func TestRunImportanceFormatFlags(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "gen", "-n", "2000", "-seed", "3", "-o", "web.csr")
	mustRun(t, "rank", "-top", "0", "-hits", "-o", "hits.csv", "web.csr")
	mustRun(t, "rank", "-top", "0", "-o", "pr.imp", "web.csr")
	f, err := os.Open("pr.imp")
	if err != nil {
		t.Fatal(err)
	}
	v, err := graphio.ReadImportance(f, "pr.imp", mustLoadCSR(t, "web.csr"), "web.csr")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var ranks []byte
	for _, s := range v.Scores {
		ranks = binary.BigEndian.AppendUint64(ranks, math.Float64bits(s))
	}
	if err := os.WriteFile("pr.ranks", ranks, 0o644); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, "run", "-strategies", "bfs", "-importance-format", "ranks", "-importance-file", "pr.ranks", "web.csr")
	if !strings.Contains(out, "warning: importance: pr.ranks (float64-be, 2000 scores) does not say what it holds (only a .imp file does); one PageRank step") {
		t.Errorf("pr.ranks as ranks:\n%s", out)
	}
	out = mustRun(t, "run", "-strategies", "bfs", "-importance-file", "hits.csv", "-importance-column", "authority", "web.csr")
	if !strings.Contains(out, "warning: importance: hits.csv (keyed, 2000 scores, column authority, keyed by page) does not say what it holds (only a .imp file does) and is not the PageRank of web.csr with damping 0.85") {
		t.Errorf("hits.csv by authority:\n%s", out)
	}
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"run", "-strategies", "bfs", "-importance-format", "float64-le", "-importance-file", "pr.ranks", "web.csr"}, 1,
			"crawlsim run: pr.ranks: byte 0: read as little-endian float64, the score of page 0 is "},
		{[]string{"run", "-strategies", "bfs", "-importance-file", "hits.csv", "web.csr"}, 1,
			"crawlsim run: hits.csv:1: which column holds the scores? The columns are page, hub, authority, url; choose one as the score column with -importance-column NAME (or its number from 1)\n"},
		{[]string{"run", "-importance-format", "doubles", "-importance-file", "pr.ranks", "web.csr"}, 2,
			`crawlsim run: -importance-format: unknown importance format "doubles": expected one of auto, crawlsim`},
		{[]string{"run", "-importance-format", "ranks", "web.csr"}, 2,
			"crawlsim run: -importance-format says how to read -importance-file, which is not given (see crawlsim help run)\n"},
		{[]string{"run", "-importance-column", "pr_val", "web.csr"}, 2,
			"crawlsim run: -importance-column chooses a column of -importance-file, which is not given (see crawlsim help run)\n"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != c.status || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("crawlsim %s: status %d, stderr %q\nwant status %d, %q", strings.Join(c.args, " "), status, errOut, c.status, c.want)
		}
	}
	_, errOut, _ := crawlsim(t, "run", "-strategies", "bfs", "-importance-format", "float64-le", "-importance-file", "pr.ranks", "web.csr")
	if !strings.Contains(errOut, "the file is big-endian float64, not little-endian float64 (the format float64-be)") {
		t.Errorf("the wrong order is not named: %s", errOut)
	}
}

// TestRunImportanceCSVOfLabels: rank -o NAME.csv of an edge list whose ids
// were renumbered names pages by their ids in the file, and run reads the
// CSV back by those ids: the vector is the graph's PageRank.
func TestRunImportanceCSVOfLabels(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("g.edges", []byte("10 20\n20 30\n30 10\n30 40\n40 50\n50 10\n70 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "rank", "-renumber", "-top", "0", "-o", "pr.csv", "g.edges")
	if csv, _ := os.ReadFile("pr.csv"); !strings.HasPrefix(string(csv), "page,pagerank\n10,") {
		t.Fatalf("pr.csv:\n%s", csv)
	}
	out := mustRun(t, "run", "-renumber", "-strategies", "bfs", "-seeds", "list:70", "-importance-file", "pr.csv", "g.edges")
	if want := "warning: importance: pr.csv (keyed, 6 scores, column pagerank, keyed by page) does not say what it holds (only a .imp file does); one PageRank step from it changes it by less than 1e-06 (L1): it is the PageRank of g.edges with damping 0.85\n"; !strings.Contains(out, want) {
		t.Errorf("the table lacks %q:\n%s", want, out)
	}
}

// javaBinIO is a program for the Java peer: it stores the scores of a
// text file (one a line) with fastutil's BinIO, as LAW's tools write
// NAME.ranks (storeDoubles, big-endian float64) and HyperBall its
// centralities (storeFloats, big-endian float32).
const javaBinIO = `import it.unimi.dsi.fastutil.io.BinIO;
import java.nio.file.*;
public class Store {
	public static void main(String[] a) throws Exception {
		var lines = Files.readAllLines(Path.of(a[0]));
		double[] d = new double[lines.size()];
		float[] f = new float[lines.size()];
		for (int i = 0; i < d.length; i++) { d[i] = Double.parseDouble(lines.get(i)); f[i] = (float) d[i]; }
		BinIO.storeDoubles(d, a[1]);
		BinIO.storeFloats(f, a[2]);
	}
}
`

// TestRunImportanceFromJavaBinIO: vectors that Java's fastutil BinIO
// writes, as LAW's .ranks and HyperBall's floats, are read as big-endian
// float64 and float32 and are the graph's PageRank; named little-endian,
// the .ranks file is refused naming its byte order. Skipped where Java or
// fastutil (Debian's libfastutil-java, see ../shared/peers/webgraph) is
// absent.
func TestRunImportanceFromJavaBinIO(t *testing.T) {
	java, err := exec.LookPath("java")
	if err != nil {
		t.Skip("java is not installed (apt-get install default-jdk-headless libfastutil-java)")
	}
	const fastutil = "/usr/share/java/fastutil.jar"
	if _, err := os.Stat(fastutil); err != nil {
		t.Skipf("fastutil is not installed: %v (apt-get install libfastutil-java)", err)
	}
	t.Chdir(t.TempDir())
	mustRun(t, "gen", "-n", "2000", "-seed", "8", "-o", "web.csr")
	mustRun(t, "rank", "-top", "0", "-o", "pr.imp", "web.csr")
	f, err := os.Open("pr.imp")
	if err != nil {
		t.Fatal(err)
	}
	v, err := graphio.ReadImportance(f, "pr.imp", mustLoadCSR(t, "web.csr"), "web.csr")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for _, s := range v.Scores {
		fmt.Fprintf(&text, "%v\n", s)
	}
	if err := os.WriteFile("pr.txt", []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("Store.java", []byte(javaBinIO), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(java, "-cp", fastutil, "Store.java", "pr.txt", "pr.ranks", "pr.floats").CombinedOutput(); err != nil {
		t.Fatalf("java: %v\n%s", err, out)
	}
	for file, format := range map[string]string{"pr.ranks": "float64-be", "pr.floats": "float32-be"} {
		out := mustRun(t, "run", "-strategies", "bfs", "-importance-file", file, "web.csr")
		if want := "warning: importance: " + file + " (" + format + ", 2000 scores) does not say what it holds (only a .imp file does); one PageRank step from it changes it by less than 1e-06 (L1)"; !strings.Contains(out, want) {
			t.Errorf("%s: the table lacks %q:\n%s", file, want, out)
		}
	}
	_, errOut, status := crawlsim(t, "run", "-strategies", "bfs", "-importance-format", "float64-le", "-importance-file", "pr.ranks", "web.csr")
	if status != 1 || !strings.Contains(errOut, "the file is big-endian float64, not little-endian float64 (the format float64-be)") {
		t.Errorf("pr.ranks named float64-le: status %d, %s", status, errOut)
	}
}

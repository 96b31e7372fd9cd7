package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/seeds"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// crawlsim runs the program in-process and returns stdout, stderr and the
// exit status.
func crawlsim(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	status := runMain(context.Background(), args, &out, &errOut)
	return out.String(), errOut.String(), status
}

// isInstant reports whether the command named name only prints
// (command.instant), and so ends without its done line.
func isInstant(name string) bool {
	for _, c := range commands() {
		if c.name == name {
			return c.instant
		}
	}
	return false
}

// mustRun runs crawlsim and fails the test unless it exits 0, and
// unless stderr ends with the command's done line (nothing at all for a
// command that only prints).
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, status := crawlsim(t, args...)
	if status != 0 {
		t.Fatalf("crawlsim %s: status %d\nstderr: %s", strings.Join(args, " "), status, errOut)
	}
	if len(args) > 0 && isInstant(args[0]) {
		if errOut != "" {
			t.Fatalf("crawlsim %s: stderr %q; want nothing from a command that only prints", strings.Join(args, " "), errOut)
		}
		return out
	}
	if !regexp.MustCompile(`crawlsim \w+: done in [^;\s]+(; wrote .+)?\n$`).MatchString(errOut) {
		t.Fatalf("crawlsim %s: stderr does not end by saying how long it took: %q", strings.Join(args, " "), errOut)
	}
	return out
}

// readFile opens path and reads it with read, which names the file in its
// errors, failing the test on an error.
func readFile[T any](t *testing.T, path string, read func(io.Reader, string) (T, error)) T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := read(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// readCSV reads the CSV file path, failing the test on an error.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	return readFile(t, path, func(r io.Reader, name string) ([][]string, error) {
		rows, err := csv.NewReader(r).ReadAll()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return rows, nil
	})
}

// testdataDir is this package's testdata folder, found before any test
// changes the working folder.
var testdataDir, _ = filepath.Abs("testdata")

// golden compares got with testdata/NAME, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(testdataDir, name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test -update rewrites it)\n--- got\n%s--- want\n%s", path, got, want)
	}
}

func TestUsage(t *testing.T) {
	if _, errOut, status := crawlsim(t); status != 2 || !strings.Contains(errOut, "commands:") {
		t.Errorf("no arguments: status %d, stderr %q; want 2 and the usage", status, errOut)
	}
	if _, errOut, status := crawlsim(t, "crawl"); status != 2 || !strings.Contains(errOut, `unknown command "crawl"`) {
		t.Errorf("unknown command: status %d, stderr %q", status, errOut)
	}
	out, _, status := crawlsim(t, "help")
	if status != 0 {
		t.Fatalf("help: status %d", status)
	}
	for _, c := range []string{"gen", "convert", "info", "rank"} {
		if !strings.Contains(out, "\n  "+c+" ") {
			t.Errorf("help does not list %s:\n%s", c, out)
		}
	}
	// The summaries start in one column, two spaces after the longest
	// name ("strategies" once ran into its summary).
	column := -1
	for _, line := range strings.Split(out, "\n") {
		name, summary, ok := strings.Cut(strings.TrimPrefix(line, "  "), " ")
		if !strings.HasPrefix(line, "  ") || !ok || findCommand(name) == nil {
			continue
		}
		at := len(line) - len(strings.TrimLeft(summary, " "))
		if column == -1 {
			column = at
		}
		if at != column || line[at-2:at] != "  " {
			t.Errorf("help: the summary of %s starts at column %d, want %d after two spaces:\n%s", name, at, column, out)
		}
	}
	out, _, status = crawlsim(t, "help", "rank")
	if status != 0 || !strings.Contains(out, "-seeds SPEC") || !strings.Contains(out, "usage: crawlsim rank") {
		t.Errorf("help rank: status %d, output:\n%s", status, out)
	}
	if out, _, status := crawlsim(t, "info", "-h"); status != 0 || !strings.Contains(out, "-urls FILE") {
		t.Errorf("info -h: status %d, stdout:\n%s", status, out)
	}
	if _, errOut, status := crawlsim(t, "info", "-nosuchflag", "x"); status != 2 || !strings.Contains(errOut, "nosuchflag") {
		t.Errorf("unknown flag: status %d, stderr %q", status, errOut)
	}
}

// TestHelpTakesOneCommand: help with more than one word refuses them, as
// every command refuses arguments it does not take, instead of showing the
// first command's help and dropping the rest.
func TestHelpTakesOneCommand(t *testing.T) {
	out, errOut, status := crawlsim(t, "help", "run", "seeds")
	if status != 2 || out != "" || !strings.Contains(errOut, `crawlsim help: takes one command, got ["run" "seeds"]`) {
		t.Errorf("help run seeds: status %d, stdout %q, stderr %q; want 2, nothing, and the words refused", status, out, errOut)
	}
}

// TestHelpThatCannotBeWrittenFails: help on a stdout that refuses it
// (a full disk) exits 1 and says why, as every command's output does.
func TestHelpThatCannotBeWrittenFails(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"help", "run"}, {"-h"}, {"run", "-h"}} {
		var errOut bytes.Buffer
		status := runMain(context.Background(), args, fullWriter{}, &errOut)
		want := "crawlsim help: no space left on device"
		if args[0] == "run" {
			want = "crawlsim run: no space left on device"
		}
		if status != 1 || !strings.Contains(errOut.String(), want) {
			t.Errorf("%s on a full stdout: status %d, stderr %q; want 1 and the write's error", strings.Join(args, " "), status, errOut.String())
		}
	}
}

// fullWriter refuses every write, as a file on a full disk does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestDoneLineNamesTheFilesWritten: the line that ends a command names
// the files it wrote, unless the command said so itself (gen, convert);
// an output on stdout is not a file.
func TestDoneLineNamesTheFilesWritten(t *testing.T) {
	dir := t.TempDir()
	g := filepath.Join(dir, "g.csr")
	out, errOut, status := crawlsim(t, "gen", "-quiet", "-n", "300", "-o", g)
	if status != 0 || !strings.HasPrefix(out, "wrote "+g+" (csr)") || strings.Contains(errOut, "wrote") {
		t.Errorf("gen: status %d, stdout %q, stderr %q; want its own line on stdout and none on stderr", status, out, errOut)
	}
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.csv")
	_, errOut, status = crawlsim(t, "run", "-quiet", "-strategies", "bfs", "-o", a, "-csv", b, g)
	if want := "; wrote " + a + " and " + b + "\n"; status != 0 || !strings.HasSuffix(errOut, want) {
		t.Errorf("run: status %d, stderr %q; want it to end with %q", status, errOut, want)
	}
	imp := filepath.Join(dir, "g.imp")
	_, errOut, status = crawlsim(t, "rank", "-quiet", "-top", "1", "-o", imp, g)
	if want := "; wrote " + imp + "\n"; status != 0 || !strings.HasSuffix(errOut, want) {
		t.Errorf("rank: status %d, stderr %q; want it to end with %q", status, errOut, want)
	}
	_, errOut, status = crawlsim(t, "run", "-quiet", "-strategies", "bfs", "-o", "-", g)
	if status != 0 || strings.Contains(errOut, "wrote") {
		t.Errorf("run -o -: status %d, stderr %q; want no file named", status, errOut)
	}
	rep := filepath.Join(dir, "rep")
	_, errOut, status = crawlsim(t, "reproduce", "-quiet", "-n", "300", "-o", rep, "001")
	if want := "; wrote " + filepath.Join(rep, "report.md") + ", "; status != 0 || !strings.Contains(errOut, want) {
		t.Errorf("reproduce -o DIR: status %d, stderr %q; want the report named first, %q", status, errOut, want)
	}
	if got, want := wroteText([]string{"a", "b", "c", "d", "e", "f"}), "; wrote a, b, c and 3 more"; got != want {
		t.Errorf("six files: %q; want %q", got, want)
	}
	if got, want := wroteText([]string{"a", "b", "c", "d"}), "; wrote a, b, c and d"; got != want {
		t.Errorf("four files: %q; want %q", got, want)
	}
}

func TestFlagsAreCheckedBeforeLoading(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.edges")
	out := filepath.Join(dir, "x.csr")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"rank", "-d", "1.5", missing}, "-d 1.5 is outside (0, 1]"},
		{[]string{"rank", "-d", "0", missing}, "-d 0 is outside (0, 1]"},
		{[]string{"rank", "-tol", "0", missing}, "-tol 0 is not a positive number below 1"},
		{[]string{"rank", "-tol", "5", missing}, "-tol 5 is not a positive number below 1"},
		{[]string{"rank", "-seeds", "random:0", missing}, "-seeds"},
		{[]string{"rank", "-hits", "-seeds", "1,2", missing}, "-seeds is a PageRank flag"},
		{[]string{"rank", "-hits", "-tol", "5", missing}, "-tol is a PageRank flag"},
		{[]string{"rank", "-hits-iter", "5", missing}, "-hits-iter needs -hits"},
		{[]string{"rank", "-seed", "3", missing}, "-seed needs -seeds random:K"},
		{[]string{"convert", "-o", out, "-urls-out", out, missing}, "name the same file"},
		{[]string{"convert", "-to", "png", "-o", out, missing}, "-to png: expected edges, graph-txt, bvgraph or csr"},
		{[]string{"rank", "-seeds", "host-roots", filepath.Join(dir, "g.graph-txt")}, "needs hosts"},
		{[]string{"rank", "-o", dir, missing}, "that is a folder"},
		{[]string{"convert", "-o", out, "-urls-out", filepath.Join(dir, "u.txt"), filepath.Join(dir, "g.graph")}, "no URLs to write"},
		{[]string{"info", "-format", "png", missing}, "-format"},
		{[]string{"convert", missing}, "-o FILE is required"},
		{[]string{"convert", "-o", "x.graph.gz", missing}, "a BVGraph is written uncompressed"},
		{[]string{"gen", "-n", "-5", "-o", out}, "-n -5 is out of range: want 1 to 4,294,967,295"},
		{[]string{"gen", "-intra", "1.5", "-o", out}, "-intra 1.5 is out of range"},
		{[]string{"gen", "-n", "10", "-degree", "8", "-o", out}, "at most 4.5"},
		{[]string{"gen", "-degree", "0", "-o", out}, "-degree 0 is out of range: want a positive number, at most 49,999.5"},
		{[]string{"gen", "extra", "-o", out}, "takes no arguments"},
		{[]string{"gen", "-o", "/no/such/folder/x.csr"}, "does not exist"},
		{[]string{"info"}, "expected one graph file"},
	}
	for _, c := range cases {
		_, errOut, status := crawlsim(t, c.args...)
		if status != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("crawlsim %v: status %d, stderr %q; want status 2 and %q", c.args, status, errOut, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a refused command wrote %d files", len(entries))
	}
	// A missing file is a failure (1), not a usage error, and names the file.
	if _, errOut, status := crawlsim(t, "info", missing); status != 1 || !strings.Contains(errOut, missing) {
		t.Errorf("missing graph: status %d, stderr %q", status, errOut)
	}
}

// TestRenumberedEdgeList checks that the pages of an edge list whose ids
// are not 0..n-1 are shown, written and chosen by the file's own ids when
// -renumber numbers them densely, and that without it the ids are the
// page numbers, with nothing dropped.
func TestRenumberedEdgeList(t *testing.T) {
	dir := t.TempDir()
	graphFile := filepath.Join(dir, "one-based.edges")
	// Pages 1, 2 and 3: 1→2, 2→3, 3→3. Page 3 holds most of the rank.
	os.WriteFile(graphFile, []byte("1 2\n2 3\n3 3\n"), 0o644)
	out, errOut, _ := crawlsim(t, "info", graphFile)
	if !regexp.MustCompile(`pages\s+4\n`).MatchString(out) || strings.Contains(errOut, "renumbered") {
		t.Errorf("ids as given: want pages 0 to 3 and no note:\n%s%s", out, errOut)
	}
	_, errOut, _ = crawlsim(t, "info", "-renumber", graphFile)
	if !strings.Contains(errOut, "note: the ids of "+graphFile+" are renumbered densely: 3 pages, 1 unused ids dropped\n") {
		t.Errorf("-renumber does not say what it dropped: %q", errOut)
	}
	out = mustRun(t, "rank", "-renumber", "-top", "1", graphFile)
	if !regexp.MustCompile(`\n\s+1\s+3\s+0\.8`).MatchString(out) {
		t.Errorf("rank does not show the file's id 3 as the best page:\n%s", out)
	}
	out = mustRun(t, "rank", "-renumber", "-json", "-seeds", "1", "-top", "1", graphFile)
	if !strings.Contains(out, `"trusted": [`+"\n    0") || !strings.Contains(out, `"id": "3"`) {
		t.Errorf("-seeds 1 should trust the file's page 1 (page 0 inside) and report ids:\n%s", out)
	}
	csvFile := filepath.Join(dir, "pr.csv")
	mustRun(t, "rank", "-renumber", "-top", "0", "-o", csvFile, graphFile)
	if b, _ := os.ReadFile(csvFile); !strings.HasPrefix(string(b), "page,pagerank\n1,") {
		t.Errorf("the CSV does not name pages by the file's ids:\n%s", b)
	}
	seedsFile := filepath.Join(dir, "seeds.txt")
	os.WriteFile(seedsFile, []byte("# trusted pages\n3\n99\n"), 0o644)
	_, errOut, status := crawlsim(t, "rank", "-renumber", "-seeds", "list:"+seedsFile, graphFile)
	if status != 1 || !strings.Contains(errOut, seedsFile+`:3: the graph has no page "99"`) {
		t.Errorf("a seed file with an unknown page: status %d, stderr %q", status, errOut)
	}
	_, errOut, status = crawlsim(t, "rank", "-seeds", "list:"+filepath.Join(dir, "nofile.txt"), graphFile)
	if status != 1 || !strings.Contains(errOut, "nofile.txt: cannot read it: no such file or directory; an item alone that is neither a page id") {
		t.Errorf("a missing seed file: status %d, stderr %q", status, errOut)
	}
	// -1 is no page id: it names a file, which says why when it is missing
	_, errOut, status = crawlsim(t, "rank", "-seeds", "list:-1", graphFile)
	if want := "-seeds list:-1: cannot read it: no such file or directory; an item alone that is neither a page id (a number from 0) nor a URL names a file of seeds"; status != 1 || !strings.Contains(errOut, want) {
		t.Errorf("list:-1: status %d, stderr %q; want %q", status, errOut, want)
	}
	_, errOut, _ = crawlsim(t, "convert", "-renumber", "-o", filepath.Join(dir, "g.csr"), graphFile)
	if !strings.Contains(errOut, "renumbered 0..2") {
		t.Errorf("convert does not say the pages were renumbered: %q", errOut)
	}
}

func TestFormatAutoFollowsTheName(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web.csr")
	mustRun(t, "gen", "-n", "300", "-seed", "2", "-o", web)
	// host-roots needs hosts, which a .csr may hold: -format auto must see that.
	mustRun(t, "rank", "-format", "auto", "-seeds", "host-roots", web)
	mustRun(t, "convert", "-to", "auto", "-o", filepath.Join(dir, "copy.graph-txt"), web)
}

func TestBadInputNamesFileAndLine(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.edges")
	os.WriteFile(bad, []byte("# two good lines, then one id\n0 1\n1 2\n7\n"), 0o644)
	_, errOut, status := crawlsim(t, "info", bad)
	if status != 1 || !strings.Contains(errOut, bad+":4:") {
		t.Errorf("bad edge list: status %d, stderr %q; want status 1 naming %s:4:", status, errOut, bad)
	}
	// A failed conversion leaves no output file behind.
	out := filepath.Join(dir, "out.csr")
	if _, _, status := crawlsim(t, "convert", "-o", out, bad); status != 1 {
		t.Errorf("convert of a bad file: status %d, want 1", status)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("after a failed convert the folder holds %d files, want only bad.edges", len(entries))
	}
}

func TestWriteOutputsIsAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "graph.csr"), filepath.Join(dir, "graph.urls")
	os.WriteFile(first, []byte("old"), 0o644)
	e := &env{stdout: io.Discard, stderr: io.Discard}
	err := writeOutputs(context.Background(), e,
		output{path: first, write: func(w io.Writer) error { _, err := w.Write([]byte("new graph")); return err }},
		output{path: second, write: func(w io.Writer) error {
			w.Write([]byte("half of a file"))
			return errors.New("disk on fire")
		}})
	if err == nil || !strings.Contains(err.Error(), "disk on fire") || !strings.Contains(err.Error(), second) {
		t.Fatalf("err = %v, want the write error naming %s", err, second)
	}
	if b, _ := os.ReadFile(first); string(b) != "old" {
		t.Errorf("the first output was replaced by %q although the second failed", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the folder, want only the old graph.csr", len(entries))
	}

	// A cancelled context stops the writing and leaves nothing.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = writeOutputs(ctx, e, output{path: second, write: func(w io.Writer) error {
		for range 1000 {
			if _, err := w.Write(make([]byte, 1<<12)); err != nil {
				return err
			}
		}
		return nil
	}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled write: err = %v, want context.Canceled", err)
	}
	if _, err := os.Stat(second); err == nil {
		t.Error("a cancelled write left its file")
	}

	// A good write replaces the file and keeps its mode.
	os.Chmod(first, 0o600)
	if err := writeOutputs(context.Background(), e, output{path: first, write: func(w io.Writer) error { _, err := w.Write([]byte("new")); return err }}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(first); string(b) != "new" {
		t.Errorf("after a good write the file holds %q", b)
	}
	if st, _ := os.Stat(first); st.Mode().Perm() != 0o600 {
		t.Errorf("the rewritten file has mode %v, want the old 0600", st.Mode().Perm())
	}
}

// TestWriteOutputsInMemory: an output made in memory that fails costs
// neither the other outputs nor a file: the others are written, the error
// names the one that failed and those written, and no temporary file is
// left or named.
func TestWriteOutputsInMemory(t *testing.T) {
	dir := t.TempDir()
	result, chart := filepath.Join(dir, "r.json"), filepath.Join(dir, "c.svg")
	os.WriteFile(chart, []byte("old chart"), 0o644)
	e := &env{stdout: io.Discard, stderr: io.Discard}
	err := writeOutputs(context.Background(), e,
		output{path: result, inMemory: true, write: func(w io.Writer) error { _, err := w.Write([]byte("{}")); return err }},
		output{path: chart, inMemory: true, write: func(w io.Writer) error {
			w.Write([]byte("<svg"))
			return errors.New("no curve to plot")
		}})
	if err == nil || err.Error() != "cannot make "+chart+": no curve to plot (written: "+result+")" {
		t.Errorf("err = %v; want the chart's failure and the result written", err)
	}
	if b, _ := os.ReadFile(result); string(b) != "{}" {
		t.Errorf("the result holds %q, want {}", b)
	}
	if b, _ := os.ReadFile(chart); string(b) != "old chart" {
		t.Errorf("the chart that failed replaced the old one with %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in the folder, want r.json and c.svg", len(entries))
	}

	// An output whose folder went away names the output, not a temporary
	// file.
	gone := filepath.Join(dir, "gone")
	err = writeOutputs(context.Background(), e, output{path: filepath.Join(gone, "r.json"), inMemory: true, write: func(w io.Writer) error { return nil }})
	if err == nil || strings.Contains(err.Error(), ".tmp") || !strings.Contains(err.Error(), filepath.Join(gone, "r.json")) {
		t.Errorf("err = %v; want one naming %s and no temporary file", err, filepath.Join(gone, "r.json"))
	}
}

// TestOutputFolderProbe: an output folder in which no file can be made is
// refused before anything runs, naming the flag, the path and the folder,
// never a temporary file. /proc takes no new files, even from root.
func TestOutputFolderProbe(t *testing.T) {
	if st, err := os.Stat("/proc/self"); err != nil || !st.IsDir() {
		t.Skip("no /proc here: no folder that refuses new files to every user")
	}
	// Refused before the run: no table is printed.
	out, errOut, status := crawlsim(t, "run", "-n", "100000", "-o", "/proc/r.json")
	if status != 1 || out != "" || !strings.Contains(errOut, "-o /proc/r.json: cannot make a file in folder /proc") || strings.Contains(errOut, ".tmp") {
		t.Errorf("status %d, stdout %q, stderr %q; want status 1 naming -o /proc/r.json and its folder, and no table", status, out, errOut)
	}
}

// docExamples returns the command lines of the package doc's example block
// that follows the line containing marker, without the leading "crawlsim".
func docExamples(t *testing.T, marker string) [][]string {
	t.Helper()
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(doc), marker)
	if !ok {
		t.Fatalf("doc.go has no example block after %q", marker)
	}
	var cmds [][]string
	for _, line := range strings.Split(block, "\n")[1:] {
		line = strings.TrimPrefix(line, "//")
		if strings.TrimSpace(line) == "" && len(cmds) > 0 {
			break
		}
		if f := strings.Fields(line); len(f) > 1 && f[0] == "crawlsim" {
			cmds = append(cmds, f[1:])
		}
	}
	if len(cmds) == 0 {
		t.Fatalf("doc.go's block after %q holds no command", marker)
	}
	return cmds
}

// TestExamples runs the manual's examples (doc.go) in a fresh folder and
// compares each one's output with testdata/example-N.txt. The golden files
// were written by this program (go test -update) and checked by reading
// them: the statistics of the .csr and of the edge list with its URL list
// agree, and the CSV's PageRank sums to 1 (asserted below).
func TestExamples(t *testing.T) {
	examples := docExamples(t, "Examples, in a fresh folder")
	t.Chdir(t.TempDir())
	var outputs []string
	for k, args := range examples {
		out := mustRun(t, args...)
		outputs = append(outputs, out)
		golden(t, fmt.Sprintf("example-%d.txt", k+1), "$ crawlsim "+strings.Join(args, " ")+"\n"+out)
	}
	// info of the .csr and of the edge list + URL list differ only in the name.
	if strings.ReplaceAll(outputs[3], "web.edges", "web.csr") != outputs[1] {
		t.Errorf("info of the edge list with its URL list differs from info of the .csr:\n%s\nvs\n%s", outputs[3], outputs[1])
	}
	rows := readCSV(t, "pagerank.csv")
	if len(rows) != 1001 || strings.Join(rows[0], ",") != "page,pagerank,url" {
		t.Fatalf("pagerank.csv: %d rows, header %v; want 1001 rows and page,pagerank,url", len(rows), rows[0])
	}
	sum := 0.0
	for _, r := range rows[1:] {
		v, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		sum += v
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("PageRank in pagerank.csv sums to %.12f, want 1", sum)
	}
}

func TestJSONOutputs(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web.csr")
	mustRun(t, "gen", "-n", "200", "-seed", "1", "-o", web)
	for _, args := range [][]string{{"gen", "-json", "-n", "50", "-o", filepath.Join(dir, "g.csr")}, {"convert", "-json", "-o", filepath.Join(dir, "g.graph-txt"), web}, {"info", "-json", web}, {"rank", "-json", web}, {"rank", "-json", "-hits", web}} {
		out := mustRun(t, args...)
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Errorf("crawlsim %v: not JSON: %v\n%s", args, err, out)
		}
	}
}

// TestRealData runs the manual's examples on the real crawls in
// ../shared/data when they are there, and checks their figures against the
// data's README.
func TestRealData(t *testing.T) {
	data, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(data, "cs-stanford")); err != nil {
		t.Skipf("real data not found at %s: %v", data, err)
	}
	examples := docExamples(t, "On the real crawls in ../shared/data")
	t.Chdir(t.TempDir())
	var outputs []string
	for _, args := range examples {
		for k := range args {
			args[k] = strings.ReplaceAll(args[k], "$D", data)
		}
		outputs = append(outputs, mustRun(t, args...))
	}
	// Figures from ../shared/data/README.md: 9,914 pages, 36,854 links,
	// 1,299 self-loops, 1,457 links between hosts, 21 hosts.
	for _, want := range []string{"pages             9,914", "links             36,854", "self-loops        1,299", "hosts             21", "inter-host links  1,457"} {
		if !strings.Contains(outputs[0], want) {
			t.Errorf("info of cs-stanford.edges lacks %q:\n%s", want, outputs[0])
		}
	}
	// The BVGraph encoding of the same graph gives the same statistics.
	if strings.ReplaceAll(outputs[1], "cs-stanford.graph", "cs-stanford.edges") != outputs[0] {
		t.Errorf("cs-stanford: BVGraph and edge list statistics differ:\n%s\n%s", outputs[1], outputs[0])
	}
	if !strings.Contains(outputs[2], "325,557 pages, 3,216,152 links") {
		t.Errorf("convert of cnr-2000: %s", outputs[2])
	}
	if !strings.Contains(outputs[3], "pagerank: d=0.85, 68 iterations") {
		t.Errorf("PageRank of cnr-2000 did not converge in the 68 iterations the rank package's tests measured:\n%s", outputs[3])
	}
	if !strings.Contains(outputs[4], "160 trusted pages") {
		t.Errorf("personalized PageRank of cnr-2000: %s", outputs[4])
	}
}

// TestSeedListCommentStaysOneLine: seeds -o writes its comment on one line
// even when the graph's file name holds a newline, so the list reads back
// as the seeds alone (a comment spilling onto a second line would be read
// by list:FILE as an item).
func TestSeedListCommentStaysOneLine(t *testing.T) {
	dir := t.TempDir()
	graphPath := filepath.Join(dir, "web\nnext.csr")
	list := filepath.Join(dir, "seeds.txt")
	var stdout, stderr strings.Builder
	if status := runMain(context.Background(), []string{"gen", "-n", "3000", "-hosts", "30", "-o", graphPath}, &stdout, &stderr); status != 0 {
		t.Fatalf("gen: status %d: %s", status, stderr.String())
	}
	if status := runMain(context.Background(), []string{"seeds", "-k", "2", "-o", list, graphPath}, &stdout, &stderr); status != 0 {
		t.Fatalf("seeds: status %d: %s", status, stderr.String())
	}
	f, err := os.Open(list)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	spec, err := seeds.ReadList(f, list)
	if err != nil || len(spec.Items) != 2 {
		t.Fatalf("the list reads back as %q, %v; want the 2 seeds", spec.Items, err)
	}
}

// TestForceStopDiesOfTheSecondSignal: once a stop signal has cancelled the
// work, a second one ends the process at once, without the grace time;
// with none, the grace time's end does, by the first signal.
func TestForceStopDiesOfTheSecondSignal(t *testing.T) {
	signals := make(chan os.Signal, 1)
	never := make(chan time.Time)
	var died []os.Signal
	signals <- os.Kill
	forceStop(os.Interrupt, signals, never, func(s os.Signal) { died = append(died, s) })
	if len(died) != 1 || died[0] != os.Kill {
		t.Errorf("a second signal after SIGINT: died of %v, want the second at once", died)
	}
	died = nil
	expired := make(chan time.Time, 1)
	expired <- time.Time{}
	forceStop(os.Interrupt, make(chan os.Signal), expired, func(s os.Signal) { died = append(died, s) })
	if len(died) != 1 || died[0] != os.Interrupt {
		t.Errorf("the grace time over: died of %v, want the first signal, interrupt", died)
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// crawlsim runs the program in-process and returns stdout, stderr and the
// exit status.
func crawlsim(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, &out, &errOut)
	if err != nil {
		errOut.WriteString(err.Error() + "\n")
	}
	return out.String(), errOut.String(), exitStatus(err)
}

// mustRun runs crawlsim and fails the test unless it exits 0.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, status := crawlsim(t, args...)
	if status != 0 {
		t.Fatalf("crawlsim %s: status %d\nstderr: %s", strings.Join(args, " "), status, errOut)
	}
	if !regexp.MustCompile(`crawlsim \w+: done in \S+\n$`).MatchString(errOut) {
		t.Fatalf("crawlsim %s: stderr does not end by saying how long it took: %q", strings.Join(args, " "), errOut)
	}
	return out
}

// golden compares got with testdata/NAME, or rewrites it under -update.
// tmp is replaced by "TMP" so that outputs naming files are stable.
func golden(t *testing.T, name, got, tmp string) {
	t.Helper()
	got = strings.ReplaceAll(got, tmp, "TMP")
	path := filepath.Join("testdata", name)
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
	out, _, status = crawlsim(t, "help", "rank")
	if status != 0 || !strings.Contains(out, "-seeds SPEC") || !strings.Contains(out, "usage: crawlsim rank") {
		t.Errorf("help rank: status %d, output:\n%s", status, out)
	}
	if _, errOut, status := crawlsim(t, "info", "-h"); status != 0 || !strings.Contains(errOut, "-urls FILE") {
		t.Errorf("info -h: status %d, stderr:\n%s", status, errOut)
	}
	if _, errOut, status := crawlsim(t, "info", "-nosuchflag", "x"); status != 2 || !strings.Contains(errOut, "nosuchflag") {
		t.Errorf("unknown flag: status %d, stderr %q", status, errOut)
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
		{[]string{"rank", "-d", "1.5", missing}, "-d must be in (0,1]"},
		{[]string{"rank", "-d", "0", missing}, "-d must be in (0,1]"},
		{[]string{"rank", "-tol", "0", missing}, "-tol must be positive"},
		{[]string{"rank", "-seeds", "random:0", missing}, "-seeds"},
		{[]string{"rank", "-hits", "-seeds", "1,2", missing}, "HITS takes no seeds"},
		{[]string{"info", "-format", "png", missing}, "-format"},
		{[]string{"convert", missing}, "-o FILE is required"},
		{[]string{"convert", "-o", "x.graph", missing}, "BVGraph is not supported"},
		{[]string{"gen", "-n", "-5", "-o", out}, "gen"},
		{[]string{"gen", "-intra", "1.5", "-o", out}, "gen"},
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

func TestWriteFileAtomicLeavesNothingOnError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "result.csv")
	os.WriteFile(path, []byte("old"), 0o644)
	err := writeFileAtomic(path, func(w io.Writer) error {
		w.Write([]byte("half of a file"))
		return errors.New("disk on fire")
	})
	if err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("the old file was changed to %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("a temporary file was left behind: %d entries", len(entries))
	}
}

// TestExamples runs the manual's commands on a small generated graph and
// compares their output with golden files. The golden files were written by
// this program (go test -update) and checked by reading them: the stats
// agree between the .csr and the edge list + URL list, PageRank sums to 1.
func TestExamples(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web.csr")
	golden(t, "gen.txt", mustRun(t, "gen", "-n", "400", "-hosts", "5", "-seed", "7", "-o", web), dir)
	info := mustRun(t, "info", web)
	golden(t, "info.txt", info, dir)

	edges, urls := filepath.Join(dir, "web.edges"), filepath.Join(dir, "web.urls")
	golden(t, "convert.txt", mustRun(t, "convert", "-o", edges, "-urls-out", urls, web), dir)
	info2 := mustRun(t, "info", "-urls", urls, edges)
	if strings.ReplaceAll(info2, edges, web) != info {
		t.Errorf("info of the edge list with its URL list differs from info of the .csr:\n%s\nvs\n%s", info2, info)
	}

	golden(t, "rank.txt", mustRun(t, "rank", "-top", "5", web), dir)
	golden(t, "rank-hits.txt", mustRun(t, "rank", "-hits", "-top", "3", web), dir)
	golden(t, "rank-seeds.txt", mustRun(t, "rank", "-seeds", "host-roots", "-top", "3", web), dir)

	scores := filepath.Join(dir, "pr.csv")
	mustRun(t, "rank", "-top", "0", "-o", scores, web)
	f, err := os.Open(scores)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 401 || strings.Join(rows[0], ",") != "page,pagerank,url" {
		t.Fatalf("pr.csv: %d rows, header %v; want 401 rows and page,pagerank,url", len(rows), rows[0])
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
		t.Errorf("PageRank in pr.csv sums to %.12f, want 1", sum)
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

// TestRealData reads the real crawls in ../shared/data when they are there.
func TestRealData(t *testing.T) {
	data := filepath.Join("..", "..", "..", "shared", "data")
	stanford := filepath.Join(data, "cs-stanford")
	if _, err := os.Stat(stanford); err != nil {
		t.Skipf("real data not found at %s: %v", data, err)
	}
	out := mustRun(t, "info", "-json", "-urls", filepath.Join(stanford, "cs-stanford.urls"), filepath.Join(stanford, "cs-stanford.edges"))
	var s struct{ Pages, Hosts int }
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	// Figures from ../shared/data/README.md.
	if s.Pages != 9914 || s.Hosts != 21 {
		t.Errorf("cs-stanford: %d pages, %d hosts; want 9914 and 21", s.Pages, s.Hosts)
	}
	// The BVGraph encoding of the same graph gives the same statistics.
	bv := mustRun(t, "info", "-json", "-urls", filepath.Join(stanford, "cs-stanford.urls"), filepath.Join(stanford, "cs-stanford.graph"))
	strip := regexp.MustCompile(`"file": "[^"]*",`)
	if strip.ReplaceAllString(bv, "") != strip.ReplaceAllString(out, "") {
		t.Errorf("cs-stanford: BVGraph and edge list statistics differ:\n%s\n%s", bv, out)
	}

	cnr := filepath.Join(data, "cnr-2000", "cnr-2000.graph")
	dir := t.TempDir()
	csrPath := filepath.Join(dir, "cnr.csr")
	mustRun(t, "convert", "-o", csrPath, cnr)
	out = mustRun(t, "rank", "-json", "-top", "3", csrPath)
	var r struct {
		Iterations int
		Converged  bool
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !r.Converged || r.Iterations < 10 {
		t.Errorf("PageRank of cnr-2000: %+v", r)
	}
}

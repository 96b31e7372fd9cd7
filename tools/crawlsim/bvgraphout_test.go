package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedData returns the path of a file of ../shared/data, or skips the
// test when it is missing.
func sharedData(t *testing.T, rel string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", rel))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("real data %s not available (%v); it lives in ../shared/data, see its README", p, err)
	}
	return p
}

// readBytes reads a file or fails the test.
func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// paddedPrefix reports whether got is want but for trailing zero bytes of
// want.
func paddedPrefix(got, want []byte) bool {
	return len(got) <= len(want) && bytes.Equal(got, want[:len(got)]) && len(bytes.Trim(want[len(got):], "\x00")) == 0
}

// convert -o NAME.graph writes LAW's cnr-2000 as LAW's files (but their
// trailing zero padding), and convert -transpose writes LAW's cnr-2000-t.
func TestConvertBVGraphCNR2000(t *testing.T) {
	in := sharedData(t, "cnr-2000/cnr-2000.graph")
	lawT := sharedData(t, "cnr-2000/cnr-2000-t.graph")
	law := strings.TrimSuffix(in, ".graph")
	dir := t.TempDir()
	out := mustRun(t, "convert", "-o", filepath.Join(dir, "cnr.graph"), in)
	if want := "(BVGraph, with cnr.offsets and cnr.properties): 325,557 pages, 3,216,152 links, 2.897 bits a link\n"; !strings.HasSuffix(out, want) {
		t.Errorf("convert said %q, want it to end with %q", out, want)
	}
	for _, ext := range []string{".graph", ".offsets"} {
		if !paddedPrefix(readBytes(t, filepath.Join(dir, "cnr"+ext)), readBytes(t, law+ext)) {
			t.Errorf("cnr%s is not LAW's cnr-2000%s but for its padding", ext, ext)
		}
	}
	mustRun(t, "convert", "-transpose", "-o", filepath.Join(dir, "cnr-t.graph"), in)
	if !paddedPrefix(readBytes(t, filepath.Join(dir, "cnr-t.graph")), readBytes(t, lawT)) {
		t.Error("cnr-t.graph is not LAW's cnr-2000-t.graph")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// gen -o NAME.graph streams the graph gen -o NAME.csr holds: converting
// the .csr gives the same three files. The transpose of the transpose
// (once in memory through a .csr, once offline) is the graph again.
func TestGenBVGraphStreamed(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	out := mustRun(t, "gen", "-n", "3000", "-seed", "5", "-o", p("g.graph"))
	if !strings.Contains(out, "wrote "+p("g.graph")+" (BVGraph, with g.offsets and g.properties): 3,000 pages, ") {
		t.Errorf("gen said %q", out)
	}
	mustRun(t, "gen", "-n", "3000", "-seed", "5", "-o", p("g.csr"))
	mustRun(t, "convert", "-o", p("h.graph"), p("g.csr"))
	mustRun(t, "convert", "-transpose", "-o", p("t.csr"), p("g.csr"))
	mustRun(t, "convert", "-transpose", "-o", p("tt.graph"), p("t.csr"))
	for _, ext := range []string{".graph", ".offsets", ".properties"} {
		g := readBytes(t, p("g"+ext))
		if !bytes.Equal(g, readBytes(t, p("h"+ext))) {
			t.Errorf("g%s streamed by gen differs from h%s converted from g.csr", ext, ext)
		}
		if !bytes.Equal(g, readBytes(t, p("tt"+ext))) {
			t.Errorf("tt%s, the transpose of the transpose, differs from g%s", ext, ext)
		}
	}
	// Other parameters write another file of the same graph.
	mustRun(t, "convert", "-window", "0", "-min-interval", "0", "-zeta-k", "1", "-max-ref", "-1", "-o", p("odd.graph"), p("g.graph"))
	mustRun(t, "convert", "-o", p("back.csr"), p("odd.graph"))
	mustRun(t, "convert", "-o", p("g-links.csr"), p("g.graph"))
	if !bytes.Equal(readBytes(t, p("back.csr")), readBytes(t, p("g-links.csr"))) {
		t.Error("g.graph written without references or intervals is another graph")
	}
	props := string(readBytes(t, p("odd.properties")))
	for _, kv := range []string{"\nwindowsize=0\n", "\nminintervallength=0\n", "\nzetak=1\n", "\nmaxrefcount=2147483647\n"} {
		if !strings.Contains(props, kv) {
			t.Errorf("odd.properties lacks %q:\n%s", kv, props)
		}
	}
}

// gen -o NAME.graph -urls-out FILE streams the URLs too, within a memory
// limit that holding the graph exceeds: the graph and its URL list read
// back as the .csr gen writes of the same parameters, byte for byte, so
// the hosts survive.
func TestGenBVGraphStreamedURLs(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	args := []string{"gen", "-n", "200000", "-seed", "7", "-locality", "0.9"}
	t.Setenv(memoryEnv, "25MB")
	out := mustRun(t, append(args, "-o", p("g.graph"), "-urls-out", p("g.urls.gz"))...)
	if !strings.Contains(out, "wrote "+p("g.urls.gz")+": 200,000 URLs, 1,000 hosts") {
		t.Errorf("gen said %q", out)
	}
	t.Setenv(memoryEnv, "1GB")
	mustRun(t, append(args, "-o", p("g.csr"))...)
	mustRun(t, "convert", "-urls", p("g.urls.gz"), "-o", p("back.csr"), p("g.graph"))
	if !bytes.Equal(readBytes(t, p("g.csr")), readBytes(t, p("back.csr"))) {
		t.Error("g.graph with g.urls.gz converted to .csr differs from the .csr gen writes")
	}
}

// A BVGraph output must be a file named NAME.graph, uncompressed, and its
// parameters need it and must be in range: usage errors, before any work,
// that name the flag and its range as help gives it (-max-ref takes -1).
func TestConvertBVGraphUsage(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "g.csr")
	mustRun(t, "gen", "-n", "50", "-o", in)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", filepath.Join(dir, "x.graph.gz")}, "a BVGraph is written uncompressed"},
		{[]string{"-o", filepath.Join(dir, "x.offsets")}, "name a BVGraph by its .graph file"},
		{[]string{"-to", "bvgraph", "-o", filepath.Join(dir, "x.bin")}, "name a BVGraph by its .graph file"},
		{[]string{"-to", "bvgraph", "-o", "-"}, "a BVGraph is three files"},
		{[]string{"-window", "3", "-o", filepath.Join(dir, "x.csr")}, "-window: the BVGraph parameters need a BVGraph output"},
		{[]string{"-zeta-k", "0", "-o", filepath.Join(dir, "x.graph")}, "crawlsim convert: -zeta-k 0: want 1 to 62 (see"},
		{[]string{"-min-interval", "1", "-o", filepath.Join(dir, "x.graph")}, "crawlsim convert: -min-interval 1: want 0 (no intervals) or 2 to 1073741824 (see"},
		{[]string{"-window", "-2", "-o", filepath.Join(dir, "x.graph")}, "crawlsim convert: -window -2: want 0 (no copies) to 65536 (see"},
		{[]string{"-max-ref", "-2", "-o", filepath.Join(dir, "x.graph")}, "crawlsim convert: -max-ref -2: want -1 (unbounded) or 0 to 2147483647 (see"},
	} {
		_, errOut, status := crawlsim(t, append(append([]string{"convert"}, c.args...), in)...)
		if status != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("convert %v: status %d, %q; want status 2 and %q", c.args, status, errOut, c.want)
		}
	}
	// An output may not replace an input, nor the input's other files.
	g := filepath.Join(dir, "g.graph")
	mustRun(t, "convert", "-o", g, in)
	_, errOut, status := crawlsim(t, "convert", "-o", g, g)
	if status != 2 || !strings.Contains(errOut, "that is the graph") {
		t.Errorf("convert onto its input: status %d, %q", status, errOut)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "x*")); len(left) != 0 {
		t.Errorf("files written by refused commands: %v", left)
	}
}

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// gunzipFile returns the decompressed bytes of path, failing the test
// unless it is gzip data.
func gunzipFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s is not gzip data: %v", path, err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return plain
}

// TestGraphOutputGzipByName: an output named *.gz (convert's and gen's
// -o, -urls-out) is written gzip-compressed, so that it reads back
// (crawlsim and zcat both take it) as the same graph; before, convert
// -o h.gz.edges.gz wrote a plain edge list under a .gz name. Its bytes
// decompress to those the same output without .gz gets.
func TestGraphOutputGzipByName(t *testing.T) {
	dir := t.TempDir()
	graph := writeFile(t, dir, "h.edges", "0 1\n1 2\n2 0\n2 3\n")
	urls := writeFile(t, dir, "h.urls", "http://a.org/\nhttp://a.org/x\nhttp://b.org/\nhttp://c.org/\n")
	csr := filepath.Join(dir, "h.csr")
	mustRun(t, "convert", "-urls", urls, "-o", csr, graph)
	for _, name := range []string{"h.gz.edges", "h.graph-txt", "copy.csr"} {
		plain, zipped := filepath.Join(dir, name), filepath.Join(dir, name+".gz")
		mustRun(t, "convert", "-o", plain, csr)
		out := mustRun(t, "convert", "-o", zipped, csr)
		if !strings.Contains(out, "gzip") {
			t.Errorf("convert -o %s does not say it compressed: %q", name+".gz", out)
		}
		want, err := os.ReadFile(plain)
		if err != nil {
			t.Fatal(err)
		}
		if got := gunzipFile(t, zipped); !bytes.Equal(got, want) {
			t.Errorf("%s.gz decompresses to %d bytes, not the %d of %s", name, len(got), len(want), name)
		}
		info := mustRun(t, "info", zipped)
		if !regexp.MustCompile(`(?m)^pages +4$`).MatchString(info) || !regexp.MustCompile(`(?m)^links +4$`).MatchString(info) {
			t.Errorf("info %s.gz:\n%s", name, info)
		}
	}
	// -urls-out too.
	mustRun(t, "convert", "-o", filepath.Join(dir, "u.edges"), "-urls-out", filepath.Join(dir, "u.urls.gz"), csr)
	if got, want := string(gunzipFile(t, filepath.Join(dir, "u.urls.gz"))), "http://a.org/\nhttp://a.org/x\nhttp://b.org/\nhttp://c.org/\n"; got != want {
		t.Errorf("-urls-out u.urls.gz holds %q, want %q", got, want)
	}
	// gen, whose .csr is otherwise streamed into a file it seeks in.
	gz := filepath.Join(dir, "g.csr.gz")
	mustRun(t, "gen", "-n", "300", "-o", gz)
	plain := filepath.Join(dir, "g.csr")
	mustRun(t, "gen", "-n", "300", "-o", plain)
	want, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	if got := gunzipFile(t, gz); !bytes.Equal(got, want) {
		t.Errorf("gen -o g.csr.gz decompresses to %d bytes, not the %d of gen -o g.csr", len(got), len(want))
	}
}

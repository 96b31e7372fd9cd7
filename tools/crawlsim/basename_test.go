package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// csStanfordInTempDir returns the folder of cs-stanford's BVGraph in
// ../shared/data, as an absolute path, and moves the test into a folder
// of its own.
func csStanfordInTempDir(t *testing.T) string {
	t.Helper()
	data, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "cs-stanford"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(data, "cs-stanford.graph")); err != nil {
		t.Skipf("no BVGraph to read: %v", err)
	}
	t.Chdir(t.TempDir())
	return data
}

// TestWebGraphBasename: a BVGraph named by its basename, as LAW's tools
// name it, is read from NAME.graph; a folder holding NAME/NAME.graph,
// and a basename with a .properties but no .graph, are refused with what
// to give instead.
func TestWebGraphBasename(t *testing.T) {
	data := csStanfordInTempDir(t)
	if err := os.Mkdir("web", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".graph", ".properties"} {
		b, err := os.ReadFile(filepath.Join(data, "cs-stanford"+ext))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("web", "web"+ext), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	byName := mustRun(t, "info", filepath.Join("web", "web"))
	if !strings.HasPrefix(byName, "graph           "+filepath.Join("web", "web.graph")+"\n") || !strings.Contains(byName, "pages           9,914\n") {
		t.Errorf("info web/web:\n%s", byName)
	}
	_, errOut, status := crawlsim(t, "info", "web")
	if want := "crawlsim info: web is a folder, not a file; did you mean " + filepath.Join("web", "web.graph") + "?\n"; status != 1 || errOut != want {
		t.Errorf("info web: status %d, %q; want 1, %q", status, errOut, want)
	}
	if err := os.Rename(filepath.Join("web", "web.graph"), filepath.Join("web", "other.graph")); err != nil {
		t.Fatal(err)
	}
	_, errOut, _ = crawlsim(t, "info", filepath.Join("web", "web"))
	if !strings.Contains(errOut, "web.properties is there: a BVGraph is read from NAME.graph beside it, which is missing") {
		t.Errorf("info web/web without web.graph: %q", errOut)
	}
}

// TestWebGraphBasenameEverywhere: run, like info, rank and seeds, reads a
// BVGraph named by its basename (run refused it: "cannot read web: no
// such file or directory"), and so do -transpose and -previous, which a
// LAW user names the same way (web-t for web-t.graph).
func TestWebGraphBasenameEverywhere(t *testing.T) {
	data := csStanfordInTempDir(t)
	for _, ext := range []string{".graph", ".properties"} {
		b, err := os.ReadFile(filepath.Join(data, "cs-stanford"+ext))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("web"+ext, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mustRun(t, "convert", "-quiet", "-transpose", "-o", "web-t.graph", "web.graph")
	for _, args := range [][]string{
		{"run", "-quiet", "-budget", "10", "-strategies", "bfs", "web"},
		{"run", "-quiet", "-budget", "10", "-strategies", "bfs", "-transpose", "web-t", "web.graph"},
		{"rank", "-quiet", "-top", "1", "-transpose", "web-t", "web"},
		{"run", "-quiet", "-budget", "10", "-strategies", "hist-pagerank-zero", "-previous", "web", "web"},
	} {
		if out, errOut, status := crawlsim(t, args...); status != 0 || out == "" {
			t.Errorf("crawlsim %s: status %d, %s", strings.Join(args, " "), status, errOut)
		}
	}
}

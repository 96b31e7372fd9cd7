package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReproduceReportGroupsTheGraphsCounts: report.md describes its
// graph with thousands separators, as the rest of the report does:
// cs-stanford has "9,914 pages", never "9914 pages".
func TestReproduceReportGroupsTheGraphsCounts(t *testing.T) {
	t.Chdir(t.TempDir())
	var b strings.Builder
	for i := range 1200 {
		fmt.Fprintf(&b, "%d %d\n%d %d\n", i, (i+1)%1200, i, (i*7+3)%1200)
	}
	if err := os.WriteFile("ring.edges", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	// The graph is named by its full path, as the scenario files name it.
	for _, c := range []struct{ dir, args, want string }{
		{"gen", "-n 2000 -o gen 003", "- graph: generated web: 2,000 pages, 10 hosts, "},
		{"file", "-o file 003 ring.edges", "- graph: " + filepath.Join(wd, "ring.edges") + " (1,200 pages, 2,400 links, no hosts)"},
	} {
		mustRun(t, append([]string{"reproduce"}, strings.Fields(c.args)...)...)
		md, err := os.ReadFile(filepath.Join(c.dir, "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(md), c.want) {
			t.Errorf("reproduce %s: report.md lacks %q:\n%.300s", c.args, c.want, md)
		}
	}
}

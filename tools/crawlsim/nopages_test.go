package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGraphWithNoPagesRefused: a graph file with no pages (a 0-byte edge
// list, WebGraph ASCII announcing 0 pages) is refused by every command
// that reads a graph, naming the file, and convert writes nothing; before,
// info printed "pages 0" and run failed later with "seeds: the graph has
// no pages", which named no file.
func TestGraphWithNoPagesRefused(t *testing.T) {
	dir := t.TempDir()
	empty := writeFile(t, dir, "empty.edges", "")
	zero := writeFile(t, dir, "zero.graph-txt", "0\n")
	for _, c := range []struct{ path, want string }{
		{empty, empty + ": holds no pages: a graph needs at least one page"},
		{zero, zero + ":1: the first line announces 0 pages, so the file holds no pages: a graph needs at least one page"},
	} {
		out := filepath.Join(dir, "out.csr")
		for _, args := range [][]string{
			{"info", c.path},
			{"run", c.path},
			{"rank", c.path},
			{"convert", "-o", out, c.path},
		} {
			checkFails(t, 1, args, c.want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("convert of %s left %s (stat: %v)", c.path, out, err)
		}
	}
}

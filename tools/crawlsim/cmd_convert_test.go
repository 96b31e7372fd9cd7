package main

import (
	"strings"
	"testing"
)

// TestOutputNamedForAnotherFormat: a graph that -to writes in a format
// its name does not say (y.bin as csr, g.txt as graph-txt) would be read
// back as an edge list, and refused as binary or misread: convert and gen
// say so and name the -format that reads it. A name that says the format,
// and the standard output, get no note.
func TestOutputNamedForAnotherFormat(t *testing.T) {
	inputFiles(t)
	for _, c := range []struct {
		args []string
		note string
	}{
		{[]string{"convert", "-to", "csr", "-o", "y.bin", "g.edges"}, "note: y.bin is read as an edge list by its name; read it back with -format csr, or name it NAME.csr"},
		{[]string{"gen", "-n", "50", "-to", "graph-txt", "-o", "g.txt"}, "note: g.txt is read as an edge list by its name; read it back with -format graph-txt, or name it NAME.graph-txt"},
		{[]string{"gen", "-n", "50", "-to", "csr", "-o", "h"}, "note: h is read as an edge list by its name; read it back with -format csr"},
		{[]string{"convert", "-to", "csr", "-o", "y.csr", "g.edges"}, ""},
		{[]string{"convert", "-to", "csr", "-o", "-", "g.edges"}, ""},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		switch {
		case status != 0:
			t.Errorf("crawlsim %s: status %d, stderr %q", strings.Join(c.args, " "), status, errOut)
		case c.note == "" && strings.Contains(errOut, "read back with"):
			t.Errorf("crawlsim %s: stderr %q; want no note", strings.Join(c.args, " "), errOut)
		case !strings.Contains(errOut, c.note):
			t.Errorf("crawlsim %s: stderr %q does not say %q", strings.Join(c.args, " "), errOut, c.note)
		}
	}
	mustRun(t, "info", "-format", "graph-txt", "g.txt")
}

package main

import (
	"os"
	"strings"
	"testing"
)

// TestConvertToContradictingName: -to a format that the -o name's
// extension contradicts is refused naming both, before anything is
// written (convert -o x.csr -to edges wrote an edge list that 'crawlsim
// info x.csr' then refused); a -to the name agrees with, or a name that
// implies no format, is written.
func TestConvertToContradictingName(t *testing.T) {
	inputFiles(t)
	for _, c := range []struct{ to, out, want string }{
		{"edges", "x.csr", "-to edges contradicts -o x.csr, whose name makes it a .csr file"},
		{"csr", "x.graph-txt", "-to csr contradicts -o x.graph-txt, whose name makes it a WebGraph ASCII file"},
		{"graph-txt", "x.edges.gz", "-to graph-txt contradicts -o x.edges.gz, whose name makes it an edge list"},
	} {
		args := []string{"convert", "-to", c.to, "-o", c.out, "g.edges"}
		_, errOut, status := crawlsim(t, args...)
		if status != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("crawlsim %s: status %d, stderr %q; want 2 and %q", strings.Join(args, " "), status, errOut, c.want)
		}
		if _, err := os.Stat(c.out); err == nil {
			t.Errorf("%s was written", c.out)
		}
	}
	mustRun(t, "convert", "-to", "csr", "-o", "y.csr", "g.edges")
	mustRun(t, "convert", "-to", "csr", "-o", "y.bin", "g.edges")
	mustRun(t, "info", "-format", "csr", "y.bin")
}

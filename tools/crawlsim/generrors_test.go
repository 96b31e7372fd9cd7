package main

import "testing"

// TestGenProblemsNameTheFlags: crawlsim gen says a generator parameter's
// problem with the flag typed, all on one line (it said "hosts 5,000 is
// more than ..." and began a second line "gen: intra-host share 2 ...").
func TestGenProblemsNameTheFlags(t *testing.T) {
	_, errOut, status := crawlsim(t, "gen", "-n", "1000", "-hosts", "5000", "-intra", "2", "-o", t.TempDir()+"/g.csr")
	want := "crawlsim gen: -hosts 5,000 is more than the 1,000 pages: at most 1,000, since every host needs a page; -intra 2 is out of range: want a number from 0 to 1 (see crawlsim help gen)\n"
	if status != 2 || errOut != want {
		t.Errorf("status %d, stderr %q; want 2 and %q", status, errOut, want)
	}
	for _, c := range [][]string{{"-host-exp", "9"}, {"-degree-exp", "9"}, {"-copy", "2"}, {"-locality", "2"}} {
		_, errOut, _ := crawlsim(t, "gen", c[0], c[1], "-o", t.TempDir()+"/g.csr")
		if want := "crawlsim gen: " + c[0] + " " + c[1] + " is "; len(errOut) < len(want) || errOut[:len(want)] != want {
			t.Errorf("gen %s %s: stderr %q; want it to begin %q", c[0], c[1], errOut, want)
		}
	}
}

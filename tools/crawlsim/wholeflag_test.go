package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestPagesInENotation: -n written with an exponent is the whole number it
// writes, so that one too large gets the limit's message, as its digits do
// ("-n 1e12" is not "expected a whole number" while "-n 1000000000000 is
// out of range: want 1 to 4,294,967,295"); the refusal says it in digits.
// A number that is not whole is still refused as such.
func TestPagesInENotation(t *testing.T) {
	dir := t.TempDir()
	checkFails(t, 2, []string{"run", "-n", "1e12"}, "-n 1000000000000 is out of range: want 1 to 4,294,967,295")
	checkFails(t, 2, []string{"gen", "-n", "1e12", "-o", dir + "/g.csr"}, "-n 1000000000000 is out of range: want 1 to 4,294,967,295")
	// reproduce names its flag too, not the scenario's field
	// (graph.generate.pages).
	checkFails(t, 2, []string{"reproduce", "-n", "1e12", "all"}, "crawlsim reproduce: -n 1000000000000 is out of range: want 100 to 4,294,967,295")
	checkFails(t, 2, []string{"run", "-n", "1.5"}, "-n 1.5: expected a whole number")
	checkFails(t, 2, []string{"run", "-n", "1e99"}, "-n 1e99: out of range for a whole number")
	// Read as a scenario file's numbers are (model.WholeNumber):
	// strconv.ParseFloat took these as 1 and 16.
	checkFails(t, 2, []string{"run", "-n", "1.0000000000000001"}, "-n 1.0000000000000001: expected a whole number")
	checkFails(t, 2, []string{"run", "-n", "0x1p4"}, "-n 0x1p4: expected a whole number")
	out := mustRun(t, "gen", "-n", "2e2", "-o", dir+"/g.edges")
	if want := "200 pages"; !strings.Contains(out, want) {
		t.Errorf("gen -n 2e2: %q; want %q", out, want)
	}
}

// TestBudgetInENotation: run's -budget, an int64, reads a whole number
// written with an exponent as -n does ("-budget 5e4" once said "expected
// a whole number"), and still refuses one that is not whole.
func TestBudgetInENotation(t *testing.T) {
	out := mustRun(t, "run", "-n", "300", "-budget", "1e2", "-strategies", "bfs")
	if want := "budget      100 pages per crawl"; !strings.Contains(out, want) {
		t.Errorf("run -budget 1e2: the table does not say %q:\n%s", want, out)
	}
	checkFails(t, 2, []string{"run", "-n", "300", "-budget", "1.5"}, "-budget 1.5: expected a whole number")
	checkFails(t, 2, []string{"run", "-n", "300", "-budget", "1e99"}, "-budget 1e99: out of range for a whole number")
	checkFails(t, 2, []string{"run", "-n", "300", "-budget", "-1e2"}, "-budget -100 is negative")
}

// TestNumbersAreDecimal: every whole-number flag reads decimal digits, as
// a scenario file and the page's fields read them (formcheck): "010" is
// 10 and "0x10" is refused. The flag package's int and uint64 flags read
// "010" as octal 8 and "0x10" as 16, so that -random-seed 010 ran another
// crawl than the page's random seed 010.
func TestNumbersAreDecimal(t *testing.T) {
	dir := t.TempDir()
	out := mustRun(t, "gen", "-n", "010", "-o", dir+"/g.edges")
	if want := "10 pages"; !strings.Contains(out, want) {
		t.Errorf("gen -n 010: %q; want %q", out, want)
	}
	checkFails(t, 2, []string{"gen", "-n", "0x10", "-o", dir + "/h.edges"}, "-n 0x10: expected a whole number")
	for _, c := range [][]string{
		{"gen", "-seed", "0x10", "-o", dir + "/h.edges"},
		{"run", "-random-seed", "0x10"},
		{"rank", "-seed", "0o7", dir + "/g.edges"},
		{"seeds", "-random-seed", "0b1", dir + "/g.edges"},
		{"refresh", "-seed", "1e2"},
		{"reproduce", "-random-seed", "0x1", "004"},
	} {
		checkFails(t, 2, c, c[0]+": "+c[1]+" "+c[2]+": expected a whole number, 0 or more")
	}
	var seed uint64
	f := seedFlag{&seed}
	for s, want := range map[string]uint64{"010": 10, "0": 0, "18446744073709551615": 1<<64 - 1} {
		if err := f.Set(s); err != nil || seed != want {
			t.Errorf("seed %q: %d, %v; want %d", s, seed, err, want)
		}
	}
	if err := f.Set("18446744073709551616"); err == nil || err.Error() != "value out of range" {
		t.Errorf("seed 2^64: %v; want value out of range", err)
	}
	mustRun(t, "run", "-n", "300", "-strategies", "random", "-random-seed", "010", "-o", dir+"/a.json")
	a, err := os.ReadFile(dir + "/a.json")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`"random_seed":\s*10,`).Match(a) {
		t.Errorf("run -random-seed 010 did not run seed 10:\n%.600s", a)
	}
}

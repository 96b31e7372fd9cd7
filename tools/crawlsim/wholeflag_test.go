package main

import (
	"strings"
	"testing"
)

// TestPagesInENotation: -n written with an exponent is the whole number it
// writes, so that one too large gets the limit's message, as its digits do
// ("-n 1e12" is not "expected a whole number" while "-n 1000000000000 is
// too many: at most 4,294,967,295"). A number that is not whole is still
// refused as such.
func TestPagesInENotation(t *testing.T) {
	dir := t.TempDir()
	checkFails(t, 2, []string{"run", "-n", "1e12"}, "-n 1,000,000,000,000 is too many: at most 4,294,967,295")
	checkFails(t, 2, []string{"gen", "-n", "1e12", "-o", dir + "/g.csr"}, "-n 1,000,000,000,000 is too many: at most 4,294,967,295")
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
	checkFails(t, 2, []string{"run", "-n", "300", "-budget", "-1e2"}, "-budget: -100 is negative")
}

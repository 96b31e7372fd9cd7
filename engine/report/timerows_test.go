package report

import (
	"strings"
	"testing"
)

// TestTimeRows checks that TimeRows gives the cells of the simulated-time
// table Table prints (the page shows them): each row, joined by spaces,
// is a line of Table's output once runs of spaces are squeezed, and the
// untimed reference is listed apart.
func TestTimeRows(t *testing.T) {
	r := timedResult()
	head, rows, _, untimed := TimeRows(r)
	if len(rows) != len(r.Strategies)-1 || len(untimed) != 1 || untimed[0] != "optimal" {
		t.Fatalf("TimeRows: %d rows, untimed %v; want a row per timed strategy and optimal untimed", len(rows), untimed)
	}
	var b strings.Builder
	if err := Table(&b, r); err != nil {
		t.Fatal(err)
	}
	lines := map[string]bool{}
	for _, line := range strings.Split(b.String(), "\n") {
		lines[strings.Join(strings.Fields(line), " ")] = true
	}
	for _, row := range append([][]string{head}, rows...) {
		if want := strings.Join(strings.Fields(strings.Join(row, " ")), " "); !lines[want] {
			t.Errorf("row %q is not a line of Table's output:\n%s", want, b.String())
		}
	}
	if _, rows, _, _ := TimeRows(sampleResult()); len(rows) != 0 {
		t.Errorf("an untimed result has %d time rows", len(rows))
	}
}

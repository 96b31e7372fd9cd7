package report

import (
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// The run table writes every count with thousands separators, as its header
// does ("5,000 pages"): the downloads column and the "to X%" columns too,
// not "5000" and "2548" under such a header. The CSV and the JSON keep
// plain digits for programs. The columns still align: every line of the
// comparison table has its cells' right edges (or the label's left edge) in
// the header's places.
func TestTableCountsGroupDigits(t *testing.T) {
	r := sampleResult()
	// sampleResult's figures scaled by 1,000: bfs downloads 10,000 pages
	// and reaches 50% at 3,000, the rest as its levels say.
	r.Graph.Pages, r.Reachable = 12000, 10000
	for i := range r.Strategies {
		s := &r.Strategies[i]
		s.Summary.Downloads *= 1000
		for j := range s.Summary.DownloadsTo {
			d := &s.Summary.DownloadsTo[j]
			d.Actual *= 1000
			if d.Guaranteed > 0 {
				d.Guaranteed *= 1000
			}
		}
	}
	r.Strategies[1].Cost.PriorityUpdates = 2000 // bfs: written in full below 10,000
	r.Scenario.Politeness = &scenario.Politeness{Connections: 1500}
	out := string(render(t, func(w io.Writer) error { return Table(w, r) }))
	for _, want := range []string{
		"\nbfs                    10,000    0.6280  0.6280  0.200      3,000      8,000      9,000      10,000  2,000 upd",
		"\nrankmass               10,000    0.7460  0.7460  0.956  2,000/n/a  6,000/n/a  7,000/n/a  10,000/n/a  40 upd",
		"politeness  1,500 connections,",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	csv := string(render(t, func(w io.Writer) error { return CSV(w, r) }))
	if strings.Contains(csv, "10,000") {
		t.Errorf("the CSV groups digits:\n%s", csv)
	}

	lines := strings.Split(out, "\n")
	head := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "strategy ") {
			head = i
		}
	}
	if head < 0 {
		t.Fatalf("no header line in\n%s", out)
	}
	// The right edges of the downloads and the "to 98%" columns: where
	// the header's words end, every row's cell ends.
	for _, column := range []string{"downloads", "to 98%"} {
		end := utf8.RuneCountInString(lines[head][:strings.Index(lines[head], column)+len(column)])
		for _, l := range lines[head+1 : head+1+len(r.Strategies)] {
			cells := []rune(l)
			if len(cells) < end || cells[end-1] == ' ' || (len(cells) > end && cells[end] != ' ') {
				t.Errorf("row %q: the %s column does not end at column %d, under the header", l, column, end)
			}
		}
	}
}

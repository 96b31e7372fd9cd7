package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// factLine returns the header line of Table's output that starts with
// name, "" when there is none.
func factLine(t *testing.T, r *scenario.Result, name string) string {
	t.Helper()
	out := string(render(t, func(w io.Writer) error { return Table(w, r) }))
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, name) {
			return line
		}
	}
	t.Fatalf("no %q line in:\n%s", name, out)
	return ""
}

// TestTableImportanceFromFile: the header describes the importance that
// scores the run as its file says it is (scenario.ImportanceSummary of an
// importance file: kind, damping, seeds, iterations), not as the
// scenario's uniform PageRank with its damping (0.85 in sampleResult); a
// computed importance keeps its line.
func TestTableImportanceFromFile(t *testing.T) {
	for _, c := range []struct {
		imp  model.ImportanceSummary
		want string
	}{
		{model.ImportanceSummary{Kind: model.ImportancePageRank, Iterations: 42},
			"importance  pagerank, d=0.85 (42 iterations)"},
		{model.ImportanceSummary{Kind: model.ImportanceHITSAuthorities, Iterations: 60, File: "h.imp.gz"},
			"importance  HITS authorities (60 iterations), read from h.imp.gz"},
		{model.ImportanceSummary{Kind: model.ImportanceHITSHubs, Iterations: 60, File: "h.imp"},
			"importance  HITS hubs (60 iterations), read from h.imp"},
		{model.ImportanceSummary{Kind: model.ImportancePageRank, Damping: 0.5, Iterations: 18, File: "d5.imp"},
			"importance  pagerank, d=0.5 (18 iterations), read from d5.imp"},
		{model.ImportanceSummary{Kind: model.ImportancePersonalized, Damping: 0.85, Seeds: "top-pagerank:10", Iterations: 61, File: "hp.imp"},
			"importance  personalized, seeds top-pagerank:10, d=0.85 (61 iterations), read from hp.imp"},
		{model.ImportanceSummary{Kind: model.ImportanceUnknown, File: "pr.txt"},
			"importance  from pr.txt (a vector that does not say what it holds, taken to be PageRank)"},
		// A result written before the summary recorded the file's kind:
		// another engine's vector had no iterations.
		{model.ImportanceSummary{Kind: model.ImportancePageRank, File: "old.txt"},
			"importance  from old.txt (a vector that does not say what it holds, taken to be PageRank)"},
	} {
		r := sampleResult()
		r.Importance = c.imp
		if got := factLine(t, r, "importance"); got != c.want {
			t.Errorf("%+v:\n got %q\nwant %q", c.imp, got, c.want)
		}
	}
}

// TestTablePersonalizedFileHidesGuarantees: the guarantees bound the
// personalized PageRank of the run's own seeds, which an importance
// file's personalized vector (of the seeds it names) need not be, so they
// stay "n/a" as with any other importance file.
func TestTablePersonalizedFileHidesGuarantees(t *testing.T) {
	r := sampleResult()
	r.Importance = model.ImportanceSummary{Kind: model.ImportancePersonalized, Damping: 0.85, Seeds: "top-pagerank:10", Iterations: 61, File: "hp.imp"}
	out := string(render(t, func(w io.Writer) error { return Table(w, r) }))
	if !strings.Contains(out, "2/n/a") || !strings.Contains(out, "not the personalized PageRank read from hp.imp scoring this run") {
		t.Errorf("a personalized importance file: rankmass's guarantee is shown, or the note does not name the file:\n%s", out)
	}
}

// TestTableLongSeedList: a seed list of many pages (run -seeds list:FILE
// puts every item in the scenario, which the JSON keeps to be run again)
// is abbreviated in the header to its first items and its count; a short
// one is written whole.
func TestTableLongSeedList(t *testing.T) {
	r := sampleResult()
	items := make([]string, 400)
	for i := range items {
		items[i] = fmt.Sprintf("http://www.hollins.edu/page/%d.htm", i)
	}
	items[1] = `"http://www.hollins.edu/q?a=1,2"` // quoted: holds a comma
	r.Scenario.Seeds = "list:" + strings.Join(items, ",")
	r.Seeds = make([]uint32, 400)
	line := factLine(t, r, "seeds")
	want := `seeds       list:http://www.hollins.edu/page/0.htm,"http://www.hollins.edu/q?a=1,2",… (400 items): 400 pages, reaching 10`
	if line != want {
		t.Errorf("seeds line of %d characters:\n got %q\nwant %q", utf8.RuneCountInString(line), line, want)
	}
	data := render(t, func(w io.Writer) error { return JSON(w, r) })
	if !bytes.Contains(data, []byte(items[399])) {
		t.Errorf("the JSON lost the seed list's last item")
	}

	r.Scenario.Seeds = "list:1,2,3"
	if line, want := factLine(t, r, "seeds"), "seeds       list:1,2,3: 400 pages, reaching 10"; line != want {
		t.Errorf("short list:\n got %q\nwant %q", line, want)
	}
	// A first item longer than seedListShown (72) is cut there.
	r.Scenario.Seeds = "list:http://example.org/" + strings.Repeat("a", 200) + ",http://example.org/b"
	want = "seeds       list:http://example.org/" + strings.Repeat("a", 72-len("http://example.org/")) + "… (2 items): 400 pages, reaching 10"
	if line := factLine(t, r, "seeds"); line != want {
		t.Errorf("a list whose first item is long:\n got %q\nwant %q", line, want)
	}
}

// TestUndefinedTau: a summary without a tau (undefined: a sample of fewer
// than two pages, or of pages of equal importance) shows — in the table
// and leaves "tau" out of the JSON, as the JSON leaves out a threshold's
// time that does not exist.
func TestUndefinedTau(t *testing.T) {
	r := sampleResult()
	r.Strategies = r.Strategies[1:2]
	r.Strategies[0].Summary.Tau, r.Strategies[0].Summary.TauSample = nil, 1
	_, rows, _ := Rows(r)
	if rows[0][4] != none {
		t.Errorf("tau cell %q, want %s", rows[0][4], none)
	}
	data := render(t, func(w io.Writer) error { return JSON(w, r) })
	if bytes.Contains(data, []byte(`"tau":`)) || !bytes.Contains(data, []byte(`"tau_sample":1`)) {
		t.Errorf("JSON writes a tau, or no sample size: %s", data)
	}
}

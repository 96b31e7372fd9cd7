package main

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// studyOf runs the default scenario on 400 pages with the strategies ids,
// in that order.
func studyOf(t *testing.T, ids ...string) *scenario.Result {
	t.Helper()
	s := scenario.Default()
	s.Graph.Generate.Pages = 400
	s.Strategies = nil
	for _, id := range ids {
		s.Strategies = append(s.Strategies, scenario.Strategy{ID: id})
	}
	r, err := scenario.Run(context.Background(), s, scenario.Env{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var swatchStroke = regexp.MustCompile(`<line[^>]* stroke="(#[0-9A-Fa-f]{6})"(?: stroke-dasharray="([^"]*)")?`)

// TestPageOrderAndLooksMatchTheCommandLine: the page lists a study's
// strategies in the command line's order (the reference, then the
// catalogue's), in its metrics table and its legend, whatever order the
// scenario gave; and each strategy's swatch has the colour and dash the
// command line's chart (report.SVG with the engine's catalogue) gives
// its id in another study.
func TestPageOrderAndLooksMatchTheCommandLine(t *testing.T) {
	want := []string{"optimal", "bfs", "opic", "omniscient", "fpr"}
	res := studyOf(t, "fpr", "omniscient", "opic", "bfs", "optimal")
	data, err := scenario.MarshalResult(res)
	if err != nil {
		t.Fatal(err)
	}
	a := NewApp("", "")
	a.runDone(protocol.Response{Kind: protocol.KindResult, Result: data})
	if a.Error != "" {
		t.Fatal(a.Error)
	}
	var rows, legend []string
	for _, r := range a.MetricsRows {
		rows = append(rows, r[0])
	}
	if !slices.Equal(rows, want) {
		t.Errorf("the metrics table lists %q, want %q", rows, want)
	}
	looks := map[string][]string{}
	for _, e := range a.Legend {
		legend = append(legend, e.Label)
		looks[e.Label] = swatchStroke.FindStringSubmatch(e.Swatch)[1:]
	}
	if !slices.Equal(legend, want) {
		t.Errorf("the legend lists %q, want %q", legend, want)
	}

	// The command line's chart of another study, whose other strategies
	// come before these in the catalogue.
	other := studyOf(t, "fpr", "random", "opic", "backlink", "omniscient")
	var b strings.Builder
	if err := report.SVG(&b, other, report.ChartOptions{Catalogue: scenario.Catalogue().Strategies}); err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, m := range regexp.MustCompile(`<polyline stroke="(#[0-9A-Fa-f]{6})"(?: stroke-dasharray="([^"]*)")?[^>]*><title>([^<]*)</title>`).FindAllStringSubmatch(b.String(), -1) {
		page, ok := looks[m[3]]
		if ok && !slices.Equal(page, m[1:3]) {
			t.Errorf("%s: the page draws %q, the command line %q", m[3], page, m[1:3])
		}
		if ok {
			compared++
		}
	}
	if compared != 3 {
		t.Errorf("compared %d strategies' looks, want 3 (opic, omniscient, fpr)", compared)
	}
}

// TestAnnounceSaysWhatIsShown: when a comparison arrives, the live region
// says what shows it: the chart and the table on the full page, the chart
// in embed mode, which has no table (it said "the chart and the table
// show the result" there too).
func TestAnnounceSaysWhatIsShown(t *testing.T) {
	for _, c := range []struct {
		query, want, not string
	}{
		{"workers=1", "the chart and the table show the result", ""},
		{"workers=1&embed=1", "the chart shows the result; the full page also has the tables", "the table show"},
	} {
		a, w := NewApp(c.query, ""), newSessionWorker()
		a.q.Worker = w
		a.Form.Pages = "2000"
		a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
		for _, r := range w.take() {
			a.handle(pageEvent(r))
		}
		if a.Result == nil {
			t.Fatalf("%s: no result: %q", c.query, a.Error)
		}
		if !strings.HasPrefix(a.Announce, "Done: ") || !strings.Contains(a.Announce, c.want) || c.not != "" && strings.Contains(a.Announce, c.not) {
			t.Errorf("%s: the live region says %q; want %q", c.query, a.Announce, c.want)
		}
	}
}

// TestWorkerNormalises checks that the page sends a scenario that only its
// worker can refuse (damping out of range) without normalising it itself,
// shows the fields the worker refused where the form's errors go, and
// keeps the permalink of the last scenario the worker accepted.
func TestWorkerNormalises(t *testing.T) {
	a, w := readyApp(t)
	accepted := a.Permalink
	if accepted == "" {
		t.Fatal("no permalink after the opening run")
	}
	a.Form.Base.Damping = 2
	a.Run()
	if a.FormError != "" || len(w.sent) != 2 || w.sent[1].Kind != protocol.KindRun {
		t.Fatalf("the page refused the run itself (%q) or sent %+v; the worker normalises", a.FormError, w.sent)
	}
	msg := "damping: 2 is outside (0, 1]"
	a.handle(pageEvent(protocol.Response{ID: w.sent[1].ID, Kind: protocol.KindError, Error: msg,
		Fields: []protocol.FieldError{{Field: "damping", Message: "2 is outside (0, 1]"}}}))
	if a.FormError != msg || a.Error != "" {
		t.Errorf("form error %q, error %q; want the worker's field error %q beside the form", a.FormError, a.Error, msg)
	}
	if a.Permalink != accepted {
		t.Errorf("permalink %q after a refused scenario, want the last accepted one %q", a.Permalink, accepted)
	}
	if a.WorkerBusy() {
		t.Error("the refused run is still pending")
	}

	// A failure that is not about fields stays the page's error.
	a.Form.Base.Damping = 0
	a.Run()
	a.handle(pageEvent(protocol.Response{ID: w.sent[2].ID, Kind: protocol.KindError, Error: "out of memory"}))
	if a.Error != "out of memory" || a.FormError != "" {
		t.Errorf("error %q, form error %q; want the failure as the page's error", a.Error, a.FormError)
	}
}

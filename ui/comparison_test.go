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

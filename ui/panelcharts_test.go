package main

import (
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// fakeBoxes makes elementSize answer widths by id (0 for the others)
// until the test ends.
func fakeBoxes(t *testing.T, widths map[string]float64) {
	t.Helper()
	old := elementSize
	elementSize = func(id string) (float64, float64) { return widths[id], 0 }
	t.Cleanup(func() { elementSize = old })
}

// resultJSON is v as the worker sends it.
func resultJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// showPanelCharts gives a the answers of a small revisit simulation and
// seed study, so that the Revisits and Community seeds panels draw their
// charts.
func showPanelCharts(t *testing.T, a *App) {
	t.Helper()
	refresh := model.RefreshResult{Version: model.Version, Refresh: model.Refresh{Simulation: model.RefreshParams{Horizon: 100}},
		Outcomes: []model.RefreshOutcome{{Label: "fixed", Series: model.RefreshSeries{Times: []float64{50, 100}, Fresh: []float64{0.5, 0.6},
			Central: []float64{1e6, 2e6}, Migrant: []float64{1e5, 2e5}}, CentralBytes: 2e6, MigrantBytes: 2e5}}}
	study := model.Result{Version: model.Version, SeedStudy: &model.SeedStudyResult{Names: []string{"a"}, Evaluation: model.Evaluation{
		Profiles: []model.DepthProfile{{Name: "community:1", Seeds: 1, Pages: []int64{1, 30, 4}, MeanImportance: []float64{0.1, 0.01, 0.02}}}}}}
	a.Revisits.done(protocol.Response{Result: resultJSON(t, refresh)})
	a.Community.done(protocol.Response{Result: resultJSON(t, study)})
}

// TestPanelChartsDrawnAtTheirBoxWidth: the Revisits and Community seeds
// charts are drawn at the width of their box, as the main chart is, and
// again when the box changes width (a user review found them drawn 960
// and 900 pixels wide whatever the screen: on a phone their 12-pixel text
// was 4 pixels high). Before their box is on the page they take the
// command line's width.
func TestPanelChartsDrawnAtTheirBoxWidth(t *testing.T) {
	widths := map[string]float64{}
	fakeBoxes(t, widths)
	a := NewApp("", "")
	showPanelCharts(t, a)
	width := func(svg string) int {
		w, _, ok := svgSize(svg)
		if !ok {
			t.Fatalf("no size in %.200s", svg)
		}
		return w
	}
	if a.Revisits.Error != "" || a.Community.Error != "" {
		t.Fatalf("errors: %q, %q", a.Revisits.Error, a.Community.Error)
	}
	if w, d := width(a.Revisits.SVG), width(a.Community.DepthSVG); w != 960 || d != 900 {
		t.Errorf("unmeasured boxes: charts %d and %d wide, want the command line's 960 and 900", w, d)
	}
	if redrawIfResized(&a.Revisits) || redrawIfResized(&a.Community) {
		t.Error("redrawn though no box could be measured")
	}
	widths[refreshChartID], widths[seedsChartID] = 326.4, 326.4
	if !redrawIfResized(&a.Revisits) || !redrawIfResized(&a.Community) {
		t.Fatal("the boxes' width changed, nothing redrawn")
	}
	if w, d := width(a.Revisits.SVG), width(a.Community.DepthSVG); w != 326 || d != 326 {
		t.Errorf("in boxes 326 pixels wide the charts are %d and %d wide", w, d)
	}
	if a.Revisits.resized() || a.Community.resized() || redrawIfResized(&a.Revisits) || redrawIfResized(&a.Community) {
		t.Error("redrawn again at the same width")
	}
	widths[refreshChartID] = 1200
	if redrawIfResized(&a.Community) || !redrawIfResized(&a.Revisits) {
		t.Error("only the Revisits box grew: each chart should be redrawn only when its own box changed")
	}
	if w, d := width(a.Revisits.SVG), width(a.Community.DepthSVG); w != 1200 || d != 326 {
		t.Errorf("after the Revisits box grew to 1200: %d and %d", w, d)
	}
	widths[seedsChartID] = 100
	redrawIfResized(&a.Community)
	if d := width(a.Community.DepthSVG); d != minPanelChartWidth {
		t.Errorf("in a box 100 pixels wide the chart is %d wide, want the narrowest, %d", d, minPanelChartWidth)
	}
}

// TestPapersAskForChartsOfTheirWidth: a reproduction asks the worker for
// charts as wide as the Papers panel shows them (its first paragraph's
// width), and for the command line's sizes when it cannot be measured (a
// user review found the papers' 800-pixel charts shown 326 pixels wide on
// a phone).
func TestPapersAskForChartsOfTheirWidth(t *testing.T) {
	widths := map[string]float64{}
	fakeBoxes(t, widths)
	for _, c := range []struct {
		measured float64
		want     int
	}{{0, 0}, {326.2, 326}, {925, 925}} {
		widths[papersBoxID] = c.measured
		a, w := readyApp(t)
		a.Papers.Run(a.Form)
		last := w.sent[len(w.sent)-1]
		if last.Kind != protocol.KindReproduce || last.Reproduce == nil {
			t.Fatalf("sent %+v; errors %q", last, a.Papers.Error)
		}
		if last.Reproduce.ChartWidth != c.want {
			t.Errorf("Papers panel %g pixels wide: charts asked %d wide, want %d", c.measured, last.Reproduce.ChartWidth, c.want)
		}
	}
}

// renderedCtx is the context Vugu hands a component's Rendered.
type renderedCtx struct{ env vugu.EventEnv }

func (c renderedCtx) EventEnv() vugu.EventEnv { return c.env }
func (c renderedCtx) First() bool             { return false }

// TestResizeRedrawsOnlyTheResizedChart: when one panel's chart box changes
// width, that chart is redrawn and the page rendered once; the other panel
// asks for nothing. Each panel tests its own chart only, so that one resize
// does not start a redraw from each panel (two renders).
func TestResizeRedrawsOnlyTheResizedChart(t *testing.T) {
	widths := map[string]float64{refreshChartID: 500, seedsChartID: 500}
	fakeBoxes(t, widths)
	a := NewApp("", "")
	showPanelCharts(t, a)
	if a.Revisits.drawnWidth != 500 || a.Community.drawnWidth != 500 {
		t.Fatalf("drawn %d and %d wide, want 500", a.Revisits.drawnWidth, a.Community.drawnWidth)
	}
	var mu sync.RWMutex
	renders := make(chan bool, 10)
	ctx := renderedCtx{vugu.NewEventEnvImpl(&mu, renders)}
	widths[refreshChartID] = 700
	mu.Lock() // as during a render: the redraws wait for it
	(&RefreshPanel{App: a}).Rendered(ctx)
	(&CommunityPanel{App: a}).Rendered(ctx)
	mu.Unlock()
	select {
	case <-renders:
	case <-time.After(10 * time.Second):
		t.Fatal("the Revisits box grew and nothing was redrawn")
	}
	// A second render, if one was asked for, follows at once.
	select {
	case <-renders:
		t.Error("one chart's box changed and the page was rendered twice")
	case <-time.After(200 * time.Millisecond):
	}
	mu.RLock()
	defer mu.RUnlock()
	if a.Revisits.drawnWidth != 700 || a.Community.drawnWidth != 500 {
		t.Errorf("after the Revisits box grew to 700: drawn %d and %d wide, want 700 and 500", a.Revisits.drawnWidth, a.Community.drawnWidth)
	}
}

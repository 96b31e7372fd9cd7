package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// linkApp opens the permalink frag with a real session as its worker and
// lets it run what the link asks.
func linkApp(t *testing.T, frag string) *App {
	t.Helper()
	a, w := NewApp("workers=1", frag), newSessionWorker()
	a.q.Worker = w
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	return a
}

// TestLinkCopyRefusedOnItsLine: a link's copy fpr-m m=-1 beside fpr-m
// m=50 was refused by the worker as "fpr-m m", the first listing's
// name, so the box holding the valid 50 was marked, and the copy's line
// was not. The form checks a copy's parameters as the worker would,
// names the copy as its line shows it, and marks that line (CopyID),
// never the main box; the worker's own refusal of a copy names it too.
func TestLinkCopyRefusedOnItsLine(t *testing.T) {
	for _, m := range []float64{-1, 0, 1e12} {
		copyListing := model.Strategy{ID: "fpr-m", Params: model.Values{"m": m}}
		a := linkApp(t, linkOf(t, model.Strategy{ID: "fpr-m", Params: model.Values{"m": 50}}, copyListing))
		fpr := choiceOf(t, &a.Form, "fpr-m")
		name := MoreText(*fpr, copyListing)
		if !strings.HasPrefix(a.FormError, name+": m = ") || !strings.Contains(a.FormError, "is outside [0.001, 1,000,000]") {
			t.Errorf("m=%v: the refusal %q does not name the copy %q", m, a.FormError, name)
		}
		marks := a.InvalidInputs()
		if marks[ParamInputID("fpr-m", "m")] || !marks[CopyID("fpr-m", 0)] {
			t.Errorf("m=%v: the refusal marks %v; want the copy's line %s, not the box of m=50", m, marks, CopyID("fpr-m", 0))
		}
		line := findNode(t, &StrategiesPanel{App: a}, CopyID("fpr-m", 0))
		remove := findNode(t, &StrategiesPanel{App: a}, MoreID("fpr-m", 0))
		if line == nil || remove == nil || attr(line, "class") != "invalid" || !strings.Contains(attr(remove, "aria-describedby"), formErrorID) {
			t.Errorf("m=%v: the copy's line is not marked as refused: %+v / %+v", m, line, remove)
		}
		a.RemoveMore("fpr-m", 0)
		if len(a.InvalidInputs()) != 0 {
			t.Errorf("m=%v: after the copy's removal the marks are %v", m, a.InvalidInputs())
		}
	}

	// The worker's refusal of a copy (strategies[1]) names the copy.
	s := defaultScenario()
	s.Strategies = []model.Strategy{{ID: "fpr-m", Params: model.Values{"m": 50}}, {ID: "fpr-m", Params: model.Values{"m": -1}}}
	if got, want := comparisonFieldName(s, "strategies[1].params.m"), "fpr-m with m = -1"; got != want {
		t.Errorf("the worker's refusal of the copy is named %q; want %q", got, want)
	}
	if got, want := comparisonFieldName(s, "strategies[0].params.m"), "fpr-m m"; got != want {
		t.Errorf("the worker's refusal of the main box is named %q; want %q", got, want)
	}
}

// TestLinkLabelsClash: bfs labelled "x" and a copy fpr-m m=3 labelled "x"
// were refused on every run with `x: "x" is also the label of
// strategies[0]; ...`, a path the page cannot edit. The link is mended
// when read: the later listing takes its default label, said in the
// notice; the form runs and the worker accepts it.
func TestLinkLabelsClash(t *testing.T) {
	a := NewApp("", linkOf(t, model.Strategy{ID: "bfs", Label: "x"},
		model.Strategy{ID: "fpr-m"}, model.Strategy{ID: "fpr-m", Label: "x", Params: model.Values{"m": 3}}))
	for _, want := range []string{`the same label "x"`, `"fpr-m m=3"`} {
		if !strings.Contains(a.Notice, want) {
			t.Errorf("the notice %q does not say %q", a.Notice, want)
		}
	}
	if strings.Contains(a.Notice, "strategies[") {
		t.Errorf("the notice %q names a scenario path", a.Notice)
	}
	s, err := a.Form.Scenario()
	if err == nil {
		_, err = scenario.Normalize(s)
	}
	if err != nil {
		t.Errorf("the link's form is refused: %v", err)
	}
	if len(s.Strategies) != 3 {
		t.Errorf("the form runs %+v; want all three listings", s.Strategies)
	}

	// The later listing gave no label: the earlier one takes its default
	// label; when that is taken too, the later listing is left out.
	for _, c := range []struct {
		list []model.Strategy
		want string
		n    int
	}{
		{[]model.Strategy{{ID: "bfs", Label: "fpr-m m=3"}, {ID: "fpr-m", Params: model.Values{"m": 3}}}, `the page shows bfs as "bfs"`, 2},
		{[]model.Strategy{{ID: "bfs", Label: "fpr"}, {ID: "fpr", Label: "fpr-m m=3"}, {ID: "fpr-m", Params: model.Values{"m": 3}}}, "the page leaves out fpr-m with m = 3", 2},
	} {
		b := NewApp("", linkOf(t, c.list...))
		if !strings.Contains(b.Notice, c.want) {
			t.Errorf("%+v: the notice %q does not say %q", c.list, b.Notice, c.want)
		}
		s, err := b.Form.Scenario()
		if err == nil {
			_, err = scenario.Normalize(s)
		}
		if err != nil || len(s.Strategies) != c.n {
			t.Errorf("%+v: the form runs %+v, refused: %v", c.list, s.Strategies, err)
		}
	}
}

// TestLinkRepeatOnlyLabelsDiffer: fpr-m labelled "a" and fpr-m labelled
// "b" with the same parameters are one curve drawn twice; the page
// compares it once, and the notice says the labels were the only
// difference (it said only "with the same parameters").
func TestLinkRepeatOnlyLabelsDiffer(t *testing.T) {
	a := NewApp("", linkOf(t, model.Strategy{ID: "fpr-m", Label: "a"}, model.Strategy{ID: "fpr-m", Label: "b"}))
	for _, want := range []string{"fpr-m twice", `only their labels differ ("a", "b")`, `labelled "a"`} {
		if !strings.Contains(a.Notice, want) {
			t.Errorf("the notice %q does not say %q", a.Notice, want)
		}
	}
	if c := choiceOf(t, &a.Form, "fpr-m"); len(c.More) != 0 || c.Label != "a" {
		t.Errorf("fpr-m is labelled %q with copies %+v; want one listing, a", c.Label, c.More)
	}
}

// TestRemovedCopyMovesTheMarks: of two copies, the second refused, the
// first removed: the mark moves with the refused copy to its new line (the
// first), and the line it left is no longer marked (the other removal tests
// remove the only copy, so nothing shifts there).
func TestRemovedCopyMovesTheMarks(t *testing.T) {
	good := model.Strategy{ID: "fpr-m", Params: model.Values{"m": 2}}
	bad := model.Strategy{ID: "fpr-m", Params: model.Values{"m": -1}}
	a := linkApp(t, linkOf(t, model.Strategy{ID: "fpr-m", Params: model.Values{"m": 50}}, good, bad))
	if marks := a.InvalidInputs(); marks[CopyID("fpr-m", 0)] || !marks[CopyID("fpr-m", 1)] {
		t.Fatalf("before the removal the marks are %v; want %s alone", marks, CopyID("fpr-m", 1))
	}
	a.RemoveMore("fpr-m", 0)
	if marks := a.InvalidInputs(); !marks[CopyID("fpr-m", 0)] || marks[CopyID("fpr-m", 1)] {
		t.Errorf("after removing the first copy the marks are %v; want %s alone", marks, CopyID("fpr-m", 0))
	}
}

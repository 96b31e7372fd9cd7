package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// linkOf is the permalink fragment of the default scenario comparing the
// strategies given.
func linkOf(t *testing.T, strategies ...model.Strategy) string {
	t.Helper()
	s := defaultScenario()
	s.Graph.Generate.Pages = 2000
	s.Strategies = strategies
	frag, err := EncodePermalink(s)
	if err != nil {
		t.Fatal(err)
	}
	return frag
}

// choiceOf is the form's choice of strategy id.
func choiceOf(t *testing.T, f *Form, id string) *StrategyChoice {
	t.Helper()
	for i := range f.Strategies {
		if f.Strategies[i].Info.ID == id {
			return &f.Strategies[i]
		}
	}
	t.Fatalf("no strategy %s in the form", id)
	return nil
}

// TestLinkRepeatedStrategy: a link listing bfs twice and fpr-m with two m
// trapped the page (the worker refused the second bfs's label on every
// run; the second fpr-m could be neither seen nor removed). The exact
// copy is dropped when the link is read, and said; the copy with its own
// parameters stays, shown under its strategy, and can be removed; what
// runs is what the form shows, which the worker accepts.
func TestLinkRepeatedStrategy(t *testing.T) {
	frag := linkOf(t, model.Strategy{ID: "bfs"}, model.Strategy{ID: "bfs"},
		model.Strategy{ID: "fpr-m", Params: model.Values{"m": 50}}, model.Strategy{ID: "fpr-m", Params: model.Values{"m": 2}})
	a := NewApp("", frag)
	if !strings.Contains(a.Notice, "bfs") || !strings.Contains(a.Notice, "twice") {
		t.Errorf("the notice %q does not say that the link listed bfs twice", a.Notice)
	}
	if c := choiceOf(t, &a.Form, "bfs"); len(c.More) != 0 {
		t.Errorf("bfs keeps copies %+v; want the exact copy dropped", c.More)
	}
	fpr := choiceOf(t, &a.Form, "fpr-m")
	if fpr.Params["m"] != "50" || len(fpr.More) != 1 {
		t.Fatalf("fpr-m shows m=%s with copies %+v; want m=50 and the copy m=2", fpr.Params["m"], fpr.More)
	}
	if got := MoreText(*fpr, fpr.More[0]); got != "fpr-m with m = 2" {
		t.Errorf("the copy is shown as %q; want its parameters", got)
	}
	s, err := a.Form.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Strategies) != 3 {
		t.Errorf("the form runs %+v; want bfs, fpr-m m=50 and fpr-m m=2", s.Strategies)
	}
	if _, err := scenario.Normalize(s); err != nil {
		t.Errorf("the worker refuses the link's form: %v", err)
	}
	a.RemoveMore(fpr.Info.ID, 0)
	if s, _ := a.Form.Scenario(); len(s.Strategies) != 2 || len(choiceOf(t, &a.Form, "fpr-m").More) != 0 {
		t.Errorf("after Remove the form runs %+v; want the copy gone", s.Strategies)
	}
}

// TestLinkCopiesWithOneLabel: copies whose labels clash can all be
// removed, so the form reaches a scenario the worker runs.
func TestLinkCopiesWithOneLabel(t *testing.T) {
	a := NewApp("", linkOf(t, model.Strategy{ID: "fpr-m", Label: "x"}, model.Strategy{ID: "fpr-m", Label: "x", Params: model.Values{"m": 3}}))
	fpr := choiceOf(t, &a.Form, "fpr-m")
	if len(fpr.More) != 1 {
		t.Fatalf("copies %+v; want the one with m=3", fpr.More)
	}
	a.RemoveMore("fpr-m", 0)
	s, err := a.Form.Scenario()
	if err == nil {
		_, err = scenario.Normalize(s)
	}
	if err != nil {
		t.Errorf("after Remove the form is still refused: %v", err)
	}
}

// TestLinkUnknownStrategy: a strategy id the page does not know was left
// out without a word.
func TestLinkUnknownStrategy(t *testing.T) {
	a := NewApp("", linkOf(t, model.Strategy{ID: "bfs"}, model.Strategy{ID: "foo-bar"}))
	if !strings.Contains(a.Notice, `"foo-bar"`) || !strings.Contains(a.Notice, "not a known strategy") {
		t.Errorf("the notice %q does not name foo-bar as unknown", a.Notice)
	}
}

// TestLinkNoticeSurvivesItsRun: the notice of a link put in the address
// of the open page stays once the page runs it.
func TestLinkNoticeSurvivesItsRun(t *testing.T) {
	a, _ := readyApp(t)
	addressSet(t)
	a.env = &quietEnv{}
	a.AddressChanged("", linkOf(t, model.Strategy{ID: "bfs"}, model.Strategy{ID: "foo-bar"}))
	if !strings.Contains(a.Notice, "foo-bar") {
		t.Errorf("after the link's run the notice is %q; want it to name foo-bar", a.Notice)
	}
}

// TestPermalinkKeepsChartView: the permalink keeps the chart's x axis
// and its logarithmic scale (a teacher embeds a log-scale chart); a link
// without them opens with the defaults.
func TestPermalinkKeepsChartView(t *testing.T) {
	set := addressSet(t)
	a, w := readyApp(t)
	a.XAxis, a.LogX = report.XCount, true
	a.Run()
	answerRun(t, a, w)
	if len(*set) == 0 {
		t.Fatal("the run set no address")
	}
	frag := (*set)[len(*set)-1]
	b := NewApp("", frag)
	if b.XAxis != report.XCount || !b.LogX {
		t.Errorf("the link %q opens with x axis %q, log %v; want %q, log", frag, b.XAxis, b.LogX, report.XCount)
	}
	a.SetLogX(false)
	if got := (*set)[len(*set)-1]; strings.Contains(got, "log=1") {
		t.Errorf("after the switch the address is %q; want the linear scale", got)
	}
	old := NewApp("", otherLink(t, 3000, "random:5"))
	if old.XAxis != report.XFraction || old.LogX || old.Form.Pages != "3000" {
		t.Errorf("an old link opens with x axis %q, log %v, pages %s", old.XAxis, old.LogX, old.Form.Pages)
	}
	if _, ok, err := DecodePermalink(frag); !ok || err != nil {
		t.Errorf("DecodePermalink(%q) = %v, %v", frag, ok, err)
	}
}

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

// TestLinkSaysWhatTheFormLeavesOut: a link whose page sizes are read from
// a file (crawlsim run -page-sizes FILE), or with a seed study, runs on
// the page without them, and the notice says so and how to run them; the
// bandwidth model and sizes drawn at random are kept.
func TestLinkSaysWhatTheFormLeavesOut(t *testing.T) {
	s := defaultScenario()
	s.Graph.Generate.Pages = 2000
	s.Strategies = []model.Strategy{{ID: "bfs"}}
	s.Politeness = &model.Politeness{BandwidthModel: model.BandwidthShared, PageSizes: &model.PageSizes{File: "sizes.txt"}}
	s.SeedStudy = &model.SeedStudy{}
	f, notice := FormOfLink(s)
	for _, want := range []string{`page sizes from the file "sizes.txt"`, "seed study is left out", "crawlsim run -scenario"} {
		if !strings.Contains(notice, want) {
			t.Errorf("the notice %q does not say %q", notice, want)
		}
	}
	got, err := f.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	if p := got.Politeness; p == nil || p.PageSizes != nil || p.BandwidthModel != model.BandwidthShared || got.SeedStudy != nil {
		t.Errorf("the form runs politeness %+v, seed study %+v; want the shared link without the file's sizes, and no study", p, got.SeedStudy)
	}

	s.Politeness.PageSizes = &model.PageSizes{Distribution: model.PageSizeLogNormal}
	s.SeedStudy = nil
	f, notice = FormOfLink(s)
	if notice != "" {
		t.Errorf("a link with sizes drawn at random: notice %q; want none", notice)
	}
	if got, err := f.Scenario(); err != nil || got.Politeness.PageSizes == nil || got.Politeness.PageSizes.Distribution != model.PageSizeLogNormal {
		t.Errorf("a link with sizes drawn at random runs %+v (%v); want them kept", got.Politeness, err)
	}
}

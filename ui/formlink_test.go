package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
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

package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/ui/formcheck"
)

// TestPermalinkOfUntimedRunHasNoTimeAxis: with the time axis chosen, a
// run without politeness draws its chart against the fraction (it has
// no time), and the permalink and the address said "&x=time&log=1",
// a view the chart did not show. They say the view the chart shows.
func TestPermalinkOfUntimedRunHasNoTimeAxis(t *testing.T) {
	set := addressSet(t)
	a, w := readyApp(t)
	a.XAxis, a.LogX = report.XTime, true
	a.Run()
	answerRun(t, a, w)
	if a.XAxis != report.XFraction {
		t.Fatalf("the untimed chart is drawn against %q", a.XAxis)
	}
	last := (*set)[len(*set)-1]
	for _, got := range []string{last, a.Permalink} {
		if strings.Contains(got, "x=time") || !strings.HasSuffix(got, "&log=1") {
			t.Errorf("the link %q does not say the chart's view (fraction, log)", got)
		}
	}
}

// TestGenerateMarksLikeRun: Generate refused the fields as Run did but
// left the marks Run made, so an input changed since (its mark gone) and
// refused again was not marked.
func TestGenerateMarksLikeRun(t *testing.T) {
	a, _ := readyApp(t)
	// "1e" typed, then "2e": the box holds no number both times, the
	// same refusal.
	a.Form.Pages = formcheck.TypedNotANumber
	a.Run()
	pages := &Field{Value: numberBox(&a.Form.Pages), Invalid: a.InvalidInputs(), AttrMap: map[string]any{"id": "gen-pages"}}
	if !a.InvalidInputs()["gen-pages"] {
		t.Fatalf("Run's refusal %q marks %v", a.FormError, a.InvalidInputs())
	}
	pages.HandleChange("", true)
	a.Generate()
	if !strings.HasPrefix(a.FormError, "pages: ") || !a.InvalidInputs()["gen-pages"] {
		t.Errorf("Generate's refusal %q marks %v; want pages", a.FormError, a.InvalidInputs())
	}
}

// TestLinkViewUnknown: a link's chart view the page does not know (x=foo,
// log=2) was ignored without a word; the chart shows the default view
// and the notice says so.
func TestLinkViewUnknown(t *testing.T) {
	a := NewApp("", otherLink(t, 3000, "random:5")+"&x=foo&log=2")
	if a.XAxis != report.XFraction || a.LogX {
		t.Errorf("the link opens with x axis %q, log %v", a.XAxis, a.LogX)
	}
	for _, want := range []string{"x=foo", "log=2", "shows the default"} {
		if !strings.Contains(a.Notice, want) {
			t.Errorf("the notice %q does not say %q", a.Notice, want)
		}
	}
	b := NewApp("", otherLink(t, 3000, "random:5")+"&x=count&log=1")
	if b.Notice != "" || b.XAxis != report.XCount || !b.LogX {
		t.Errorf("a known view: notice %q, x axis %q, log %v", b.Notice, b.XAxis, b.LogX)
	}
	// log=0 writes the linear default.
	c := NewApp("", otherLink(t, 3000, "random:5")+"&x=count&log=0")
	if c.Notice != "" || c.XAxis != report.XCount || c.LogX {
		t.Errorf("log=0: notice %q, x axis %q, log %v", c.Notice, c.XAxis, c.LogX)
	}
}

//go:build browser

package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// papersDone is true when the Papers panel shows paper 004's report with
// its findings and chart, and the worker is free again.
const papersDone = `document.querySelectorAll("#paper-004 table.paper-findings tbody tr").length > 0 &&
	document.querySelector("#paper-004 .paper-chart svg") != null && document.querySelector("#run-papers").ariaDisabled == "false"`

// TestPagePapers reproduces paper 004 in the page on a small generated
// web: the panel shows Table 2 beside crawlsim's figures, the findings
// with their verdicts, Fig. 4's chart, announces the end, and still fits
// a phone's width (the tables scroll in their own box).
func TestPagePapers(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "3000"), setField("#papers-paper", "004"),
		chromedp.Click("#run-papers"),
		waitFor(papersDone, 2*time.Minute))
	heads := value(t, ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#paper-004 h3, #paper-004 h4")).map(h => h.textContent)`))
	if len(heads) < 3 || !strings.HasPrefix(heads[0], "Crawling a country (2005)") || !strings.HasPrefix(heads[1], "Table 2") || heads[len(heads)-1] != "Findings" {
		t.Errorf("paper 004's headings %q; want its name, Table 2, ..., Findings", heads)
	}
	rows := value(t, ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll("#paper-004 table.paper-table tbody tr")).map(r => Array.from(r.cells).map(c => c.textContent))`))
	labels := map[string]bool{}
	for _, r := range rows {
		labels[r[0]] = true
	}
	for _, want := range []string{"bfs", "opic", "larger-sites-first", "omniscient"} {
		if !labels[want] {
			t.Errorf("Table 2 has no row %s: %q", want, rows)
		}
	}
	verdicts := value(t, ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#paper-004 table.paper-findings td.verdict")).map(c => c.textContent)`))
	for _, v := range verdicts {
		switch v {
		case "same value", "same order", "same trend", "differs", "not run":
		default:
			t.Errorf("finding with verdict %q", v)
		}
	}
	if len(verdicts) == 0 {
		t.Error("no verdict shown")
	}
	if lines := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#paper-004 .paper-chart svg polyline").length`)); lines == 0 {
		t.Error("Fig. 4's chart draws no curve")
	}
	if say := value(t, ctx, chromedp.Evaluate[string](`document.querySelector("#papers-announce").textContent`)); !strings.HasPrefix(say, "Done: 1 paper reproduced") {
		t.Errorf("the live region says %q", say)
	}
	// The report passes axe-core's WCAG 2.1 A/AA and 2.2 AA rules and best practices
	// (headings in order, contrast, named regions), light and dark.
	script := axeScript(t)
	for _, dark := range []bool{false, true} {
		run(t, ctx, darkMode(dark))
		for _, v := range audit(t, ctx, script) {
			t.Errorf("dark %v: axe-core %s (%s): %s\n    %s", dark, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n    "))
		}
	}
	run(t, ctx, viewport(360, 800), waitFor(`document.querySelector("#papers-panel").getBoundingClientRect().width <= 360`, 10*time.Second))
	if b := measure(t, ctx); b.ScrollWidth > b.InnerWidth {
		t.Errorf("at 360 px with the papers' report the document is %d px wide; widest: %s", b.ScrollWidth, b.Widest)
	}
}

//go:build browser

package browsertest

// Browser tests of how the page explains itself: the About section cites
// each paper once with a link, a metric's definition opens from the
// keyboard, and the page stays clean under axe-core with the glossary open.

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/crawlsim/crawlsim/engine/crawl"
)

// TestPageAboutCitesEachPaperOnce: the About section lists each paper of
// docs/algorithms.md (crawl.AllPapers) in exactly one entry, with its full
// citation and a link to its DOI or publisher's page; each strategy's
// paper link leads to one of these entries.
func TestPageAboutCitesEachPaperOnce(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	type entry struct {
		ID, Text string
		Links    []string
	}
	entries := value(t, ctx, chromedp.Evaluate[[]entry](`Array.from(document.querySelectorAll("#about li")).map(li => ({ID: li.id, Text: li.textContent.replace(/\s+/g, " "), Links: Array.from(li.querySelectorAll("a[href]")).map(a => a.href)}))`))
	ids := map[string]bool{}
	for _, p := range crawl.AllPapers() {
		var found []entry
		for _, e := range entries {
			if strings.Contains(e.Text, p.Citation) {
				found = append(found, e)
			}
		}
		if len(found) != 1 {
			t.Errorf("paper %s is cited in %d entries of the About section, want 1", p.Number, len(found))
			continue
		}
		ids[found[0].ID] = true
		if len(found[0].Links) != 1 || found[0].Links[0] != p.URL {
			t.Errorf("paper %s's entry links %q, want %q", p.Number, found[0].Links, p.URL)
		}
	}
	if len(entries) != len(crawl.AllPapers()) {
		t.Errorf("the About section has %d entries for %d papers", len(entries), len(crawl.AllPapers()))
	}
	targets := value(t, ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#strategies-panel a[href^='#paper-']")).map(a => a.getAttribute("href").slice(1))`))
	if len(targets) < len(crawl.Strategies()) {
		t.Errorf("%d paper links in the Strategies panel for %d strategies", len(targets), len(crawl.Strategies()))
	}
	for _, id := range targets {
		if !ids[id] {
			t.Errorf("a strategy links to #%s, which is no paper of the About section", id)
		}
	}
}

// TestPageGlossaryByKeyboard: Tab from the table's last header reaches the
// glossary's summary and Enter opens it, showing tau's definition; Enter
// on a column header opens the glossary at that column's definition and
// gives it the focus, and the header is described by it; Escape there
// gives the focus back to the header and closes the glossary again.
func TestPageGlossaryByKeyboard(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	if value(t, ctx, chromedp.Evaluate[bool](`!!document.querySelector("#glossary") && document.querySelector("#glossary").open`)) {
		t.Fatalf("the glossary is open before anyone asks (or missing)")
	}
	visible := `(() => { const d = document.querySelector("#def-tau-text"); return !!d && d.getClientRects().length > 0 && d.textContent.length > 20; })()`
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const b = document.querySelectorAll("#metrics thead button"); if (b.length) b[b.length - 1].focus(); })()`))
	if n := tabTo(t, ctx, "glossary-summary", 3); n < 0 {
		t.Fatalf("Tab from the last column header does not reach the glossary (focus on %q)", focused(t, ctx))
	}
	run(t, ctx, chromedp.KeyEvent(kb.Enter), waitFor(visible, 5*time.Second))
	// Closed again, then opened from tau's header.
	run(t, ctx, chromedp.KeyEvent(kb.Enter), waitFor(`!document.querySelector("#glossary").open`, 5*time.Second))
	tau := `Array.from(document.querySelectorAll("#metrics thead button")).find(b => b.textContent == "tau (−1 to 1)")`
	described := value(t, ctx, chromedp.Evaluate[string](`(() => { const b = `+tau+`; return b ? b.getAttribute("aria-describedby") || "" : ""; })()`))
	if described != "def-tau-text" {
		t.Errorf("the tau header is described by %q, want def-tau-text", described)
	}
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const b = `+tau+`; if (b) b.focus(); })()`), chromedp.KeyEvent(kb.Enter),
		waitFor(visible, 5*time.Second), waitFor(`document.activeElement && document.activeElement.id == "def-tau"`, 5*time.Second))
	// Escape on the definition gives the focus back to tau's header, and
	// closes the glossary that header opened.
	run(t, ctx, chromedp.KeyEvent(kb.Escape),
		waitFor(`document.activeElement && document.activeElement.tagName == "BUTTON" && document.activeElement.textContent == "tau (−1 to 1)"`, 5*time.Second),
		waitFor(`!document.querySelector("#glossary").open`, 5*time.Second))
}

// TestPageExplainedAudit: axe-core finds no violation of the WCAG 2.1 A
// and AA and 2.2 AA rules (audit) and best practices with the glossary
// open, the About section and the strategies' names and summaries shown.
func TestPageExplainedAudit(t *testing.T) {
	script := axeScript(t)
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		waitFor(`!!document.querySelector("#glossary-summary") && !!document.querySelector("#about")`, 5*time.Second),
		chromedp.Click("#glossary-summary"), waitFor(`document.querySelector("#glossary").open`, 5*time.Second))
	for _, dark := range []bool{false, true} {
		run(t, ctx, darkMode(dark))
		violations := audit(t, ctx, script)
		for _, v := range violations {
			t.Errorf("dark %v: axe-core %s (%s): %s\n    %s", dark, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n    "))
		}
		t.Logf("dark %v, glossary open: axe-core reports %d violations", dark, len(violations))
	}
}

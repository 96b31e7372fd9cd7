//go:build browser

package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPageReloadKeepsTheEditsNotRun: fields edited and not run are in the
// form again after a reload (a phone's browser reloads a tab it
// discarded), with a notice; the address still holds the last run's
// scenario, whose comparison the page shows.
func TestPageReloadKeepsTheEditsNotRun(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "3000"), setField("#seeds", "random:20"), chooseStrategies("optimal", "bfs"),
		chromedp.Click("#run"), waitFor(rowsAre(2), time.Minute))
	address := value(t, ctx, chromedp.Evaluate[string](`location.href`))
	run(t, ctx, setField("#seeds", "random:11"), setField("#budget", "700"),
		chromedp.Reload(), waitFor(idle, 2*time.Minute), waitFor(rowsAre(2), time.Minute))
	if seeds, budget := value(t, ctx, chromedp.Value("#seeds")), value(t, ctx, chromedp.Value("#budget")); seeds != "random:11" || budget != "700" {
		t.Errorf("after the reload the form has seeds %q and budget %q; want the edits random:11 and 700", seeds, budget)
	}
	if pages := value(t, ctx, chromedp.Value("#gen-pages")); pages != "3000" {
		t.Errorf("after the reload the form has %q pages; want the run's 3000", pages)
	}
	if notice := value(t, ctx, chromedp.Text("#notice")); !strings.Contains(notice, "changes you made here earlier and had not run") {
		t.Errorf("the notice %q does not say the form keeps edits not run", notice)
	}
	if now := value(t, ctx, chromedp.Evaluate[string](`location.href`)); now != address {
		t.Errorf("the reload's opening run changed the address to %q; want the last run's %q", now, address)
	}
}

// TestPageLinkKeepsTheEditsItReplaced: with edits not run in the form, a
// permalink pasted in the address (only its fragment changes) shows and
// runs its scenario, and the page says beside the form, in a polite live
// region, that the link replaced the edits; Restore my edits, pressed
// from the keyboard, puts them back in the form without running them and
// leaves the focus on the notice, which says they are back. Before, the
// edits were gone without a word.
func TestPageLinkKeepsTheEditsItReplaced(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "3000"), setField("#seeds", "random:20"), chooseStrategies("optimal", "bfs", "random"),
		chromedp.Click("#run"), waitFor(rowsAre(3), time.Minute))
	link := value(t, ctx, chromedp.Value("#permalink"))
	run(t, ctx, setField("#gen-pages", "4000"), chooseStrategies("optimal", "bfs"),
		chromedp.Click("#run"), waitFor(rowsAre(2), time.Minute),
		setField("#seeds", "random:11"), setField("#budget", "700"))
	if n := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#edits-replaced").length`)); n != 0 {
		t.Fatalf("the edits notice shows before any link")
	}
	fragment := link[strings.IndexByte(link, '#')+1:]
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "`+fragment+`"`),
		waitFor(`document.querySelector("#gen-pages").value == "3000"`, 10*time.Second),
		waitFor(rowsAre(3), time.Minute))
	if seeds := value(t, ctx, chromedp.Value("#seeds")); seeds != "random:20" {
		t.Errorf("after the link the form has seeds %q; want the link's random:20", seeds)
	}
	notice := value(t, ctx, chromedp.Evaluate[string](`(() => { const e = document.querySelector("#edits-replaced"); return e ? e.textContent : ""; })()`))
	live := value(t, ctx, chromedp.Evaluate[string](`(() => { const e = document.querySelector("#edits-replaced"); const r = e && e.closest("[aria-live]"); return r ? r.getAttribute("aria-live") : ""; })()`))
	if !strings.Contains(notice, "replaced the changes you had not run") || live != "polite" {
		t.Fatalf("after the link the notice says %q in a live region %q; want that the link replaced the edits, polite", notice, live)
	}
	address := value(t, ctx, chromedp.Evaluate[string](`location.href`))
	run(t, ctx, chromedp.Focus("#restore-edits"), chromedp.KeyEvent(kb.Enter),
		waitFor(`document.querySelector("#seeds").value == "random:11"`, 10*time.Second))
	if budget, pages := value(t, ctx, chromedp.Value("#budget")), value(t, ctx, chromedp.Value("#gen-pages")); budget != "700" || pages != "4000" {
		t.Errorf("restored, the form has budget %q and %q pages; want the edits' 700 and 4000", budget, pages)
	}
	if got := focused(t, ctx); got != "edits-replaced" {
		t.Errorf("after Restore the focus is on %q; want the notice", got)
	}
	if notice := value(t, ctx, chromedp.Text("#edits-replaced")); !strings.Contains(notice, "back in the form") {
		t.Errorf("restored, the notice says %q", notice)
	}
	run(t, ctx, chromedp.Sleep(time.Second))
	if running := value(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#run").ariaDisabled == "true"`)); running || value(t, ctx, chromedp.Evaluate[string](`location.href`)) != address || len(tableCells(t, ctx)) != 3 {
		t.Errorf("restoring the edits ran them (running %v) or changed the address or the table", running)
	}
}

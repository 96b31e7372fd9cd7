//go:build browser

package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPageReloadKeepsTheEditsNotRun: fields edited and not run are in the
// form again after a reload (a phone's browser reloads a tab it
// discarded), with a notice; the address still holds the last run's
// scenario, whose comparison the page shows.
func TestPageReloadKeepsTheEditsNotRun(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, chromedp.Navigate(url+"/"), waitFor(idle, 2*time.Minute),
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
	if notice := value(t, ctx, chromedp.Text("#notice")); !strings.Contains(notice, "changes you had not run") {
		t.Errorf("the notice %q does not say the form keeps edits not run", notice)
	}
	if now := value(t, ctx, chromedp.Evaluate[string](`location.href`)); now != address {
		t.Errorf("the reload's opening run changed the address to %q; want the last run's %q", now, address)
	}
}

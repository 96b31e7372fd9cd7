//go:build browser

package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPageEnterInARevisitsFieldSimulates: Enter in a field of the
// Revisits panel simulates the revisit policies with what was typed, as
// Simulate does, without loading the page again or running the
// comparison, and leaves the focus in the field. Before, Enter there did
// nothing.
func TestPageEnterInARevisitsFieldSimulates(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, chromedp.Navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Evaluate[chromedp.Void](`window.enterMark = true`))
	before := value(t, ctx, chromedp.Value("#permalink"))
	run(t, ctx, typeInto("#refresh-sites", "120"), typeInto("#refresh-horizon", "400"), chromedp.KeyEvent(kb.Enter),
		waitFor(`document.querySelectorAll("#refresh-table tbody tr").length == 5 && document.querySelector("#run").ariaDisabled == "false"`, time.Minute))
	after := value(t, ctx, chromedp.Evaluate[struct {
		Mark      bool
		Permalink string
		Focus     string
	}](`({Mark: window.enterMark === true, Permalink: document.querySelector("#permalink").value, Focus: document.activeElement.id})`))
	if !after.Mark {
		t.Fatal("Enter in the revisits' horizon box loaded the page again")
	}
	if after.Permalink != before {
		t.Error("Enter in the revisits' horizon box ran the comparison")
	}
	if after.Focus != "refresh-horizon" {
		t.Errorf("after the simulation Enter started, the focus is on %q; want the horizon box", after.Focus)
	}
}

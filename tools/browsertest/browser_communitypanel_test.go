//go:build browser

package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPageEnterInACommunityFieldExtracts: Enter in a field of the
// Community seeds panel extracts the seeds with what was typed, as
// Extract and evaluate does, without loading the page again or running
// the comparison, and leaves the focus in the field. Before, Enter there
// did nothing.
func TestPageEnterInACommunityFieldExtracts(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, chromedp.Navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Evaluate[chromedp.Void](`window.enterMark = true`))
	before := value(t, ctx, chromedp.Value("#permalink"))
	run(t, ctx, typeInto("#community-k", "4"), chromedp.KeyEvent(kb.Enter),
		waitFor(`document.querySelectorAll("#seeds-table tbody tr").length == 4 && document.querySelector("#run").ariaDisabled == "false"`, time.Minute))
	after := value(t, ctx, chromedp.Evaluate[struct {
		Mark      bool
		Permalink string
		Focus     string
	}](`({Mark: window.enterMark === true, Permalink: document.querySelector("#permalink").value, Focus: document.activeElement.id})`))
	if !after.Mark {
		t.Fatal("Enter in the community seeds box loaded the page again")
	}
	if after.Permalink != before {
		t.Error("Enter in the community seeds box ran the comparison")
	}
	if after.Focus != "community-k" {
		t.Errorf("after the extraction Enter started, the focus is on %q; want the seeds box", after.Focus)
	}
}

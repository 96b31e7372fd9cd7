//go:build browser

package browsertest

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPageEnterInARevisitsFieldSimulates: Enter in a field of the
// Revisits panel simulates the revisit policies with what was typed, as
// Simulate does, without loading the page again or running the
// comparison, and leaves the focus in the field. Before, Enter there did
// nothing.
func TestPageEnterInARevisitsFieldSimulates(t *testing.T) {
	expectEnterStartsPanelWork(t, chromedp.Steps(typeInto("#refresh-sites", "120"), typeInto("#refresh-horizon", "400")),
		"refresh-horizon", "the revisits' horizon box", `document.querySelectorAll("#refresh-table tbody tr").length == 5`)
}

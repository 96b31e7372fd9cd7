//go:build browser

package browsertest

import "testing"

// TestPageEnterInACommunityFieldExtracts: Enter in a field of the
// Community seeds panel extracts the seeds with what was typed, as
// Extract and evaluate does, without loading the page again or running
// the comparison, and leaves the focus in the field. Before, Enter there
// did nothing.
func TestPageEnterInACommunityFieldExtracts(t *testing.T) {
	expectEnterStartsPanelWork(t, typeInto("#community-k", "4"), "community-k", "the community seeds box",
		`document.querySelectorAll("#seeds-table tbody tr").length == 4`)
}

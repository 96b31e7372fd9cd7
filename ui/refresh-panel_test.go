package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
)

// TestRefreshPanelNotesExplainEveryColumn: the note under the Revisits
// table explains each of its columns but the policy and the visits
// (central and migrating together), in the words crawlsim refresh prints
// under its table. The page kept a copy of its own that left out saved
// and interval and defined freshness otherwise.
func TestRefreshPanelNotesExplainEveryColumn(t *testing.T) {
	notes := (&RefreshPanel{}).Notes()
	head, _ := report.RefreshRows(&model.RefreshResult{})
	for _, column := range head {
		switch column {
		case "policy", "visits":
			continue
		case "central", "migrating":
			column = "central/migrating"
		}
		if !strings.Contains(notes, column+": ") {
			t.Errorf("the notes do not explain %q: %s", column, notes)
		}
	}
	if cli := strings.Join(report.RefreshNotes(), " "); !strings.HasPrefix(notes, cli) {
		t.Errorf("the notes %q are not the command line's %q", notes, cli)
	}
}

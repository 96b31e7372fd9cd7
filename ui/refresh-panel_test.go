package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
)

// TestRefreshPanelNotesExplainEveryColumn: the note under the Revisits
// table explains each of its columns but the policy and the visits
// (central and migrating together), and the rows of fixed policies at
// another's visits, in the words crawlsim refresh prints under its table.
func TestRefreshPanelNotesExplainEveryColumn(t *testing.T) {
	r := &model.RefreshResult{Outcomes: []model.RefreshOutcome{
		{Policy: "fixed", Label: "fixed"}, {Policy: "change", Label: "change"},
		{Policy: "fixed", Label: "fixed at the visits of change"},
	}}
	a := NewApp("", "")
	a.Revisits.Result = r
	notes := (&RefreshPanel{App: a}).Notes()
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
	if !strings.Contains(notes, "; fixed at the visits of P: ") {
		t.Errorf("the notes do not explain the rows at another's visits: %s", notes)
	}
	if cli := strings.Join(report.RefreshNotes(r), " "); !strings.HasPrefix(notes, cli) {
		t.Errorf("the notes %q are not the command line's %q", notes, cli)
	}
}

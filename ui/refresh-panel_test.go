package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/vugu/vugu"

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

// TestPanelRefusalsAreAlerts: the refusals the Revisits and Community
// panels show are alerts, as the run bar's is, so that a screen reader
// says them when they appear; before, only the run bar's was.
func TestPanelRefusalsAreAlerts(t *testing.T) {
	a, _ := readyApp(t)
	a.Revisits.Error = "sites: -5: want 1 to 1,048,576"
	a.Community.Error = "seeds: want 1 or more"
	for _, c := range []struct {
		panel vugu.Builder
		id    string
	}{{&RefreshPanel{App: a}, "refresh-error"}, {&CommunityPanel{App: a}, "seeds-error"}} {
		n, _ := builtNode(t, c.panel, c.id)
		if n == nil || !slices.ContainsFunc(n.Attr, func(at vugu.VGAttribute) bool { return at.Key == "role" && at.Val == "alert" }) {
			t.Errorf("#%s is not an alert: %+v", c.id, n)
		}
	}
}

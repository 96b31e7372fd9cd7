package main

import (
	"strings"
	"testing"

	"github.com/vugu/vugu"
)

// panelStartButtons are the buttons of the panels that start work in the
// worker, disabled while it does other work, with their panels.
func panelStartButtons(a *App) []struct {
	panel vugu.Builder
	id    string
} {
	return []struct {
		panel vugu.Builder
		id    string
	}{
		{&SourcePanel{App: a}, "generate"},
		{&SourcePanel{App: a}, "load"},
		{&CommunityPanel{App: a}, "extract-seeds"},
		{&RefreshPanel{App: a}, "run-refresh"},
		{&PapersPanel{App: a}, "run-papers"},
	}
}

// describedText is the text of the elements the aria-describedby of the
// element id of panel names, joined by spaces.
func describedText(t *testing.T, panel vugu.Builder, id string) string {
	t.Helper()
	n := findNode(t, panel, id)
	if n == nil {
		t.Fatalf("no element #%s", id)
	}
	var texts []string
	for _, ref := range strings.Fields(attr(n, "aria-describedby")) {
		d := findNode(t, panel, ref)
		if d == nil {
			t.Errorf("#%s is described by #%s, which is not in its panel", id, ref)
			continue
		}
		if d.InnerHTML != nil {
			texts = append(texts, *d.InnerHTML)
		}
	}
	return strings.Join(texts, " ")
}

// TestDisabledStartButtonsSayWhy: while the worker runs a comparison, the
// buttons of the other panels that would start work in it (Generate, Load,
// Extract and evaluate, Simulate, Reproduce) are disabled, and each is
// described (aria-describedby) by a line beside it that says what it waits
// for and where to cancel it; while a panel's own work goes, the others
// name it. Idle, nothing is said. Before, they were greyed with no reason.
func TestDisabledStartButtonsSayWhy(t *testing.T) {
	a, _ := readyApp(t)
	for _, b := range panelStartButtons(a) {
		if got := describedText(t, b.panel, b.id); strings.Contains(got, "Waits") {
			t.Errorf("idle, #%s is described as %q", b.id, got)
		}
	}
	a.Run()
	if !a.Running() {
		t.Fatal("the comparison did not start")
	}
	for _, b := range panelStartButtons(a) {
		want := "Waits for the comparison; cancel in the run bar."
		if got := describedText(t, b.panel, b.id); !strings.Contains(got, want) {
			t.Errorf("during a comparison #%s is described as %q, want %q", b.id, got, want)
		}
	}
	a, _ = readyApp(t)
	a.Papers.Run(a.Form)
	if !a.Papers.Busy() {
		t.Fatal("the reproduction did not start")
	}
	for _, b := range panelStartButtons(a) {
		got := describedText(t, b.panel, b.id)
		if b.id == "run-papers" {
			if strings.Contains(got, "Waits") {
				t.Errorf("during its own reproduction #%s is described as %q", b.id, got)
			}
			continue
		}
		if want := "Waits for the Papers run; cancel it in Papers."; !strings.Contains(got, want) {
			t.Errorf("during a reproduction #%s is described as %q, want it to say %q", b.id, got, want)
		}
	}
}

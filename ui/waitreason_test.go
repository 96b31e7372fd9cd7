package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/wasm/page"
)

// maxWaitReason is the most characters of a wait line (class "reason
// wait", one line, cut with an ellipsis): 12 px text is about 5.8 px a
// character and the narrowest column it has is 314 px (the source
// column at 1400 px; 326 px at 360 px).
const maxWaitReason = 50

// TestWaitReasonsFitTheirLine: every reason a start button gives while
// the worker does other work says what it waits for and, when the work
// can be cancelled, where, within maxWaitReason characters (the line
// was cut before "Cancel it in the ... panel"); the panel whose own work
// it is says nothing, the source panel too while its graph is read or
// generated (its hint says so); a generated graph is "generated", not
// "read".
func TestWaitReasonsFitTheirLine(t *testing.T) {
	panels := []string{panelSource, panelCommunity, panelRevisits, panelPapers}
	for _, c := range []struct {
		name  string
		start func(a *App)
		own   string
		want  string
	}{
		{"comparison", func(a *App) { a.Run() }, "", "cancel"},
		{"papers", func(a *App) { a.Papers.Run(a.Form) }, panelPapers, "cancel"},
		{"revisits", func(a *App) { a.Revisits.Run() }, panelRevisits, "cancel"},
		{"community", func(a *App) { a.Community.Extract(a.Form) }, panelCommunity, "cancel"},
		{"generate", func(a *App) { a.Generate() }, panelSource, "graph to be generated"},
		{"load", func(a *App) { a.takeUpload(&page.Upload{}) }, panelSource, "graph to be read"},
	} {
		a, _ := readyApp(t)
		c.start(a)
		if !a.WorkerBusy() {
			t.Fatalf("%s: the worker is not busy", c.name)
		}
		for _, panel := range panels {
			got := a.WaitReason(panel)
			if panel == c.own {
				if got != "" {
					t.Errorf("%s: its own panel %s says %q", c.name, panel, got)
				}
				continue
			}
			if n := utf8.RuneCountInString(got); n == 0 || n > maxWaitReason {
				t.Errorf("%s: panel %s says %q, %d characters; want 1 to %d", c.name, panel, got, n, maxWaitReason)
			}
			if !strings.Contains(got, c.want) {
				t.Errorf("%s: panel %s says %q; want it to say %q", c.name, panel, got, c.want)
			}
		}
	}
}

// TestGraphWorkSaysWhatIsDone: while a graph is generated, the source
// panel's hint and the line beside Run say "Generating the graph" (they
// said "Reading the graph" for Generate and describe too); while an
// upload is read, "Reading the graph".
func TestGraphWorkSaysWhatIsDone(t *testing.T) {
	for _, c := range []struct {
		name  string
		start func(a *App)
		want  string
	}{
		{"generate", func(a *App) { a.Generate() }, "Generating the graph"},
		{"load", func(a *App) { a.takeUpload(&page.Upload{}) }, "Reading the graph"},
	} {
		a, _ := readyApp(t)
		c.start(a)
		if !a.Loading() {
			t.Fatalf("%s: no graph is being read", c.name)
		}
		if got := a.BusyReason(); got != c.want+": Run waits." {
			t.Errorf("%s: beside Run %q; want %q", c.name, got, c.want+": Run waits.")
		}
		if text, _ := panelText(t, &SourcePanel{App: a}); !strings.Contains(text, c.want+"…") {
			t.Errorf("%s: the source panel does not say %q: %s", c.name, c.want+"…", text)
		}
	}
}

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

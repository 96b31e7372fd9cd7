package main

import (
	"strings"
	"testing"
	"unicode/utf8"

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
		{"load", func(a *App) { a.takeUpload(&page.Upload{}, nil) }, panelSource, "graph to be read"},
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
		{"load", func(a *App) { a.takeUpload(&page.Upload{}, nil) }, "Reading the graph"},
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

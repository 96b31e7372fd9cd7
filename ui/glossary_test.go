package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/report"
)

// TestGlossaryDefinesEveryColumn: after a run, every header of the
// metrics table is a button described by a definition in the glossary
// under the table; the glossary also defines the words written where
// there is no figure and each cost counter, reusing the command line's
// notes; a header pressed opens the glossary.
func TestGlossaryDefinesEveryColumn(t *testing.T) {
	a, _ := readyApp(t)
	es := built(t, &MetricsTable{App: a})
	heads := 0
	for _, e := range es {
		if e.tag != "button" || !strings.Contains(e.attr["class"], "term") {
			continue
		}
		heads++
		def, ok := byID(es, e.attr["aria-describedby"])
		if !ok || len(def.text) < 20 {
			t.Errorf("header %q is described by %q, which defines it as %q", e.text, e.attr["aria-describedby"], def.text)
		}
	}
	if heads != len(a.MetricsHead) {
		t.Errorf("%d header buttons for %d columns (%q)", heads, len(a.MetricsHead), a.MetricsHead)
	}
	glossary, ok := byID(es, "glossary")
	if !ok || glossary.tag != "details" {
		t.Fatalf("no <details id=glossary> under the table")
	}
	for _, want := range []string{report.NoteAvgCumulative, report.NoteNormalised, report.NoteToLevel, report.WordNever, report.WordNoGuarantee, report.WordUndefined, "personalized PageRank"} {
		if !strings.Contains(strings.ToLower(glossary.text), strings.ToLower(want)) {
			t.Errorf("the glossary lacks %q", want)
		}
	}
	cost, _ := byID(es, "def-cost")
	for _, want := range []string{"priority updates", "PageRank recomputations", "iterations", "virtual re-expansions", "windows or levels"} {
		if !strings.Contains(cost.text, want) {
			t.Errorf("the glossary's cost does not name %q: %q", want, cost.text)
		}
	}
	// tau's range is written with the minus sign of its header,
	// report.ColTau ("tau (−1 to 1)"), not a hyphen.
	if tau, _ := byID(es, "def-tau"); !strings.Contains(report.ColTau, "−1") || !strings.Contains(tau.text, "−1 least") || strings.Contains(tau.text, "-1") {
		t.Errorf("the glossary's tau writes its range unlike its header %q: %q", report.ColTau, tau.text)
	}
	if glossary.props["open"] == "true" {
		t.Errorf("the glossary is open before anyone asks")
	}
	a.ShowTerm(6, "pages to 80%")
	if !a.Glossary.Open || a.Glossary.focus != "def-to-level" {
		t.Errorf("pressing the header pages to 80%% leaves the glossary %+v", a.Glossary)
	}
	if g, _ := byID(built(t, &MetricsTable{App: a}), "glossary"); g.props["open"] != "true" {
		t.Errorf("the glossary is not drawn open after a header was pressed")
	}
}

// TestGlossaryEscapeReturnsToTheHeader: a header pressed gives the focus
// to its definition; Escape there gives it back to that header button
// (its id names the column), and a second Escape does nothing more.
func TestGlossaryEscapeReturnsToTheHeader(t *testing.T) {
	a, _ := readyApp(t)
	col := -1
	for i, h := range a.ShownHead() {
		if h == report.ColTau {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("no tau column in %q", a.ShownHead())
	}
	a.ShowTerm(col, report.ColTau)
	if a.Glossary.focus != "def-tau" {
		t.Fatalf("pressing tau focuses %q, want def-tau", a.Glossary.focus)
	}
	a.Glossary.focus = "" // drawn: MetricsTable.Rendered took it
	a.TermKey("def-tau", "Enter")
	if a.Glossary.focus != "" {
		t.Errorf("Enter on the definition moves the focus to %q", a.Glossary.focus)
	}
	a.TermKey("def-cost", "Escape")
	if a.Glossary.focus != "" {
		t.Errorf("Escape on another definition than the header's moves the focus to %q", a.Glossary.focus)
	}
	a.TermKey("def-tau", "Escape")
	if want := HeadID(col); a.Glossary.focus != want {
		t.Fatalf("Escape on the definition focuses %q, want the header %q", a.Glossary.focus, want)
	}
	if b, ok := byID(built(t, &MetricsTable{App: a}), HeadID(col)); !ok || b.tag != "button" || b.text != report.ColTau {
		t.Errorf("the element %s is %+v, want the tau header button", HeadID(col), b)
	}
	a.Glossary.focus = ""
	a.TermKey("def-tau", "Escape")
	if a.Glossary.focus != "" {
		t.Errorf("a second Escape focuses %q", a.Glossary.focus)
	}
	// Closed, the glossary forgets the header: opened again by its
	// summary, Escape stays where it is.
	a.ShowTerm(col, report.ColTau)
	a.Glossary.focus = ""
	a.toggleGlossary(false)
	a.toggleGlossary(true)
	a.TermKey("def-tau", "Escape")
	if a.Glossary.focus != "" {
		t.Errorf("Escape after the glossary was closed and opened again focuses %q", a.Glossary.focus)
	}
}

// TestGlossaryEscapeClosesWhatTheHeaderOpened: Escape on the definition a
// column header opened the glossary at closes the glossary again, as it
// was; a glossary the reader had opened (its summary) stays open.
func TestGlossaryEscapeClosesWhatTheHeaderOpened(t *testing.T) {
	a, _ := readyApp(t)
	col := slices.Index(a.ShownHead(), report.ColTau)
	if col < 0 {
		t.Fatalf("no tau column in %q", a.ShownHead())
	}
	a.ShowTerm(col, report.ColTau)
	a.Glossary.focus = "" // drawn
	a.TermKey("def-tau", "Escape")
	if a.Glossary.Open || a.Glossary.focus != HeadID(col) {
		t.Errorf("Escape on the definition a header opened: glossary open %v, focus %q", a.Glossary.Open, a.Glossary.focus)
	}
	a.Glossary.focus = ""
	a.toggleGlossary(true) // the summary
	a.ShowTerm(col, report.ColTau)
	a.Glossary.focus = ""
	a.TermKey("def-tau", "Escape")
	if !a.Glossary.Open || a.Glossary.focus != HeadID(col) {
		t.Errorf("Escape on a definition of the glossary opened by its summary: glossary open %v, focus %q", a.Glossary.Open, a.Glossary.focus)
	}
}

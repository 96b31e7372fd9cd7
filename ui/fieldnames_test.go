package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/ui/formcheck"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestRefusalNamesTheFormsFields: what the worker's normalisation
// refuses is named as the form names its fields, not by the scenario
// file's paths ("t min", not "simulation.regulation.min"; the strategy's
// parameter as the form writes it), for the comparison and the Revisits
// panel, both through a real session.
func TestRefusalNamesTheFormsFields(t *testing.T) {
	a, w := firstResult(t, "2000")
	for i := range a.Form.Strategies {
		if a.Form.Strategies[i].Info.ID == "windowed-rankmass" {
			a.Form.Strategies[i].On = true
			a.Form.Strategies[i].Params["window"] = "7"
		}
	}
	// More connections than the engine takes: the page leaves that
	// limit to the worker, whose message gets the page's separators.
	a.Form.Timed, a.Form.Connections = true, "10001"
	a.Run()
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	// The strategy is named once, as a further listing's refusal names
	// it (checkCopy), not again in crawl.Resolve's words.
	for _, want := range []string{"windowed-rankmass window: window = 7 is outside [", "connections: 10001 is not a number of connections: want 1 to 10,000"} {
		if !strings.Contains(a.FormError, want) {
			t.Errorf("the refusal %q does not name %q", a.FormError, want)
		}
	}
	for _, path := range []string{"strategies[", "politeness.", "strategy windowed-rankmass"} {
		if strings.Contains(a.FormError, path) {
			t.Errorf("the refusal %q names %q (a scenario path, or the strategy twice)", a.FormError, path)
		}
	}

	a.Revisits.Form.Min, a.Revisits.Form.Max = "500", "200"
	a.Revisits.Run()
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	if !strings.HasPrefix(a.Revisits.Error, "t min: ") || strings.Contains(a.Revisits.Error, "simulation.") {
		t.Errorf("the Revisits panel says %q; want it to name the field t min", a.Revisits.Error)
	}
}

// TestRevisitFieldRefusedOnce: an empty whole-number field is refused once
// (not both as no number and as a 0), and a negative seed says what the
// field wants (not "too large").
func TestRevisitFieldRefusedOnce(t *testing.T) {
	f := DefaultRefreshForm()
	f.Sites, f.Seed = "", "-1"
	_, err := f.Refresh()
	if err == nil {
		t.Fatal("accepted")
	}
	if got := strings.Count(err.Error(), "sites:"); got != 1 {
		t.Errorf("sites refused %d times: %v", got, err)
	}
	if !strings.Contains(err.Error(), "seed: -1: want a whole number from 0") {
		t.Errorf("a negative seed: %v", err)
	}
}

// TestComparisonFieldName names each kind of path.
func TestComparisonFieldName(t *testing.T) {
	s := sampleScenario()
	for path, want := range map[string]string{
		"graph.generate.pages":       "pages",
		"politeness.bandwidth":       "bandwidth",
		"strategies[1].params.batch": "batch-pagerank batch",
		"strategies[0]":              "breadth first",
		"strategies[0].label":        "breadth first",
		"strategies[99].params.m":    "strategies[99].params.m",
		"strategies[x]":              "strategies[x]",
		"metrics.levels":             "metrics.levels",
	} {
		if got := comparisonFieldName(s, path); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}

// TestRefusalKeepsWhatWasTyped: the worker's refusal shows the text the
// reader typed as typed: seeds list:"unclosed 12345 is not shown as
// "list:\"unclosed 12,345\"", so the page puts no separators in the numbers
// of the message, and a URL or a file name with digits stays as it is. The
// engine writes its own limits with separators.
func TestRefusalKeepsWhatWasTyped(t *testing.T) {
	a, w := firstResult(t, "2000")
	for _, seeds := range []string{`list:"unclosed 12345`, `list:"http://host1.example/new pages/12345`, `list:"my seeds/crawl 12345.txt`} {
		a.Form.Seeds = seeds
		a.Run()
		for _, r := range w.take() {
			a.handle(pageEvent(r))
		}
		if a.FormError == "" {
			t.Errorf("seeds %s: not refused", seeds)
			continue
		}
		if strings.Contains(a.FormError, "12,345") || !strings.Contains(a.FormError, "12345") {
			t.Errorf("seeds %s: the refusal %q does not keep the typed 12345", seeds, a.FormError)
		}
	}
	// Text the engine writes, with digits the reader did not type.
	got := fieldsText([]protocol.FieldError{{Field: "seeds", Message: `"list:/a/12345.txt": item 1: no page 123456 in the graph of 20,000 pages`}},
		func(string) string { return "seeds" })
	if want := `seeds: "list:/a/12345.txt": item 1: no page 123456 in the graph of 20,000 pages`; got != want {
		t.Errorf("fieldsText = %q, want %q", got, want)
	}
}

// firstResult returns a page with one worker, a real session, whose
// opening comparison on a generated graph of pages pages is done.
func firstResult(t *testing.T, pages string) (*App, *sessionWorker) {
	t.Helper()
	a, w := NewApp("workers=1", ""), newSessionWorker()
	a.q.Worker = w
	a.Form.Pages = pages
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	if a.Result == nil {
		t.Fatalf("no first result: %q", a.Error)
	}
	return a, w
}

// TestRefusedFieldsMarked: the inputs a refusal names are marked
// (aria-invalid, the refusal as their description, the class invalid),
// the form's own refusal as the worker's of a strategy's parameter, until
// the user changes the input or runs again; no input was marked.
func TestRefusedFieldsMarked(t *testing.T) {
	a, _ := readyApp(t)
	a.Form.Pages, a.Form.Budget = "1e99", "2.5"
	a.Run()
	pages := &Field{Value: numberBox(&a.Form.Pages), Invalid: a.InvalidInputs(),
		AttrMap: map[string]any{"id": "gen-pages", "aria-describedby": "gen-pages-hint"}}
	attrs := pages.Attrs()
	if attrs["aria-invalid"] != "true" || attrs["aria-describedby"] != "form-error gen-pages-hint" || attrs["class"] != "invalid" {
		t.Errorf("the refused pages input has attributes %v", attrs)
	}
	if !a.InvalidInputs()["budget"] || a.InvalidInputs()["gen-hosts"] {
		t.Errorf("the inputs marked are %v; want pages and budget", a.InvalidInputs())
	}
	pages.HandleChange("2000", false)
	if a.Form.Pages != "2000" || pages.Attrs()["aria-invalid"] != nil || !a.InvalidInputs()["budget"] {
		t.Errorf("after a change pages is %q and the marks are %v", a.Form.Pages, a.InvalidInputs())
	}
	pages.HandleChange("", true)
	if n := pages.Build(nil).Out[0]; a.Form.Pages != formcheck.TypedNotANumber || len(n.Prop) != 0 {
		t.Errorf("a box of letters leaves %q and sets the properties %v", a.Form.Pages, n.Prop)
	}
	a.Form.Pages, a.Form.Budget = "2000", ""
	a.Run()
	if len(a.InvalidInputs()) != 0 {
		t.Errorf("after an accepted run the marks are %v", a.InvalidInputs())
	}

	f := DefaultForm()
	choiceOf(t, &f, "windowed-rankmass").Label = "wr"
	got := invalidInputs(f, "windowed-rankmass window: 0 is not allowed\nwr window: too large\nconnections: 10001 is not a number of connections")
	for _, id := range []string{ParamInputID("windowed-rankmass", "window"), "connections"} {
		if !got[id] {
			t.Errorf("the refusal marks %v; want %s", got, id)
		}
	}
	// A refusal naming the strategy by its label alone marks its box too
	// (the lines above name it both ways).
	if got := invalidInputs(f, "wr window: too large"); !got[ParamInputID("windowed-rankmass", "window")] {
		t.Errorf("a refusal by the label marks %v; want the window box", got)
	}
}

// TestRefusedFieldSaysWhy: each refused input has, to show under itself,
// the line of the refusal that names it (the run bar, which shows the
// whole, may be a screen or more away); an input the refusal does not
// name has none, nor a changed input; and every marked input of the
// page's templates shows its line, hidden from screen readers, which
// hear the refusal as the input's description (Field.Attrs).
func TestRefusedFieldSaysWhy(t *testing.T) {
	a, _ := readyApp(t)
	a.Form.Pages, a.Form.Budget = "-5", "2.5"
	a.Run()
	lines := strings.Split(a.FormError, "\n")
	if len(lines) != 2 {
		t.Fatalf("the refusal is %q; want two lines, pages and budget", a.FormError)
	}
	lineOf := func(name string) string {
		for _, l := range lines {
			if strings.HasPrefix(l, name+": ") {
				return l
			}
		}
		t.Fatalf("the refusal %q has no line of %s", a.FormError, name)
		return ""
	}
	says := map[string]string{}
	for _, id := range []string{"gen-pages", "budget", "gen-hosts"} {
		says[id] = a.FieldRefusal(id)
	}
	if says["gen-pages"] != lineOf("pages") || says["budget"] != lineOf("budget") || says["gen-hosts"] != "" {
		t.Errorf("the lines under the inputs are %q; want pages's and budget's", says)
	}
	// Pages changed, budget not: the refusal stays in the run bar, and
	// under budget, but no longer under pages.
	pages := &Field{Value: numberBox(&a.Form.Pages), Invalid: a.InvalidInputs(), AttrMap: map[string]any{"id": "gen-pages"}}
	pages.HandleChange("3000", false)
	if got := a.FieldRefusal("gen-pages"); got != "" || a.InvalidInputs()["gen-pages"] {
		t.Errorf("pages, changed, is still marked (%v) and says %q", a.InvalidInputs()["gen-pages"], got)
	}
	if a.FieldRefusal("budget") != lineOf("budget") || a.RunBarFormError() == "" {
		t.Errorf("budget, unchanged, says %q and the run bar %q", a.FieldRefusal("budget"), a.RunBarFormError())
	}

	field := regexp.MustCompile(`<main:Field [^>]*></main:Field>(<span [^>]*></span>)?`)
	marked := 0
	files, err := filepath.Glob("*.vugu")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range field.FindAllStringSubmatch(string(text), -1) {
			if !strings.Contains(m[0], "c.App.InvalidInputs()") {
				continue
			}
			marked++
			if !strings.Contains(m[1], `class="field-refusal" aria-hidden="true"`) || !strings.Contains(m[1], "c.App.FieldRefusal(") {
				t.Errorf("%s: a marked input shows no line of the refusal after it: %s", name, m[0])
			}
		}
	}
	if marked < 10 {
		t.Errorf("%d marked inputs found; the page has more: is the pattern blind?", marked)
	}
}

// TestRefusalHiddenOnceEveryFieldChanged: the run bar stops showing a
// refusal (and its "Go to" button) once the reader has changed every input
// it named, which may have mended them, while one named input is
// unchanged it stays; a refusal that names no input stays until the next
// run.
func TestRefusalHiddenOnceEveryFieldChanged(t *testing.T) {
	a, _ := readyApp(t)
	a.Form.Pages, a.Form.Budget = "-5", "2.5"
	a.Run()
	refused := a.FormError
	pages := &Field{Value: numberBox(&a.Form.Pages), Invalid: a.InvalidInputs(), AttrMap: map[string]any{"id": "gen-pages"}}
	budget := &Field{Value: numberBox(&a.Form.Budget), Invalid: a.InvalidInputs(), AttrMap: map[string]any{"id": "budget"}}
	pages.HandleChange("3000", false)
	if a.RunBarFormError() != refused {
		t.Errorf("with budget still as refused the run bar shows %q, want %q", a.RunBarFormError(), refused)
	}
	budget.HandleChange("2", false)
	if got := a.RunBarFormError(); got != "" {
		t.Errorf("after both fields changed the run bar shows %q", got)
	}
	if got := (&RunPanel{App: a}).InvalidField(); got != "" {
		t.Errorf("after both fields changed the run bar offers to go to %q", got)
	}
	a.Form.Pages, a.Form.Budget = "3000", ""
	a.Run()
	if a.FormError != "" {
		t.Fatalf("the mended form is refused: %s", a.FormError)
	}

	a.FormError = "graph: choose a graph file in the Graph panel"
	if a.RunBarFormError() != a.FormError {
		t.Errorf("a refusal naming no input is not shown: %q", a.RunBarFormError())
	}
}

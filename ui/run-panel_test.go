package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// TestFormErrorGoesToItsField: under the form's refusal in the run bar a
// button, named for the first field refused that has an input, gives
// that input the focus: on a phone the form is many screens under the
// run bar, and a keyboard reader some forty presses of Tab from it. A
// refusal of a strategy's parameter goes to its box, one of a further
// listing to its Remove button; a refusal that names no input, a
// refusal shown by the Graph panel, or an embedded page (no form) has
// no such button.
func TestFormErrorGoesToItsField(t *testing.T) {
	var focused []string
	old := focusField
	focusField = func(id string) { focused = append(focused, id) }
	t.Cleanup(func() { focusField = old })
	a, _ := readyApp(t)
	if _, ok := buttons(t, a)["to-invalid"]; ok {
		t.Fatal("without a refusal the run bar has a button to a field")
	}
	a.Form.Seeds, a.Form.Pages = "top-pagerank:5", "-5"
	a.Run()
	b, ok := buttons(t, a)["to-invalid"]
	if !ok || a.RunBarFormError() == "" {
		t.Fatalf("after Run refused pages (%q) the run bar has no button to the field", a.RunBarFormError())
	}
	if got := (&RunPanel{App: a}).InvalidField(); got != "pages" {
		t.Errorf("the button goes to %q; want pages", got)
	}
	b.press()
	if len(focused) != 1 || focused[0] != "gen-pages" {
		t.Errorf("the button gave the focus to %v; want gen-pages", focused)
	}

	f := DefaultForm()
	choiceOf(t, &f, "windowed-rankmass").Label = "wr"
	for _, c := range []struct{ refusal, id, name string }{
		{"wr window: too large\nconnections: 10001 is not a number of connections", ParamInputID("windowed-rankmass", "window"), "wr window"},
		{"the graph has no hosts\nrandom seed: want 0 or more", "random-seed", "random seed"},
		{"the graph has no hosts", "", ""},
	} {
		if id, name := invalidTarget(f, c.refusal); id != c.id || name != c.name {
			t.Errorf("the refusal %q goes to %q (%q); want %q (%q)", c.refusal, id, name, c.id, c.name)
		}
	}
	// Run with an upload and no file goes to the file's input; with the
	// site's graphs and none chosen, to the first of them, and nowhere
	// when the site lists none.
	var none *page.Upload
	pickedFiles(t, &none)
	for _, c := range []struct {
		source string
		graphs []model.SiteGraph
		want   string
	}{
		{SourceUpload, nil, "graph-file"},
		{SourceSite, []model.SiteGraph{{File: "graphs/a.graph"}}, SiteGraphID(0)},
		{SourceSite, nil, ""},
	} {
		g, _ := readyApp(t)
		g.Form.Source, g.SiteGraphs = c.source, c.graphs
		g.Run()
		if !strings.HasPrefix(g.RunBarFormError(), "graph: ") {
			t.Fatalf("%s without a graph: the run bar says %q", c.source, g.RunBarFormError())
		}
		focused = nil
		(&RunPanel{App: g}).GoToInvalid()
		if name := (&RunPanel{App: g}).InvalidField(); c.want != "" && (name != "graph" || len(focused) != 1 || focused[0] != c.want) {
			t.Errorf("%s: the button is %q and goes to %v; want graph and %s", c.source, name, focused, c.want)
		} else if c.want == "" && (name != "" || len(focused) != 0) {
			t.Errorf("%s with no site graph: the button is %q and goes to %v; want none", c.source, name, focused)
		}
	}
	fpr := choiceOf(t, &f, "fpr-m")
	fpr.More = append(fpr.More, model.Strategy{ID: "fpr-m", Params: model.Values{"m": 2}})
	if id, _ := invalidTarget(f, MoreText(*fpr, fpr.More[0])+": m must be at least 1"); id != MoreID("fpr-m", 0) {
		t.Errorf("a refused further listing goes to %q; want its Remove button %q", id, MoreID("fpr-m", 0))
	}

	a.Embed = true
	if _, ok := buttons(t, a)["to-invalid"]; ok {
		t.Error("an embedded page, which has no form, has a button to a field")
	}
	a.Embed = false
	a.Form.Pages = "0"
	a.Generate()
	if _, ok := buttons(t, a)["to-invalid"]; ok || a.PanelError() == "" {
		t.Errorf("a refusal the Graph panel shows by Generate (%q) has a button in the run bar", a.PanelError())
	}
}

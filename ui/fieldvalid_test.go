package main

import (
	"strings"
	"testing"
)

// TestNumberFieldsSayWhatIsWrong: a whole number too large for a field is
// said to be too large, with the field's limit (it was "not a whole
// number"); what does not read as a number, typed or left by a number box
// holding letters (typedNotANumber), is "not a number" (the box's letters
// read as empty).
func TestNumberFieldsSayWhatIsWrong(t *testing.T) {
	for _, c := range []struct {
		set  func(*Form)
		want string
	}{
		{func(f *Form) { f.Pages = "1e99" }, "pages: 1e99 is too large: at most 4,294,967,295"},
		{func(f *Form) { f.Pages = "99999999999999999999" }, "pages: 99999999999999999999 is too large: at most 4,294,967,295"},
		{func(f *Form) { f.Pages = "2e4"; f.Hosts = "abc" }, `hosts: "abc" is not a number`},
		{func(f *Form) { f.RandomSeed = typedNotANumber }, "random seed: what is typed is not a number"},
		{func(f *Form) { f.Pages = "abc" }, `pages: "abc" is not a number`},
		{func(f *Form) { f.Pages = typedNotANumber }, "pages: what is typed is not a number"},
		{func(f *Form) { f.Pages = "2.5" }, `pages: "2.5" is not a whole number`},
		{func(f *Form) { f.Timed, f.Connections = true, "1e99" }, "connections: 1e99 is too large: at most 10,000"},
		{func(f *Form) { f.Timed, f.Connections = true, typedNotANumber }, "connections: what is typed is not a number"},
		{func(f *Form) { f.Hosts = "1e99" }, "hosts: 1e99 is too large: at most 20,000"},
		{func(f *Form) { f.Budget = "1e99" }, "budget: 1e99 is too large: at most 9,223,372,036,854,775,807"},
		{func(f *Form) { f.Wait = typedNotANumber; f.Timed = true }, "wait: what is typed is not a number"},
		// Read as the worker reads a scenario's counts (model.WholeNumber):
		// strconv.ParseFloat took these as 20,000 and 16.
		{func(f *Form) { f.Pages = "20000.000000000001" }, `pages: "20000.000000000001" is not a whole number`},
		{func(f *Form) { f.Pages = "0x1p4" }, `pages: "0x1p4" is not a number`},
	} {
		f := DefaultForm()
		c.set(&f)
		_, err := f.Scenario()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("the form says %v; want %q", err, c.want)
		}
	}
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
	if n := pages.Build(nil).Out[0]; a.Form.Pages != typedNotANumber || len(n.Prop) != 0 {
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

// TestCommunitySeedsField: the community seeds box says blank is empty
// (it said `"" is not a number of seeds of at least 1`), letters are not
// a number, and a count too large is too large.
func TestCommunitySeedsField(t *testing.T) {
	for _, c := range []struct{ k, want string }{
		{"", "seeds: empty: give the number of seeds, 1 or more"},
		{" ", "seeds: empty: give the number of seeds, 1 or more"},
		{"abc", `seeds: "abc" is not a number`},
		{"1e99", "seeds: 1e99 is too large: at most 4,294,967,295"},
		{"0", `seeds: "0" is not a number of seeds of at least 1`},
	} {
		com := Community{K: c.k}
		if _, err := com.Spec(); err == nil || err.Error() != c.want {
			t.Errorf("seeds %q: %v; want %q", c.k, err, c.want)
		}
	}
}

package main

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// engineFields returns the fields err, an error of the engine's
// normalisation, refuses, as the worker sends them (protocol.FieldError).
func engineFields(t *testing.T, err error) []protocol.FieldError {
	t.Helper()
	list := []error{err}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		list = joined.Unwrap()
	}
	var out []protocol.FieldError
	for _, e := range list {
		var fe *scenario.FieldError
		if !errors.As(e, &fe) {
			t.Fatalf("not a field's error: %v", e)
		}
		out = append(out, protocol.FieldError{Field: fe.Field, Message: fe.Message})
	}
	return out
}

// TestFormSaysTheEnginesWords: each field of the form that an audit found
// refused in the page's own words ("wait: -1: want a number of seconds
// from 0 to 1,000,000; leave the field blank for the default" where
// crawlsim run says "-wait -1 is not a non-negative number of seconds")
// is refused before a run with the engine's message: the worker's
// refusal of the same value (scenario.Normalize, shown as fieldsText
// shows it), and the words crawlsim run prints after the flag. The field
// is marked, and the form keeps what was typed.
func TestFormSaysTheEnginesWords(t *testing.T) {
	for _, c := range []struct {
		name   string
		pages  string // the form's pages, the value's context
		typed  func(*Form)
		engine func(*model.Scenario)
		input  string // the input marked
		label  string
		cli    string // crawlsim run's message, with -n for the pages
	}{
		{"wait -1", "", func(f *Form) { f.Wait = "-1" }, func(s *model.Scenario) { s.Politeness.Wait = model.Float(-1) },
			"wait", "wait", "-wait -1 is not a number of seconds from 0 to 1,000,000"},
		{"wait 2e6", "", func(f *Form) { f.Wait = "2e6" }, func(s *model.Scenario) { s.Politeness.Wait = model.Float(2e6) },
			"wait", "wait", "-wait 2,000,000 is too large: at most 1,000,000 seconds, so that simulated times stay computable"},
		{"latency NaN", "", func(f *Form) { f.Latency = "NaN" }, func(s *model.Scenario) { s.Politeness.Latency = model.Float(math.NaN()) },
			"latency", "latency", "-latency NaN is not a number of seconds from 0 to 1,000,000"},
		{"page size -1", "", func(f *Form) { f.PageSize = "-1" }, func(s *model.Scenario) { s.Politeness.PageSize = model.Float(-1) },
			"page-size", "page size", "-page-size -1 is not a non-negative number of bytes"},
		{"hosts 5000", "1000", func(f *Form) { f.Hosts = "5000" }, func(s *model.Scenario) { s.Graph.Generate.Hosts = 5000 },
			"gen-hosts", "hosts", "-hosts 5,000 is more than the 1,000 pages: at most 1,000, since every host needs a page"},
		{"hosts 5e3", "1000", func(f *Form) { f.Hosts = "5e3" }, func(s *model.Scenario) { s.Graph.Generate.Hosts = 5000 },
			"gen-hosts", "hosts", "-hosts 5,000 is more than the 1,000 pages: at most 1,000, since every host needs a page"},
		{"degree 1e5", "2000", func(f *Form) { f.Degree = "1e5" }, func(s *model.Scenario) { s.Graph.Generate.MeanOutDegree = 1e5 },
			"gen-degree", "mean out-degree", "-degree 100,000 is too large for 2,000 pages: at most 999.5 (= (pages-1)/2)"},
		{"intra 2", "", func(f *Form) { f.Intra = "2" }, func(s *model.Scenario) { s.Graph.Generate.IntraHostShare = model.Float(2) },
			"gen-intra", "intra-host share", "-intra 2 is out of range: want a number from 0 to 1"},
		{"pages 5e9", "", func(f *Form) { f.Pages = "5e9" }, func(s *model.Scenario) { s.Graph.Generate.Pages = 5e9 },
			"gen-pages", "pages", "-n 5,000,000,000 is too many: at most 4,294,967,295"},
	} {
		a, w := readyApp(t)
		a.Form.Timed = true
		if c.pages != "" {
			a.Form.Pages = c.pages
		}
		s, err := a.Form.Scenario()
		if err != nil {
			t.Fatalf("%s: the form before: %v", c.name, err)
		}
		c.typed(&a.Form)
		typed, sent := a.Form, len(w.sent)
		a.Run()
		c.engine(&s)
		_, err = scenario.Normalize(s)
		if err == nil {
			t.Fatalf("%s: the engine takes it", c.name)
		}
		worker := fieldsText(engineFields(t, err), func(path string) string { return comparisonFieldName(s, path) })
		_, rest, _ := strings.Cut(c.cli, " ") // after "-wait:" or "-hosts"
		cli := c.label + ": " + rest
		if a.FormError != worker || a.FormError != cli {
			t.Errorf("%s: the page says\n%q\nthe worker\n%q\ncrawlsim run\n%q", c.name, a.FormError, worker, cli)
		}
		if ids := a.InvalidInputs(); !ids[c.input] || len(ids) != 1 {
			t.Errorf("%s: marks %v, want %s", c.name, ids, c.input)
		}
		if len(w.sent) != sent || !reflect.DeepEqual(a.Form, typed) || a.Result == nil {
			t.Errorf("%s: sent %d requests, form kept %v, result kept %v", c.name, len(w.sent)-sent, reflect.DeepEqual(a.Form, typed), a.Result != nil)
		}
	}
}

// TestRevisitsSayTheEnginesWords: each value of the Revisits panel the
// engine refuses is refused before a simulation in the engine's words
// (scenario.NormalizeRefresh, crawlsim refresh's: "-alpha 2: want a
// weight from 0 to 1"), under the panel's label, the field's name said
// once; the worker's refusal of the same field is shown alike.
func TestRevisitsSayTheEnginesWords(t *testing.T) {
	for _, c := range []struct {
		typed func(*RefreshForm)
		want  string
	}{
		{func(f *RefreshForm) { f.Alpha = "2" }, "weight α of changes: 2: want a weight from 0 to 1"},
		{func(f *RefreshForm) { f.MinInterest = "1.5" }, "minimum interest a: 1.5: want a share from 0 to 1"},
		{func(f *RefreshForm) { f.Horizon = "1e9" }, "horizon: about 2,600,000,000,000 events (sites × horizon × rates): at most 100,000,000; shorten the horizon or lower the rates"},
		{func(f *RefreshForm) { f.Horizon = "-1" }, "horizon: -1: want a positive number"},
		{func(f *RefreshForm) { f.Sites = "2000000" }, "sites: 2,000,000: want 1 to 1,048,576"},
		{func(f *RefreshForm) { f.Users = "70000" }, "users: 70,000: want 1 to 65,536"},
		{func(f *RefreshForm) { f.ChangeMin = "-1" }, "change rates from: -1: want a positive number"},
		{func(f *RefreshForm) { f.Popularity = "-1" }, "popularity: -1: want a Zipf exponent of 0 or more"},
		{func(f *RefreshForm) { f.Min = "-1" }, "t min: -1: want a positive interval"},
		{func(f *RefreshForm) { f.Initial = "Inf" }, "first interval t0: +Inf: want a positive interval"},
	} {
		f := DefaultRefreshForm()
		c.typed(&f)
		_, pageErr := f.Refresh()
		r, err := f.withoutChecks()
		if err != nil {
			t.Fatal(err)
		}
		_, err = scenario.NormalizeRefresh(r)
		if err == nil {
			t.Fatalf("%s: the engine takes it", c.want)
		}
		var lines []string
		for _, fe := range engineFields(t, err) {
			label, msg := revisitProblem(fe.Field, fe.Message)
			lines = append(lines, label+": "+msg)
		}
		if pageErr == nil || pageErr.Error() != c.want || strings.Join(lines, "\n") != c.want {
			t.Errorf("the page says %v, the engine %q; want %q", pageErr, lines, c.want)
		}
	}

	// The worker's refusal, as it comes.
	a, w := readyApp(t)
	a.Revisits.Run()
	id := w.sent[len(w.sent)-1].ID
	a.handle(pageEvent(protocol.Response{ID: id, Kind: protocol.KindError, Error: "refused",
		Fields: []protocol.FieldError{{Field: "simulation.regulation.alpha", Message: "alpha 2: want a weight from 0 to 1"},
			{Field: "policies[0]", Message: `unknown policy "x"; want fixed, change or change+interest`}}}))
	want := "weight α of changes: 2: want a weight from 0 to 1\npolicies[0]: unknown policy \"x\"; want fixed, change or change+interest"
	if a.Revisits.Error != want {
		t.Errorf("the worker's refusal is shown as\n%s\nwant\n%s", a.Revisits.Error, want)
	}
}

package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestWorkerNormalises checks that the page sends a scenario that only its
// worker can refuse (damping out of range) without normalising it itself,
// shows the fields the worker refused where the form's errors go, and
// keeps the permalink of the last scenario the worker accepted.
func TestWorkerNormalises(t *testing.T) {
	a, w := readyApp(t)
	accepted := a.Permalink
	if accepted == "" {
		t.Fatal("no permalink after the opening run")
	}
	a.Form.Base.Damping = 2
	a.Run()
	if a.FormError != "" || len(w.sent) != 2 || w.sent[1].Kind != protocol.KindRun {
		t.Fatalf("the page refused the run itself (%q) or sent %+v; the worker normalises", a.FormError, w.sent)
	}
	msg := "damping: 2 is outside (0, 1]"
	a.handle(pageEvent(protocol.Response{ID: w.sent[1].ID, Kind: protocol.KindError, Error: msg,
		Fields: []protocol.FieldError{{Field: "damping", Message: "2 is outside (0, 1]"}}}))
	if a.FormError != msg || a.Error != "" {
		t.Errorf("form error %q, error %q; want the worker's field error %q beside the form", a.FormError, a.Error, msg)
	}
	if a.Permalink != accepted {
		t.Errorf("permalink %q after a refused scenario, want the last accepted one %q", a.Permalink, accepted)
	}
	if a.WorkerBusy() {
		t.Error("the refused run is still pending")
	}

	// A failure that is not about fields stays the page's error.
	a.Form.Base.Damping = 0
	a.Run()
	a.handle(pageEvent(protocol.Response{ID: w.sent[2].ID, Kind: protocol.KindError, Error: "out of memory"}))
	if a.Error != "out of memory" || a.FormError != "" {
		t.Errorf("error %q, form error %q; want the failure as the page's error", a.Error, a.FormError)
	}
}

// TestFieldsReadAsTheEngine types into each number field of the form a
// value at the edge of what the command line accepts (crawlsim run -h and
// gen -h; each case's verdict is what `crawlsim run -n ...` says to the
// same value) and checks that the page accepts exactly what the engine
// accepts: the form's own reading (a 0 that the scenario would replace by
// its default is refused in scenario.ZeroNotAllowed's words, as the
// command line refuses it), then the worker's normalisation.
func TestFieldsReadAsTheEngine(t *testing.T) {
	for _, c := range []struct {
		name, text string
		set        func(*Form, string)
		ok         bool
		want       string // in the refusal
	}{
		{"pages", "1", func(f *Form, v string) { f.Pages = v }, true, ""},
		{"pages", "0", func(f *Form, v string) { f.Pages = v }, false, "0 is not allowed: want 1 or more pages"},
		{"pages", "-1", func(f *Form, v string) { f.Pages = v }, false, "-1 is not allowed: want 1 or more pages"},
		{"pages", "", func(f *Form, v string) { f.Pages = v }, false, "empty"},
		{"hosts", "1", func(f *Form, v string) { f.Hosts = v }, true, ""},
		{"hosts", "0", func(f *Form, v string) { f.Hosts = v }, false, "0 is not allowed: want 1 to the number of pages"},
		{"hosts", "30000", func(f *Form, v string) { f.Hosts = v }, false, "hosts: 30000: want 1 to the number of pages (20,000)"},
		{"mean out-degree", "0", func(f *Form, v string) { f.Degree = v }, false, "0 is not allowed: want a positive mean"},
		{"mean out-degree", "0.5", func(f *Form, v string) { f.Degree = v }, true, ""},
		{"intra-host share", "1.5", func(f *Form, v string) { f.Intra = v }, false, "intra-host share: 1.5: want a number from 0 to 1"},
		{"generator seed", "18446744073709551615", func(f *Form, v string) { f.GenSeed = v }, true, ""},
		{"random seed", "18446744073709551615", func(f *Form, v string) { f.RandomSeed = v }, true, ""},
		{"random seed", "-1", func(f *Form, v string) { f.RandomSeed = v }, false, "random seed"},
		{"budget", "-1", func(f *Form, v string) { f.Budget = v }, false, "budget"},
		{"connections", "0", func(f *Form, v string) { f.Timed, f.Connections = true, v }, false, "0 is not allowed: want 1 to 10,000 connections"},
		{"connections", "10001", func(f *Form, v string) { f.Timed, f.Connections = true, v }, false, "connections"},
		{"wait", "0", func(f *Form, v string) { f.Timed, f.Wait = true, v }, true, ""},
		{"wait", "-1", func(f *Form, v string) { f.Timed, f.Wait = true, v }, false, "wait"},
		{"latency", "0", func(f *Form, v string) { f.Timed, f.Latency = true, v }, true, ""},
		{"page size", "0", func(f *Form, v string) { f.Timed, f.PageSize = true, v }, true, ""},
		{"bandwidth", "0", func(f *Form, v string) { f.Timed, f.Bandwidth = true, v }, false, "0 is not allowed: want a positive number of bytes per second"},
	} {
		f := DefaultForm()
		c.set(&f, c.text)
		s, err := f.Scenario()
		if err == nil {
			_, err = scenario.Normalize(s)
		}
		switch {
		case c.ok && err != nil:
			t.Errorf("%s %q: refused (%v); the command line accepts it", c.name, c.text, err)
		case !c.ok && err == nil:
			t.Errorf("%s %q: accepted; the command line refuses it", c.name, c.text)
		case !c.ok && !strings.Contains(err.Error(), c.want):
			t.Errorf("%s %q: refused with %q, want it to say %q", c.name, c.text, err, c.want)
		}
	}
}

package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestOpenScenarioFile: a scenario file (crawlsim run -save-scenario,
// reproduce -o) opens on the page as its permalink does: the form shows
// it, it runs, and the address holds its permalink, pushed so that Back
// returns to the scenario before; a result file opens its scenario; a
// graph file named by a path is asked for by its name.
func TestOpenScenarioFile(t *testing.T) {
	a, w := readyApp(t)
	a.env = &quietEnv{}
	pushed := recordedFragments(t, &pushFragment)
	s := defaultScenario()
	s.Graph.Generate.Pages, s.Seeds = 3000, "random:5"
	data, err := model.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	a.openScenarioText("001-rankmass.json", data, nil)
	want, _ := EncodePermalink(s)
	if a.Error != "" || a.Form.Pages != "3000" || a.Form.Seeds != "random:5" || len(*pushed) != 1 || (*pushed)[0] != want {
		t.Fatalf("after the file: error %q, pages %q, seeds %q, address %q", a.Error, a.Form.Pages, a.Form.Seeds, *pushed)
	}
	if run := lastRun(w); run == nil || run.Graph.Generate.Pages != 3000 {
		t.Fatalf("the worker was last sent %+v", w.sent[len(w.sent)-1])
	}
	answerRun(t, a, w)

	// A result: its scenario opens.
	s.Graph.Generate.Pages = 4000
	res, err := model.MarshalResult(&model.Result{Version: model.Version, Scenario: s})
	if err != nil {
		t.Fatal(err)
	}
	a.openScenarioText("result.json", res, nil)
	if a.Error != "" || a.Form.Pages != "4000" || lastRun(w) == nil {
		t.Errorf("after the result file: error %q, pages %q", a.Error, a.Form.Pages)
	}
	answerRun(t, a, w)

	// A graph file by its command line's path: asked for by its name.
	file := defaultScenario()
	file.Graph = model.Source{File: "data/web.edges", URLs: "data/web.urls"}
	data, err = model.Marshal(file)
	if err != nil {
		t.Fatal(err)
	}
	sent := len(w.sent)
	a.openScenarioText("file.json", data, nil)
	if a.Error != "" || a.Form.Source != SourceUpload || a.Form.File != "" || a.Notice != uploadNotice("web.edges", "web.urls") || len(w.sent) != sent {
		t.Errorf("a scenario on data/web.edges: error %q, source %q, file %q, notice %q, %d requests sent", a.Error, a.Form.Source, a.Form.File, a.Notice, len(w.sent)-sent)
	}

	// The scenario the page shows: said, nothing run.
	a.openScenarioText("result.json", res, nil)
	answerRun(t, a, w)
	sent = len(w.sent)
	a.openScenarioText("same.json", res, nil)
	if len(w.sent) != sent || !strings.Contains(a.Notice, "same.json holds the scenario the page shows") {
		t.Errorf("the same scenario again: %d requests sent, notice %q", len(w.sent)-sent, a.Notice)
	}
}

// TestOpenScenarioFileRefusals: a file that holds no crawl scenario is
// refused with what is wrong and where, and the page keeps its
// scenario, runs nothing and leaves the address alone.
func TestOpenScenarioFileRefusals(t *testing.T) {
	for _, c := range []struct {
		name, text string
		err        error
		want       string
	}{
		{"bad.json", `{"seeds": "top-pagerank:10",`, nil, "bad.json"},
		{"typo.json", `{"seed": "top-pagerank:10"}`, nil, `typo.json:1:2: unknown field "seed"`},
		{"refresh.json", `{"simulation": {"sites": 10}, "policies": ["fixed"]}`, nil, "refresh.json: the Revisits panel has no field for policies fixed"},
		{"big.json", "", errors.New("big.json: 9,000,000 bytes, more than a scenario takes (8,388,608 bytes at most)"), "Cannot open the scenario file: big.json: 9,000,000 bytes"},
	} {
		a, w := readyApp(t)
		a.env = &quietEnv{}
		pushed := recordedFragments(t, &pushFragment)
		a.Form.Pages = "1234"
		sent := len(w.sent)
		a.openScenarioText(c.name, []byte(c.text), c.err)
		if !strings.Contains(a.Error, c.want) || !strings.HasSuffix(a.Error, "the page keeps the scenario it shows.") {
			t.Errorf("%s: error %q, want it to say %q", c.name, a.Error, c.want)
		}
		if a.Form.Pages != "1234" || len(w.sent) != sent || len(*pushed) != 0 {
			t.Errorf("%s: pages %q, %d requests sent, address %q", c.name, a.Form.Pages, len(w.sent)-sent, *pushed)
		}
	}
}

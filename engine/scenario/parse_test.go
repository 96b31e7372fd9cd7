package scenario

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
)

// TestParseErrors checks that every kind of bad JSON gives an error naming
// the file, the line and column of the problem, and the field.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"unknown field", "{\n  \"strategies\": [{\"id\": \"fpr\", \"paramz\": {}}]\n}",
			`run.json:2:32: unknown field "paramz" in strategies[0]; expected one of: id, params, label`},
		{"unknown top-level field", `{"seed": 3}`,
			`run.json:1:2: unknown field "seed" in the top level; expected one of: version, graph, previous, importance, trust, damping, tolerance, seeds, strategies, budget, politeness, random_seed, metrics, seed_study`},
		{"field in wrong letter case", `{"Seeds": "bfs"}`,
			`run.json:1:2: unknown field "Seeds" in the top level; did you mean "seeds"?`},
		{"unknown nested field after valid ones", "{\"graph\": {\"generate\": {\"pages\": 10,\n\t\"pagez\": 3}}}",
			`run.json:2:2: unknown field "pagez" in graph.generate; expected one of: pages, hosts, mean_out_degree, intra_host_share, host_size_exponent, out_degree_exponent, copy_probability, seed`},
		{"string for integer", `{"graph": {"generate": {"pages": "many"}}}`,
			`run.json:1:34: graph.generate.pages: expected a whole number, not a string`},
		{"fraction for integer", `{"graph": {"generate": {"pages": 1.5}}}`,
			`run.json:1:34: graph.generate.pages: expected a whole number, not 1.5`},
		{"string parameter", "{\"strategies\": [\n {\"id\": \"bfs\"},\n {\"id\": \"fpr-m\", \"params\": {\"m\": \"x\"}}]}",
			`run.json:3:34: strategies[1].params.m: expected a number, not a string`},
		{"object for array", `{"strategies": {}}`,
			`run.json:1:16: strategies: expected an array, not an object`},
		{"negative seed", `{"random_seed": -1}`,
			`run.json:1:17: random_seed: expected a non-negative whole number, not -1`},
		{"bool for number", `{"politeness": {"wait": true}}`,
			`run.json:1:25: politeness.wait: expected a number, not true or false`},
		{"array at top level", `[1]`,
			`run.json:1:1: the top level: expected a JSON object, not an array`},
		{"syntax error", "{\n  \"seeds\": \"bfs\",\n}",
			`run.json:3:1: invalid character '}' looking for beginning of object key string`},
		{"columns count characters", `{"seeds": "é", x}`,
			`run.json:1:16: invalid character 'x' looking for beginning of object key string`},
		{"cut short", `{"seeds": "x"`,
			`run.json:1:14: unexpected end of file: the JSON is cut short`},
		{"empty", "  \n", `run.json: empty file; expected a JSON object`},
		{"trailing data", "{}\n{}", `run.json:2:1: unexpected data after the JSON object`},
		{"version", "{\n \"version\": 2}", `run.json:2:2: version 2 is not supported; this program reads version 1`},
		// encoding/json would keep the last of repeated keys silently.
		{"repeated field", "{\"budget\": 10,\n \"budget\": 20}",
			`run.json:2:2: field "budget" is given twice in the top level (first at line 1, column 2); give it once`},
		{"repeated parameter", `{"strategies": [{"id": "fpr-m", "params": {"m": 1, "m": 2}}]}`,
			`run.json:1:52: field "m" is given twice in strategies[0].params (first at line 1, column 44); give it once`},
		{"repeated field in the second element", `{"strategies": [{"id": "bfs"}, {"id": "fpr", "id": "opic"}]}`,
			`run.json:1:46: field "id" is given twice in strategies[1] (first at line 1, column 33); give it once`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.in), "run.json")
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %q\nwant %q", err, tt.want)
			}
		})
	}
}

// TestParseAcceptsAKeyOnceInEachObject checks that a key given once in
// each of several objects is not taken for a repeat.
func TestParseAcceptsAKeyOnceInEachObject(t *testing.T) {
	in := `{"strategies": [{"id": "bfs", "label": "a"}, {"id": "bfs", "label": "b"}],
	  "graph": {"generate": {"seed": 1}}, "previous": {"evolve": {"seed": 1}}}`
	if _, err := Parse(strings.NewReader(in), "run.json"); err != nil {
		t.Error(err)
	}
}

// TestParseAccepts checks what Parse keeps as written: it does not fill
// defaults.
func TestParseAccepts(t *testing.T) {
	in := `{"version": 1, "graph": {"file": "g.edges", "urls": "g.urls"},
	  "seeds": "host-roots", "strategies": [{"id": "fpr-m", "params": {"m": 10}, "label": "FPR@10"}],
	  "politeness": {"connections": 2, "wait": 0}, "random_seed": 18446744073709551615}`
	s, err := Parse(strings.NewReader(in), "run.json")
	if err != nil {
		t.Fatal(err)
	}
	want := Scenario{
		Version:    1,
		Graph:      Source{File: "g.edges", URLs: "g.urls"},
		Seeds:      "host-roots",
		Strategies: []Strategy{{ID: "fpr-m", Params: crawl.Values{"m": 10}, Label: "FPR@10"}},
		Politeness: &Politeness{Connections: 2, Wait: ptr(0)},
		RandomSeed: 1<<64 - 1,
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("parsed %+v\nwant %+v", s, want)
	}
}

// TestScenarioRoundTrip checks that Marshal and Parse are inverse on
// normalized scenarios, and that normalizing is idempotent.
func TestScenarioRoundTrip(t *testing.T) {
	scenarios := []Scenario{
		Default(),
		{
			Graph:      Source{File: "web.graph", Format: "bvgraph", URLs: "web.urls"},
			Previous:   &PreviousSource{File: "old.edges"},
			Importance: ImportancePersonalized,
			Damping:    0.9,
			Seeds:      "list:http://a.example/,3",
			Strategies: []Strategy{{ID: "hist-pagerank-parent"}, {ID: "fpr-m", Params: crawl.Values{"m": 10}}},
			Budget:     500,
			Politeness: &Politeness{Wait: ptr(0), Latency: ptr(0.25)},
			RandomSeed: 42,
			Metrics:    Metrics{LowerBound: 10},
		},
		{
			Graph:      Source{Generate: &Generate{Pages: 5000, IntraHostShare: ptr(0), Seed: 9}},
			Previous:   &PreviousSource{Evolve: &Evolve{NewPages: ptr(0.5), Seed: 3}},
			Strategies: []Strategy{{ID: "hist-pagerank-random", Label: "history"}},
		},
	}
	for i, s := range scenarios {
		n, err := Normalize(s)
		if err != nil {
			t.Fatalf("scenario %d: %v", i, err)
		}
		data, err := Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(bytes.NewReader(data), "round-trip.json")
		if err != nil {
			t.Fatalf("scenario %d: %v\n%s", i, err, data)
		}
		if !reflect.DeepEqual(back, n) {
			t.Errorf("scenario %d: round trip changed it:\n%s", i, data)
		}
		again, err := Normalize(back)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(again, n) {
			t.Errorf("scenario %d: normalizing twice changed it", i)
		}
	}
}

// TestParseResultRefusesOtherVersions checks ParseResult's version check.
func TestParseResultRefusesOtherVersions(t *testing.T) {
	_, err := ParseResult(strings.NewReader(`{"version": 0, "scenario": {}}`), "r.json")
	want := `r.json:1:2: result version 0 is not supported; this program reads version 1`
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

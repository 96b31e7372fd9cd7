package model

import (
	"strings"
	"testing"
)

// TestReaderRules: the zero Reader refuses no 0 and no text; its rules
// refuse a 0 written for a number that takes a default, placed and in the
// rule's words; Refuse refuses a text by its head.
func TestReaderRules(t *testing.T) {
	in := `{"damping": 0}`
	if s, err := (Reader{}).Parse(strings.NewReader(in), "run.json"); err != nil || s.Damping != 0 {
		t.Fatalf("the zero Reader: %+v, %v", s, err)
	}
	rd := Reader{ScenarioZeros: []ZeroRule{{Path: "damping", Want: "a number in (0, 1]", Default: "0.85"}}}
	_, err := rd.Parse(strings.NewReader(in), "run.json")
	want := "run.json:1:13: damping: 0 is not allowed: want a number in (0, 1]; leave the field out for the default, 0.85"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	rd.Refuse = func(head []byte) string {
		if strings.HasPrefix(string(head), "\x1f\x8b") {
			return "compressed"
		}
		return ""
	}
	if _, err := rd.Parse(strings.NewReader("\x1f\x8b..."), "run.json.gz"); err == nil || err.Error() != "run.json.gz: compressed" {
		t.Errorf("Refuse: %v", err)
	}
	if _, err := rd.ParseResult(strings.NewReader(`{"version": 1, "scenario": {}, "graph": {}, "importance": {}, "seeds": [], "reachable": 0, "strategies": [], "extra": 1}`), "r.json"); err == nil || !strings.Contains(err.Error(), `unknown field "extra"`) {
		t.Errorf("ParseResult with an unknown field: %v", err)
	}
}

// TestNumberAt: the number at a JSON path of a value, through pointers,
// with thousands separators as messages write it; "?" where there is none.
func TestNumberAt(t *testing.T) {
	s := Scenario{Damping: 0.85, Graph: Source{Generate: &Generate{Pages: 20000}}, Politeness: &Politeness{Wait: Float(15)}}
	for path, want := range map[string]string{
		"damping":              "0.85",
		"graph.generate.pages": "20,000",
		"politeness.wait":      "15",
		"previous.evolve.seed": "?",
		"graph.file.x":         "?",
		"no_such_field":        "?",
	} {
		if got := NumberAt(s, path); got != want {
			t.Errorf("NumberAt(%s) = %q, want %q", path, got, want)
		}
	}
}

// TestCatalogueReadsBack: a catalogue reads back as it was written, and a
// catalogue with an unknown field or trailing data is refused.
func TestCatalogueReadsBack(t *testing.T) {
	c := &Catalogue{
		Strategies:   []StrategyInfo{{ID: "s", Name: "S", Rank: 1, Presets: map[string]int{PresetDefault: 1}, Params: []Param{{Name: "m", Default: 1, Max: 2}}}},
		Presets:      map[string][]string{PresetDefault: {"s"}},
		Papers:       []Paper{{Number: "000", Citation: "c"}},
		Default:      Scenario{Version: Version, Seeds: "random:1"},
		DefaultPages: 10,
	}
	data, err := MarshalCatalogue(c)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseCatalogue(data, "c.json")
	if err != nil {
		t.Fatal(err)
	}
	again, _ := MarshalCatalogue(back)
	if string(again) != string(data) {
		t.Errorf("read back differently:\n%s\n%s", data, again)
	}
	if s, ok := back.Strategy("s"); !ok || s.Params[0].Name != "m" {
		t.Errorf("Strategy(s) = %+v, %v", s, ok)
	}
	if _, ok := back.Strategy("t"); ok {
		t.Error("Strategy(t) found a strategy")
	}
	for _, bad := range []string{`{"strategies": [], "extra": 1}`, `{"strategies": []} {}`, `[]`} {
		if _, err := ParseCatalogue([]byte(bad), "c.json"); err == nil {
			t.Errorf("%s was read", bad)
		}
	}
}

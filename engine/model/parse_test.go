package model

import (
	"strings"
	"testing"
)

// TestParseFillsSeedsLeftOut checks that a seed left out of a scenario's
// JSON is DefaultRandomSeed, the command line's flags' and the page's
// default, and that a seed written, 0 included, is kept.
func TestParseFillsSeedsLeftOut(t *testing.T) {
	for _, c := range []struct {
		in                   string
		random, gen, evolved uint64
	}{
		{`{"graph": {"generate": {"pages": 10}}, "previous": {"evolve": {}}}`, 1, 1, 1},
		{`{"graph": {"generate": {"pages": 10, "seed": 0}}, "previous": {"evolve": {"seed": 0}}, "random_seed": 0}`, 0, 0, 0},
		{`{"graph": {"generate": {"seed": 7}}, "previous": {"evolve": {"seed": 8}}, "random_seed": 9}`, 9, 7, 8},
	} {
		s, err := (Reader{}).Parse(strings.NewReader(c.in), "run.json")
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if s.RandomSeed != c.random || s.Graph.Generate.Seed != c.gen || s.Previous.Evolve.Seed != c.evolved {
			t.Errorf("%s: random_seed %d, graph.generate.seed %d, previous.evolve.seed %d; want %d, %d, %d",
				c.in, s.RandomSeed, s.Graph.Generate.Seed, s.Previous.Evolve.Seed, c.random, c.gen, c.evolved)
		}
	}
	s, err := (Reader{}).Parse(strings.NewReader(`{"graph": {"file": "g.edges"}}`), "run.json")
	if err != nil || s.RandomSeed != DefaultRandomSeed || s.Graph.Generate != nil || s.Previous != nil {
		t.Errorf("a file's scenario: %+v, %v; want random_seed %d and no generator or previous snapshot", s, err, DefaultRandomSeed)
	}
	for in, want := range map[string]uint64{`{}`: DefaultRandomSeed, `{"simulation": {"seed": 0}}`: 0, `{"simulation": {"seed": 5}}`: 5} {
		f, err := (Reader{}).ParseRefresh(strings.NewReader(in), "refresh.json")
		if err != nil || f.Simulation.Seed != want {
			t.Errorf("ParseRefresh(%s): simulation.seed %d, %v; want %d", in, f.Simulation.Seed, err, want)
		}
	}
}

// TestParseNullSeedIsLeftOut: a seed written as null is left out, as
// encoding/json reads null into a number (it leaves it as it is) and as
// checkExplicitZeros takes a null where 0 is refused: it is
// DefaultRandomSeed, not 0.
func TestParseNullSeedIsLeftOut(t *testing.T) {
	in := `{"graph": {"generate": {"seed": null}}, "previous": {"evolve": {"seed": null}}, "random_seed": null}`
	s, err := (Reader{}).Parse(strings.NewReader(in), "run.json")
	if err != nil {
		t.Fatal(err)
	}
	if s.RandomSeed != DefaultRandomSeed || s.Graph.Generate.Seed != DefaultRandomSeed || s.Previous.Evolve.Seed != DefaultRandomSeed {
		t.Errorf("null seeds: random_seed %d, graph.generate.seed %d, previous.evolve.seed %d; want %d each",
			s.RandomSeed, s.Graph.Generate.Seed, s.Previous.Evolve.Seed, DefaultRandomSeed)
	}
	f, err := (Reader{}).ParseRefresh(strings.NewReader(`{"simulation": {"seed": null}}`), "refresh.json")
	if err != nil || f.Simulation.Seed != DefaultRandomSeed {
		t.Errorf("null simulation.seed: %d, %v; want %d", f.Simulation.Seed, err, DefaultRandomSeed)
	}
}

package model

import (
	"encoding/json"
	"fmt"
	"io"
	"reflect"

	"github.com/crawlsim/crawlsim/engine/strictjson"
)

// Reader reads scenarios and results as strict JSON (docs/architecture.md,
// "One scenario, two places"). Unknown fields, fields given twice, values of
// the wrong type, trailing data and versions other than Version are errors
// that name the file and the line and column of the problem, as in
//
//	run.json:4:7: unknown field "paramz" in strategies[0]; expected one of: id, params, label
//
// Its fields are what the engine knows of a scenario's text beyond its
// types: scenario.Parse reads with the engine's, and the page with those
// of its Catalogue. The zero Reader refuses no 0 and no text.
type Reader struct {
	// ScenarioZeros and RefreshZeros are the numbers of a Scenario and of
	// a Refresh that normalisation fills with a default when 0, so that a
	// 0 written for them is refused (ZeroRule).
	ScenarioZeros []ZeroRule
	RefreshZeros  []ZeroRule
	// Refuse, when set, says why a text that starts with head (its first
	// 64 bytes) cannot be JSON, or "" when it may be: the engine refuses
	// compressed and UTF-16 files this way (graphio.TextRefusal).
	Refuse func(head []byte) string
}

// DefaultRandomSeed is the seed of a random stream that a scenario's JSON
// leaves out (random_seed, graph.generate.seed, previous.evolve.seed, and
// a revisit scenario's simulation.seed): Reader.Parse and
// Reader.ParseRefresh fill it in, and the command line's seed flags and
// the page's seed fields start from it, so that a scenario means the same
// in a file, on the command line and on the page. A seed written as 0 is
// kept: 0 is a seed like any other. The page sizes' seed
// (PageSizes.Seed) is not one of them: it is written only when not 0, so
// left out it is 0, as -page-sizes lognormal without a seed.
const DefaultRandomSeed = 1

// givenPaths returns the JSON paths of the values data, the JSON text of
// a value of type root, gives ("graph.generate.seed"). A null gives no
// value: encoding/json leaves the field as it is, as if left out.
func givenPaths(data []byte, root reflect.Type) map[string]bool {
	given := make(map[string]bool)
	strictjson.Walk(data, root, func(ev strictjson.Event) bool {
		if !ev.IsKey && string(data[ev.Start:ev.End]) != "null" {
			given[ev.Path] = true
		}
		return true
	})
	return given
}

// Parse reads a scenario from JSON. It fills in the seeds left out
// (DefaultRandomSeed), and no other default, nor does it check values:
// normalisation (scenario.Normalize) does.
func (rd Reader) Parse(r io.Reader, name string) (Scenario, error) {
	var s Scenario
	data, err := rd.readStrict(r, name, &s)
	if err != nil {
		return Scenario{}, err
	}
	if err := checkExplicitZeros(name, data, reflect.TypeOf(s), rd.ScenarioZeros); err != nil {
		return Scenario{}, err
	}
	given := givenPaths(data, reflect.TypeOf(s))
	if !given["random_seed"] {
		s.RandomSeed = DefaultRandomSeed
	}
	if g := s.Graph.Generate; g != nil && !given["graph.generate.seed"] {
		g.Seed = DefaultRandomSeed
	}
	if p := s.Previous; p != nil && p.Evolve != nil && !given["previous.evolve.seed"] {
		p.Evolve.Seed = DefaultRandomSeed
	}
	if s.Version != 0 && s.Version != Version {
		return Scenario{}, fmt.Errorf("%s: version %d is not supported; this program reads version %d",
			strictjson.KeyPlace(name, data, reflect.TypeOf(s), "version"), s.Version, Version)
	}
	return s, nil
}

// ParseRefresh reads a revisit scenario from JSON as strictly as Parse
// reads a crawl scenario, and fills in its seed when left out
// (DefaultRandomSeed).
func (rd Reader) ParseRefresh(r io.Reader, name string) (Refresh, error) {
	var f Refresh
	data, err := rd.readStrict(r, name, &f)
	if err != nil {
		return Refresh{}, err
	}
	if err := checkExplicitZeros(name, data, reflect.TypeOf(f), rd.RefreshZeros); err != nil {
		return Refresh{}, err
	}
	if !givenPaths(data, reflect.TypeOf(f))["simulation.seed"] {
		f.Simulation.Seed = DefaultRandomSeed
	}
	if f.Version != 0 && f.Version != Version {
		return Refresh{}, fmt.Errorf("%s: version %d is not supported; this program reads version %d",
			strictjson.KeyPlace(name, data, reflect.TypeOf(f), "version"), f.Version, Version)
	}
	return f, nil
}

// ParseResult reads a Result written by MarshalResult, as strictly as
// Parse reads a scenario.
func (rd Reader) ParseResult(r io.Reader, name string) (*Result, error) {
	var res Result
	if err := rd.parseResult(r, name, &res, &res.Version); err != nil {
		return nil, err
	}
	return &res, nil
}

// ParseRefreshResult reads a result written by MarshalRefreshResult.
func (rd Reader) ParseRefreshResult(r io.Reader, name string) (*RefreshResult, error) {
	var res RefreshResult
	if err := rd.parseResult(r, name, &res, &res.Version); err != nil {
		return nil, err
	}
	return &res, nil
}

// parseResult decodes a result into v, whose version field is version.
func (rd Reader) parseResult(r io.Reader, name string, v any, version *int) error {
	data, err := rd.readText(r, name, "result", "a result", maxResultBytes)
	if err != nil {
		return err
	}
	if err := strictjson.Decode(data, name, v); err != nil {
		return err
	}
	if *version != Version {
		return fmt.Errorf("%s: result version %d is not supported; this program reads version %d",
			strictjson.KeyPlace(name, data, reflect.TypeOf(v).Elem(), "version"), *version, Version)
	}
	return nil
}

// readStrict reads a scenario's text from r (ReadText) and decodes it
// into v (a pointer), refusing a top level that is not an object, unknown
// fields, fields given twice in one object (encoding/json would keep the
// last silently) and trailing data, and returns the text read. Errors
// name the file, line and column.
func (rd Reader) readStrict(r io.Reader, name string, v any) ([]byte, error) {
	data, err := rd.ReadText(r, name)
	if err != nil {
		return nil, err
	}
	return data, strictjson.Decode(data, name, v)
}

// Marshal writes a scenario as indented JSON ending in a newline;
// Reader.Parse reads it back unchanged.
func Marshal(s Scenario) ([]byte, error) {
	return marshalIndent(s, "scenario")
}

// MarshalRefresh writes a revisit scenario as indented JSON.
func MarshalRefresh(r Refresh) ([]byte, error) {
	return marshalIndent(r, "scenario")
}

// MarshalResult writes a result as compact JSON ending in a newline (its
// curves make indented JSON long); Reader.ParseResult reads it back.
func MarshalResult(r *Result) ([]byte, error) {
	return marshalCompact(r, "scenario: result")
}

// MarshalRefreshResult writes a revisit result as compact JSON.
func MarshalRefreshResult(r *RefreshResult) ([]byte, error) {
	return marshalCompact(r, "scenario: refresh result")
}

// marshalIndent writes v as indented JSON ending in a newline; errors
// start with what.
func marshalIndent(v any, what string) ([]byte, error) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return append(data, '\n'), nil
}

// marshalCompact writes v as compact JSON ending in a newline.
func marshalCompact(v any, what string) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return append(data, '\n'), nil
}

package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

// TestParseAndNormalizePlacesErrors checks that Normalize's problems in a
// file are reported one per line with the line and column of the value,
// or of the nearest enclosing object that the file has when the field is
// absent (a default label that repeats another), and that errors.As still
// finds each *FieldError and *PlacedError.
func TestParseAndNormalizePlacesErrors(t *testing.T) {
	in := `{
  "strategies": [
    {"id": "fpr-m", "params": {"m": -3}},
    {"id": "bfs"},
    {"id": "nosuch"},
    {"id": "bfs"}
  ],
  "budget": -1,
  "politeness": {"latency": 1e308}
}`
	_, err := parseAndNormalize(strings.NewReader(in), "c.json")
	if err == nil {
		t.Fatal("no error")
	}
	want := []string{
		"c.json:3:37: strategies[0].params.m: strategy fpr-m: m = -3 is outside [0.001, 1,000,000]",
		`c.json:5:12: strategies[2].id: unknown strategy "nosuch"; known: ` + knownIDs(),
		`c.json:6:5: strategies[3].label: "bfs" is also the label of strategies[1]; give each strategy its own label`,
		"c.json:8:13: budget: -1 is negative; 0 means no limit",
		"c.json:9:29: politeness.latency: 1e+308 is too large: at most 1,000,000 seconds, so that simulated times stay computable",
	}
	if got := strings.Split(err.Error(), "\n"); !reflect.DeepEqual(got, want) {
		t.Errorf("errors\n got %q\nwant %q", got, want)
	}
	var pe *PlacedError
	var fe *FieldError
	if !errors.As(err, &pe) || !errors.As(err, &fe) || pe.Line != 3 || pe.Column != 37 || fe.Field != "strategies[0].params.m" {
		t.Errorf("errors.As finds %+v and %+v", pe, fe)
	}
}

// TestPlaceErrors checks the cases of PlaceErrors: one error alone, a
// field whose whole path is absent (placed at the top-level object), an
// error that is not a *FieldError (kept), and nil.
func TestPlaceErrors(t *testing.T) {
	data := []byte("\n  {\"seeds\": \"x\"}")
	one := PlaceErrors(&FieldError{Field: "seeds", Message: "bad"}, "s.json", data)
	if one == nil || one.Error() != "s.json:2:13: seeds: bad" {
		t.Errorf("one error: %v", one)
	}
	other := errors.New("scenario: something else")
	joined := PlaceErrors(errors.Join(&FieldError{Field: "politeness.wait", Message: "too long"}, other,
		&FieldError{Field: "", Message: "whole"}), "s.json", data)
	want := "s.json:2:3: politeness.wait: too long\nscenario: something else\ns.json:2:3: : whole"
	if joined == nil || joined.Error() != want {
		t.Errorf("joined errors\n got %q\nwant %q", joined, want)
	}
	if !errors.Is(joined, other) {
		t.Error("an error that is not a *FieldError was lost")
	}
	// A text that is not JSON gives no place.
	if got := PlaceErrors(&FieldError{Field: "budget", Message: "m"}, "s.json", []byte("not json")); got.Error() != "s.json: budget: m" {
		t.Errorf("no place: %v", got)
	}
	if PlaceErrors(nil, "s.json", data) != nil {
		t.Error("nil error placed")
	}
}

// TestParseAndNormalizeReadsValidFiles checks that a good file gives the
// normalized scenario, as Parse then Normalize do.
func TestParseAndNormalizeReadsValidFiles(t *testing.T) {
	in := `{"graph": {"generate": {"pages": 500}}, "strategies": [{"id": "fpr-m", "params": {"m": 10}}]}`
	got, err := parseAndNormalize(strings.NewReader(in), "ok.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse(strings.NewReader(in), "ok.json")
	if err != nil {
		t.Fatal(err)
	}
	if want := mustNormalize(t, s); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	// Parse's own errors come through unchanged.
	_, err = parseAndNormalize(strings.NewReader(`{"budget": 1, "budget": 2}`), "dup.json")
	if err == nil || !strings.HasPrefix(err.Error(), "dup.json:1:15: field \"budget\" is given twice") {
		t.Errorf("repeated field: %v", err)
	}
	_, err = parseAndNormalize(failingReader{}, "broken.json")
	if err == nil || err.Error() != "broken.json: disk on fire" {
		t.Errorf("read failure: %v", err)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, fmt.Errorf("disk on fire") }

// parseAndNormalize reads a scenario from JSON as Parse does and normalizes
// it as Normalize does, placing each problem Normalize finds in the text
// (PlaceErrors): what a program that reads scenario files does.
func parseAndNormalize(r io.Reader, name string) (Scenario, error) {
	data, err := ReadText(r, name)
	if err != nil {
		return Scenario{}, err
	}
	s, err := Parse(bytes.NewReader(data), name)
	if err != nil {
		return Scenario{}, err
	}
	n, err := Normalize(s)
	if err != nil {
		return Scenario{}, PlaceErrors(err, name, data)
	}
	return n, nil
}

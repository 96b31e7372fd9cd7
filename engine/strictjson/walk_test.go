package strictjson

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestWalk: every key and value in the order of the text, with its path,
// its span, and whether the key is a field of its object's type.
func TestWalk(t *testing.T) {
	data := []byte(`{"version": 1, "strategies": [{"id": "a", "nope": [true]}, {"params": {"m": 2}}], "x": null}`)
	var got []string
	Walk(data, reflect.TypeOf(scenario{}), func(ev Event) bool {
		kind := "value"
		if ev.IsKey {
			kind = "key " + ev.Key
			if !ev.known {
				kind += " (unknown)"
			}
		}
		got = append(got, fmt.Sprintf("%s @%q %s", kind, ev.Path, data[ev.Start:ev.End]))
		return true
	})
	want := []string{
		`value @"" {`,
		`key version @"" "version"`,
		`value @"version" 1`,
		`key strategies @"" "strategies"`,
		`value @"strategies" [`,
		`value @"strategies[0]" {`,
		`key id @"strategies[0]" "id"`,
		`value @"strategies[0].id" "a"`,
		`key nope (unknown) @"strategies[0]" "nope"`,
		`value @"strategies[0].nope" [`,
		`value @"strategies[0].nope[0]" true`,
		`value @"strategies[1]" {`,
		`key params @"strategies[1]" "params"`,
		`value @"strategies[1].params" {`,
		`key m @"strategies[1].params" "m"`,
		`value @"strategies[1].params.m" 2`,
		`key x (unknown) @"" "x"`,
		`value @"x" null`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("walked:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestWalkStops: the walk ends when visit returns false, and quietly at
// a syntax error.
func TestWalkStops(t *testing.T) {
	n := 0
	Walk([]byte(`{"a": 1, "b": 2}`), nil, func(Event) bool { n++; return n < 2 })
	if n != 2 {
		t.Errorf("visited %d events after visit said stop at the second", n)
	}
	n = 0
	Walk([]byte(`{"a": 1, "b" 2}`), nil, func(Event) bool { n++; return true })
	if n != 4 {
		t.Errorf("visited %d events of a broken text, want the 4 before the error", n)
	}
}

// TestFieldName: a field's JSON name is its tag's, else its Go name;
// unexported fields and "-" have none.
func TestFieldName(t *testing.T) {
	typ := reflect.TypeOf(scenario{})
	for field, want := range map[string]string{"RandomSeed": "random_seed", "Damping": "Damping", "Skipped": "", "hidden": ""} {
		f, _ := typ.FieldByName(field)
		name, ok := FieldName(f)
		if name != want || ok != (want != "") {
			t.Errorf("FieldName(%s) = %q, %v; want %q", field, name, ok, want)
		}
	}
}

// FuzzWalk: on any text, Walk returns without panicking; every span lies
// in the text, in order; on a valid text, every scalar value's span is
// that value, as JSON.
func FuzzWalk(f *testing.F) {
	for _, s := range []string{`{"a": [1, {"b": "c"}], "d": null}`, `[1, 2]`, `"s"`, `{"a": `, `{"strategies": [{"params": {"m": 1e3}}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		valid := json.Valid(data)
		last := int64(0)
		Walk(data, reflect.TypeOf(scenario{}), func(ev Event) bool {
			if ev.Start < last || ev.End <= ev.Start || ev.End > int64(len(data)) {
				t.Fatalf("event %+v out of order or outside the text (%d bytes, last start %d)", ev, len(data), last)
			}
			last = ev.Start
			if text := data[ev.Start:ev.End]; valid && !ev.IsKey && text[0] != '{' && text[0] != '[' && !json.Valid(text) {
				t.Fatalf("value %q at %q is not a JSON value", text, ev.Path)
			}
			return true
		})
	})
}

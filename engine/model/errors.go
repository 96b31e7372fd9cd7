package model

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/crawlsim/crawlsim/engine/strictjson"
)

// FieldError is a problem with one field of a scenario, as normalisation
// (scenario.Normalize) finds it. Field is the field's JSON path, as in
// "strategies[2].params.m".
type FieldError struct {
	// Field is the JSON path of the field, "" for the whole scenario.
	Field string
	// Message says what is wrong and what is expected.
	Message string
}

// Error returns "FIELD: MESSAGE".
func (e *FieldError) Error() string { return e.Field + ": " + e.Message }

// PlacedError is a problem that normalisation found (a *FieldError)
// placed in the JSON text the scenario was read from: at the field's
// value, or, when the field is absent from the text (a default the
// normalisation filled in), at the nearest enclosing object that the text
// has.
type PlacedError struct {
	// File names the text, as given to Parse.
	File string
	// Line and Column locate the value, both from 1 (columns count
	// characters); 0 when the text holds no part of the field's path.
	Line, Column int
	// Err is the normalisation's error.
	Err *FieldError
}

// Error returns "FILE:LINE:COLUMN: FIELD: MESSAGE", or "FILE: FIELD:
// MESSAGE" when the error has no place.
func (e *PlacedError) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Err.Error()
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Err.Error())
}

// Unwrap returns the *FieldError, so that errors.As finds it.
func (e *PlacedError) Unwrap() error { return e.Err }

// PlaceErrors places the problems of err, an error of normalisation
// (scenario.Normalize), in data, the JSON text of the scenario named name
// (the bytes Reader.Parse read): every *FieldError, alone or among errors
// joined by errors.Join, becomes a *PlacedError; other errors are kept as
// they are. Several errors are joined again, in the same order, so that
// Error gives one per line.
//
// A program reads a scenario file with Reader.ReadText, Reader.Parse and
// scenario.Normalize, then places the normalisation's errors with
// PlaceErrors. One that changes the scenario between Parse and
// normalisation (the command line applies its flags) should place only
// the problems of fields that still come from the text. Nil gives nil.
func PlaceErrors(err error, name string, data []byte) error {
	return placeErrors(err, name, data, reflect.TypeOf(Scenario{}))
}

// PlaceRefreshErrors places the problems of err, an error of the revisit
// scenario's normalisation (scenario.NormalizeRefresh), in data, the JSON
// text of the Refresh scenario named name, as PlaceErrors does for a crawl
// scenario.
func PlaceRefreshErrors(err error, name string, data []byte) error {
	return placeErrors(err, name, data, reflect.TypeOf(Refresh{}))
}

// placeErrors is PlaceErrors for the text of a value of type root.
func placeErrors(err error, name string, data []byte, root reflect.Type) error {
	if err == nil {
		return nil
	}
	var list []error
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		list = joined.Unwrap()
	} else {
		list = []error{err}
	}
	// The paths to find: each field's and every one enclosing it.
	want := make(map[string]int64)
	var fields []*FieldError
	for _, e := range list {
		var fe *FieldError
		if errors.As(e, &fe) {
			fields = append(fields, fe)
			for path := fe.Field; ; path = parentPath(path) {
				want[path] = -1
				if path == "" {
					break
				}
			}
		} else {
			fields = append(fields, nil)
		}
	}
	strictjson.Walk(data, root, func(ev strictjson.Event) bool {
		if start, ok := want[ev.Path]; !ev.IsKey && ok && start < 0 {
			want[ev.Path] = ev.Start
		}
		return true
	})
	out := make([]error, len(list))
	for i, e := range list {
		fe := fields[i]
		if fe == nil {
			out[i] = e
			continue
		}
		placed := &PlacedError{File: name, Err: fe}
		for path := fe.Field; ; path = parentPath(path) {
			if start := want[path]; start >= 0 {
				placed.Line, placed.Column = strictjson.LineColumn(data, start)
				break
			}
			if path == "" {
				break
			}
		}
		out[i] = placed
	}
	if len(out) == 1 {
		return out[0]
	}
	return errors.Join(out...)
}

// parentPath returns the JSON path of the object or array that holds the
// value at path: "strategies[2]" for "strategies[2].params", "strategies"
// for "strategies[2]", "" for a top-level field.
func parentPath(path string) string {
	cut := strings.LastIndexAny(path, ".[")
	if cut < 0 {
		return ""
	}
	return path[:cut]
}

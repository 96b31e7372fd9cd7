package model

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/strictjson"
)

// ZeroRule is a number of a scenario that normalisation fills with a
// default when it is 0. In Go, 0 is how a program leaves such a field out
// (Marshal omits it); in a scenario's JSON, a written 0 would silently
// read as the default, so Reader.Parse refuses it: a field is either
// given a value that is used, or left out.
type ZeroRule struct {
	// Path is the field's JSON path ("graph.generate.pages").
	Path string `json:"path"`
	// Want says what the field accepts ("1 or more pages").
	Want string `json:"want"`
	// Default says what leaving it out gives ("100,000", or "one host per
	// 200 pages").
	Default string `json:"default"`
}

// checkExplicitZeros returns an error for every field of rules that data,
// the JSON text of a value of type root, gives as 0, placed at the 0 and
// one per line.
func checkExplicitZeros(name string, data []byte, root reflect.Type, rules []ZeroRule) error {
	if len(rules) == 0 {
		return nil
	}
	byPath := make(map[string]ZeroRule, len(rules))
	for _, z := range rules {
		byPath[z.Path] = z
	}
	var errs []error
	strictjson.Walk(data, root, func(ev strictjson.Event) bool {
		z, ok := byPath[ev.Path]
		if ev.IsKey || !ok || !isZeroNumber(data[ev.Start:ev.End]) {
			return true
		}
		errs = append(errs, fmt.Errorf("%s: %s: 0 is not allowed: want %s; leave the field out for the default, %s",
			strictjson.Place(name, data, ev.Start), z.Path, z.Want, z.Default))
		return true
	})
	return errors.Join(errs...)
}

// isZeroNumber reports whether a JSON value is a number equal to 0 ("0",
// "-0", "0.0", "0e5").
func isZeroNumber(value []byte) bool {
	if len(value) == 0 || (value[0] != '-' && (value[0] < '0' || value[0] > '9')) {
		return false
	}
	v, err := strconv.ParseFloat(string(value), 64)
	return err == nil && v == 0
}

// NumberAt writes the number at a JSON path of object keys (path,
// "graph.generate.pages") of v, a struct, as a ZeroRule's Default says
// it, with thousands separators ("100,000"); "?" when v has no number there.
func NumberAt(v any, path string) string {
	f := reflect.ValueOf(v)
	for _, name := range splitPath(path) {
		for f.Kind() == reflect.Pointer {
			if f.IsNil() {
				return "?"
			}
			f = f.Elem()
		}
		if f.Kind() != reflect.Struct {
			return "?"
		}
		next, ok := reflect.Value{}, false
		for i := range f.NumField() {
			if n, named := strictjson.FieldName(f.Type().Field(i)); named && n == name {
				next, ok = f.Field(i), true
				break
			}
		}
		if !ok {
			return "?"
		}
		f = next
	}
	for f.Kind() == reflect.Pointer {
		if f.IsNil() {
			return "?"
		}
		f = f.Elem()
	}
	switch f.Kind() {
	case reflect.Float64:
		return Number(f.Float())
	case reflect.Int, reflect.Int64:
		return Count(f.Int())
	}
	return fmt.Sprint(f.Interface())
}

// splitPath splits a JSON path of object keys at its dots.
func splitPath(path string) []string {
	var out []string
	start := 0
	for i := 0; i < len(path); i++ {
		if path[i] == '.' {
			out = append(out, path[start:i])
			start = i + 1
		}
	}
	return append(out, path[start:])
}

package strictjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// skipSpace returns the offset of the first byte of data at or after off
// that is not JSON white space.
func skipSpace(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\n', '\r':
			off++
		default:
			return off
		}
	}
	return off
}

// skipSeparators skips white space, commas and colons: what lies between
// the tokens that json.Decoder.Token returns.
func skipSeparators(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

// Event is an object key or a value met while walking a JSON text.
type Event struct {
	// IsKey tells a key from a value.
	IsKey bool
	// Key is the key (IsKey), Path the JSON path of the object holding it
	// ("strategies[2].params"); for a value, Path is the value's own path
	// ("strategies[2].params.m"; "" for the top level).
	Key, Path string
	// Start is the offset of the key or value; End is just past a key or
	// a scalar value, or just past the opening bracket of an object or
	// array.
	Start, End int64
	// known reports whether the key is a field of the object's type
	// (always true inside maps and untyped values); parent is that type.
	known  bool
	parent reflect.Type
	// valueType is a value's Go type, nil when the walk does not know it.
	valueType reflect.Type
}

// Walk walks data, a JSON text, following the Go type root (nil for
// none) to tell known keys from unknown ones, and calls visit for every
// key and value, in the order of the text, until visit returns false or
// the text ends. It stops quietly at the first syntax error: a text
// Decode accepts is walked whole.
func Walk(data []byte, root reflect.Type, visit func(Event) bool) {
	type frame struct {
		t      reflect.Type // object: its type; array: the element type
		object bool
		index  int
		path   string
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	// A number is kept as its text, so that one beyond a float64
	// ("1e999") does not end the walk.
	dec.UseNumber()
	var stack []frame
	valType, valPath := root, ""
	for {
		if n := len(stack); n > 0 {
			top := &stack[n-1]
			if top.object {
				before := dec.InputOffset()
				tok, err := dec.Token()
				if err != nil {
					return
				}
				if tok == json.Delim('}') {
					stack = stack[:n-1]
					if len(stack) == 0 {
						return
					}
					continue
				}
				key, _ := tok.(string)
				ft, known := fieldType(top.t, key)
				ev := Event{IsKey: true, Key: key, Path: top.path, Start: skipSeparators(data, before),
					End: dec.InputOffset(), known: known, parent: top.t}
				if !visit(ev) {
					return
				}
				valType, valPath = ft, joinPath(top.path, key)
			} else {
				if !dec.More() {
					if _, err := dec.Token(); err != nil {
						return
					}
					stack = stack[:n-1]
					if len(stack) == 0 {
						return
					}
					continue
				}
				valType, valPath = top.t, fmt.Sprintf("%s[%d]", top.path, top.index)
				top.index++
			}
		}
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return
		}
		ev := Event{Path: valPath, Start: skipSeparators(data, before), End: dec.InputOffset(), known: true, valueType: valType}
		if !visit(ev) {
			return
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{t: deref(valType), object: true, path: valPath})
		case json.Delim('['):
			stack = append(stack, frame{t: elemType(valType), path: valPath})
		default:
			if len(stack) == 0 {
				return
			}
		}
	}
}

// joinPath returns the path of key in the object at path.
func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// deref returns the type t points to, through every pointer.
func deref(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// elemType returns the element type of a slice or array type (or a
// pointer to one), or nil.
func elemType(t reflect.Type) reflect.Type {
	t = deref(t)
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		return t.Elem()
	}
	return nil
}

// fieldType returns the type of the value of key in an object of type t,
// and whether key is known; maps and untyped values accept any key. Field
// names must match exactly.
func fieldType(t reflect.Type, key string) (reflect.Type, bool) {
	t = deref(t)
	if t == nil {
		return nil, true
	}
	switch t.Kind() {
	case reflect.Map:
		return t.Elem(), true
	case reflect.Struct:
	default:
		return nil, true
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if name, ok := FieldName(f); ok && name == key {
			return f.Type, true
		}
	}
	return nil, false
}

// FieldName returns a struct field's JSON name (its tag's, else its Go
// name), or false when encoding/json skips it.
func FieldName(f reflect.StructField) (string, bool) {
	if !f.IsExported() {
		return "", false
	}
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "", false
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "" {
		name = f.Name
	}
	return name, true
}

// fieldNames lists the JSON names of a struct type's fields.
func fieldNames(t reflect.Type) []string {
	t = deref(t)
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	var names []string
	for i := range t.NumField() {
		if name, ok := FieldName(t.Field(i)); ok {
			names = append(names, name)
		}
	}
	return names
}

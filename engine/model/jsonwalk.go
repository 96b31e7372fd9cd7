package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"
)

// A strict reading of JSON text: encoding/json decodes, and a walk of the
// text along the Go type it decodes into places every problem at its line
// and column, refuses keys that are not fields spelled exactly or that
// an object gives twice, and finds the numbers a scenario may not write
// as 0.

// decodeStrict decodes data, the text of a JSON object, into v as
// readStrict describes.
func decodeStrict(data []byte, name string, v any) error {
	if err := checkObject(name, data); err != nil {
		return err
	}
	root := reflect.TypeOf(v).Elem()
	dec, err := decodeText(data, v)
	var edits textEdits
	if isNumberTypeError(err) {
		// A whole number written with an exponent, perhaps: read the text
		// with such numbers written in digits (wholenumbers.go).
		if edits = wholeNumbersRewritten(data, root); len(edits) > 0 {
			reflect.ValueOf(v).Elem().SetZero()
			dec, err = decodeText(edits.apply(data), v)
			placeInOriginal(err, edits)
		}
	}
	if err != nil {
		return describeDecodeError(err, name, data, root)
	}
	// encoding/json matches field names ignoring letter case and keeps
	// the last of repeated keys; a scenario must spell each field exactly,
	// once.
	if err := checkKeys(name, data, root); err != nil {
		return err
	}
	end := edits.original(dec.InputOffset())
	if rest := skipSpace(data, end); rest < int64(len(data)) {
		return fmt.Errorf("%s: unexpected data after the JSON object", place(name, data, rest))
	}
	return nil
}

// decodeText decodes data into v, refusing unknown fields, and returns
// the decoder.
func decodeText(data []byte, v any) (*json.Decoder, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec, dec.Decode(v)
}

// isNumberTypeError reports whether err is encoding/json's refusal of a
// number for a field's type.
func isNumberTypeError(err error) bool {
	var typeErr *json.UnmarshalTypeError
	return errors.As(err, &typeErr) && strings.HasPrefix(typeErr.Value, "number ")
}

// placeInOriginal moves the offset of err, an error of encoding/json
// reading the text that edits made, to the text as written.
func placeInOriginal(err error, edits textEdits) {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		syntax.Offset = edits.original(syntax.Offset)
	case errors.As(err, &typeErr):
		typeErr.Offset = edits.original(typeErr.Offset)
	}
}

// describeDecodeError turns an error of encoding/json into one that names
// the file, the line and column, and the field.
func describeDecodeError(err error, name string, data []byte, root reflect.Type) error {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return fmt.Errorf("%s: empty file; expected a JSON object", name)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: unexpected end of file: the JSON is cut short", place(name, data, int64(len(data))))
	case errors.As(err, &syntax):
		msg := strings.TrimPrefix(syntax.Error(), "json: ")
		return fmt.Errorf("%s: %s", place(name, data, max(syntax.Offset-1, 0)), msg)
	case errors.As(err, &typeErr):
		// encoding/json reports the offset just after a scalar, or just
		// after the opening bracket of an object or array.
		at := max(typeErr.Offset-1, 0)
		path, start := valueAt(data, root, at)
		if path == "" {
			path = typeErr.Field
		}
		got := "a " + typeErr.Value
		if v, ok := strings.CutPrefix(typeErr.Value, "number "); ok {
			if digits, whole := wholeDigits(v); whole {
				if limit := integerLimit(digits, typeErr.Type); limit != "" {
					return fmt.Errorf("%s: %s: %s %s", place(name, data, start), fieldName(path), v, limit)
				}
			}
			got = v
		} else if typeErr.Value == "object" || typeErr.Value == "array" {
			got = "an " + typeErr.Value
		} else if typeErr.Value == "bool" {
			got = "true or false"
		}
		return fmt.Errorf("%s: %s: expected %s, not %s", place(name, data, start), fieldName(path), typeWords(typeErr.Type), got)
	}
	if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		key := strings.Trim(field, `"`)
		if off, path, key, parent, found := unknownField(data, root, key); found {
			return unknownFieldError(name, data, off, path, key, parent)
		}
		return fmt.Errorf("%s: unknown field %q", name, key)
	}
	return fmt.Errorf("%s: %v", name, err)
}

// fieldName names a JSON path for a message.
func fieldName(path string) string {
	if path == "" {
		return "the top level"
	}
	return path
}

// typeWords says what a Go type expects, in JSON words.
func typeWords(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a non-negative whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return t.String()
}

// place returns "NAME:LINE:COLUMN" for byte offset off of data.
func place(name string, data []byte, off int64) string {
	line, col := lineColumn(data, off)
	return fmt.Sprintf("%s:%d:%d", name, line, col)
}

// lineColumn returns the line and column of byte offset off of data, both
// from 1; columns count characters.
func lineColumn(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[lineStart:]) + 1
}

// keyPlace returns the place of a top-level key, or just the name when it
// cannot be found.
func keyPlace(name string, data []byte, root reflect.Type, key string) string {
	off := int64(-1)
	walkJSON(data, root, func(ev jsonEvent) bool {
		if ev.isKey && ev.path == "" && ev.key == key {
			off = ev.start
			return false
		}
		return true
	})
	if off < 0 {
		return name
	}
	return place(name, data, off)
}

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

// jsonEvent is an object key or a value met while walking a JSON text.
type jsonEvent struct {
	isKey bool
	// key is the key (isKey), path the JSON path of the object holding it;
	// for a value, path is the value's own path.
	key, path string
	// start is the offset of the key or value; end is just past a scalar
	// value, or just past the opening bracket of an object or array.
	start, end int64
	// known reports whether the key is a field of the object's type
	// (always true inside maps and untyped values); parent is that type.
	known  bool
	parent reflect.Type
	// valueType is a value's Go type, nil when the walk does not know it.
	valueType reflect.Type
}

// walkJSON walks a well-formed JSON text, following the Go type root to
// tell known keys from unknown ones, and calls visit for every key and
// value until visit returns false or the text ends.
func walkJSON(data []byte, root reflect.Type, visit func(jsonEvent) bool) {
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
				ev := jsonEvent{isKey: true, key: key, path: top.path, start: skipSeparators(data, before),
					end: dec.InputOffset(), known: known, parent: top.t}
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
		ev := jsonEvent{path: valPath, start: skipSeparators(data, before), end: dec.InputOffset(), known: true, valueType: valType}
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

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func deref(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

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
		if name, ok := JSONName(f); ok && name == key {
			return f.Type, true
		}
	}
	return nil, false
}

// JSONName returns a struct field's JSON name, or false when encoding/json
// skips it.
func JSONName(f reflect.StructField) (string, bool) {
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
		if name, ok := JSONName(t.Field(i)); ok {
			names = append(names, name)
		}
	}
	return names
}

// unknownField finds the first key that is not a field of its object's
// type (spelled exactly), or the first occurrence of key when key is not
// empty.
func unknownField(data []byte, root reflect.Type, key string) (off int64, path, found string, parent reflect.Type, ok bool) {
	walkJSON(data, root, func(ev jsonEvent) bool {
		if ev.isKey && !ev.known && (key == "" || ev.key == key) {
			off, path, found, parent, ok = ev.start, ev.path, ev.key, ev.parent, true
			return false
		}
		return true
	})
	return off, path, found, parent, ok
}

// checkKeys walks the JSON once and returns an error for the first key
// that is not a field of its object's type (spelled exactly) or that its
// object holds already, or nil.
func checkKeys(name string, data []byte, root reflect.Type) error {
	// An object is named by its path, which holds the index of every
	// array element on the way, so path and key identify one key of one
	// object.
	type objectKey struct{ path, key string }
	seen := make(map[objectKey]int64)
	var err error
	walkJSON(data, root, func(ev jsonEvent) bool {
		if !ev.isKey {
			return true
		}
		if !ev.known {
			err = unknownFieldError(name, data, ev.start, ev.path, ev.key, ev.parent)
			return false
		}
		k := objectKey{ev.path, ev.key}
		if first, dup := seen[k]; dup {
			line, col := lineColumn(data, first)
			err = fmt.Errorf("%s: field %q is given twice in %s (first at line %d, column %d); give it once",
				place(name, data, ev.start), ev.key, fieldName(ev.path), line, col)
			return false
		}
		seen[k] = ev.start
		return true
	})
	return err
}

// unknownFieldError says which field is unknown, where, and what the
// object accepts.
func unknownFieldError(name string, data []byte, off int64, path, key string, parent reflect.Type) error {
	names := fieldNames(parent)
	for _, n := range names {
		if strings.EqualFold(n, key) {
			return fmt.Errorf("%s: unknown field %q in %s; did you mean %q?", place(name, data, off), key, fieldName(path), n)
		}
	}
	return fmt.Errorf("%s: unknown field %q in %s; expected one of: %s",
		place(name, data, off), key, fieldName(path), strings.Join(names, ", "))
}

// valueAt returns the path and start of the value at byte offset at: the
// scalar that spans it, or the object or array that opens there.
func valueAt(data []byte, root reflect.Type, at int64) (string, int64) {
	path, start := "", at
	walkJSON(data, root, func(ev jsonEvent) bool {
		if !ev.isKey && ev.start <= at && at < ev.end {
			path, start = ev.path, ev.start
			return false
		}
		return ev.start <= at
	})
	return path, start
}

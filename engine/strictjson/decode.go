package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// Decode decodes data, the text of a JSON object named name (a file
// name, as errors start with it), into v, a pointer to a struct. It
// refuses a top level that is not an object, unknown fields, fields
// spelled in another letter case, fields an object gives twice (where
// encoding/json would keep the last silently), values of the wrong type
// and data after the object, with an error that names the file, the line
// and column, and the field's path. A field of an integer type reads a
// whole number written with a fraction or an exponent as that number.
func Decode(data []byte, name string, v any) error {
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
		return fmt.Errorf("%s: unexpected data after the JSON object", Place(name, data, rest))
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
		return fmt.Errorf("%s: unexpected end of file: the JSON is cut short", Place(name, data, int64(len(data))))
	case errors.As(err, &syntax):
		msg := strings.TrimPrefix(syntax.Error(), "json: ")
		return fmt.Errorf("%s: %s", Place(name, data, max(syntax.Offset-1, 0)), msg)
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
			if digits, whole := WholeDigits(v); whole {
				if limit := integerLimit(digits, typeErr.Type); limit != "" {
					return fmt.Errorf("%s: %s: %s %s", Place(name, data, start), pathWords(path), v, limit)
				}
			}
			got = v
		} else if typeErr.Value == "object" || typeErr.Value == "array" {
			got = "an " + typeErr.Value
		} else if typeErr.Value == "bool" {
			got = "true or false"
		}
		return fmt.Errorf("%s: %s: expected %s, not %s", Place(name, data, start), pathWords(path), typeWords(typeErr.Type), got)
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

// pathWords names a JSON path for a message.
func pathWords(path string) string {
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

// unknownField finds the first key that is not a field of its object's
// type (spelled exactly), or the first occurrence of key when key is not
// empty.
func unknownField(data []byte, root reflect.Type, key string) (off int64, path, found string, parent reflect.Type, ok bool) {
	Walk(data, root, func(ev Event) bool {
		if ev.IsKey && !ev.known && (key == "" || ev.Key == key) {
			off, path, found, parent, ok = ev.Start, ev.Path, ev.Key, ev.parent, true
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
	Walk(data, root, func(ev Event) bool {
		if !ev.IsKey {
			return true
		}
		if !ev.known {
			err = unknownFieldError(name, data, ev.Start, ev.Path, ev.Key, ev.parent)
			return false
		}
		k := objectKey{ev.Path, ev.Key}
		if first, dup := seen[k]; dup {
			line, col := LineColumn(data, first)
			err = fmt.Errorf("%s: field %q is given twice in %s (first at line %d, column %d); give it once",
				Place(name, data, ev.Start), ev.Key, pathWords(ev.Path), line, col)
			return false
		}
		seen[k] = ev.Start
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
			return fmt.Errorf("%s: unknown field %q in %s; did you mean %q?", Place(name, data, off), key, pathWords(path), n)
		}
	}
	return fmt.Errorf("%s: unknown field %q in %s; expected one of: %s",
		Place(name, data, off), key, pathWords(path), strings.Join(names, ", "))
}

// valueAt returns the path and start of the value at byte offset at: the
// scalar that spans it, or the object or array that opens there.
func valueAt(data []byte, root reflect.Type, at int64) (string, int64) {
	path, start := "", at
	Walk(data, root, func(ev Event) bool {
		if !ev.IsKey && ev.Start <= at && at < ev.End {
			path, start = ev.Path, ev.Start
			return false
		}
		return ev.Start <= at
	})
	return path, start
}

// checkObject returns an error unless the JSON text data (not empty, not
// only white space) starts with an object: encoding/json would read null
// into a struct as if it were {}.
func checkObject(name string, data []byte) error {
	start := skipSpace(data, 0)
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil || tok == json.Delim('{') {
		return nil // the decoder says what is wrong
	}
	got := "a number"
	switch tok.(type) {
	case nil:
		got = "null"
	case bool:
		got = "true or false"
	case string:
		got = "a string"
	case json.Delim:
		got = "an array"
	}
	return fmt.Errorf("%s: the top level: expected a JSON object, not %s", Place(name, data, start), got)
}

package strictjson

import (
	"bytes"
	"fmt"
	"reflect"
	"unicode/utf8"
)

// Place returns "NAME:LINE:COLUMN" for byte offset off of data, the text
// named name, as errors start.
func Place(name string, data []byte, off int64) string {
	line, col := LineColumn(data, off)
	return fmt.Sprintf("%s:%d:%d", name, line, col)
}

// LineColumn returns the line and column of byte offset off of data, both
// from 1; columns count characters. An offset outside data is taken as
// its start or its end.
func LineColumn(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[lineStart:]) + 1
}

// KeyPlace returns the place (as Place writes it) of key at the top level
// of data, the JSON text of a value of type root, or just name when the
// text does not give key.
func KeyPlace(name string, data []byte, root reflect.Type, key string) string {
	off := int64(-1)
	Walk(data, root, func(ev Event) bool {
		if ev.IsKey && ev.Path == "" && ev.Key == key {
			off = ev.Start
			return false
		}
		return true
	})
	if off < 0 {
		return name
	}
	return Place(name, data, off)
}

package strictjson

import (
	"reflect"
	"testing"
)

// TestLineColumn: lines and columns from 1, columns in characters, an
// offset outside the text taken as its start or end.
func TestLineColumn(t *testing.T) {
	data := []byte("ab\né€x\n\nz")
	for _, tc := range []struct {
		off       int64
		line, col int
	}{{-3, 1, 1}, {0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {5, 2, 2}, {8, 2, 3}, {9, 2, 4}, {10, 3, 1}, {11, 4, 1}, {99, 4, 2}} {
		if line, col := LineColumn(data, tc.off); line != tc.line || col != tc.col {
			t.Errorf("LineColumn(%d) = %d:%d, want %d:%d", tc.off, line, col, tc.line, tc.col)
		}
	}
	if got := Place("f.json", data, 5); got != "f.json:2:2" {
		t.Errorf("Place = %q", got)
	}
}

// TestKeyPlace: a top-level key's place, not that of the same key deeper
// in; just the name when the text does not give it.
func TestKeyPlace(t *testing.T) {
	data := []byte("{\"strategies\": [{\"label\": \"version\"}],\n \"version\": 2}")
	root := reflect.TypeOf(scenario{})
	if got := KeyPlace("run.json", data, root, "version"); got != "run.json:2:2" {
		t.Errorf("KeyPlace(version) = %q", got)
	}
	if got := KeyPlace("run.json", data, root, "budget"); got != "run.json" {
		t.Errorf("KeyPlace(budget) = %q", got)
	}
}

package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/seeds"
)

// TestPlaceSeedItemError: a run's error about an item of a seed list
// written in a scenario file is placed at the file's seeds field, in the
// form of the file's other errors (FILE:LINE:COLUMN: FIELD: MESSAGE); it
// said only "seeds: item 3: ...", without the file or where the list is.
// The column is the seeds value's (the opening quote).
func TestPlaceSeedItemError(t *testing.T) {
	data := []byte("{\"graph\": {\"file\": \"now.edges\", \"urls\": \"now.urls\"},\n" +
		" \"strategies\": [{\"id\": \"bfs\"}],\n" +
		" \"seeds\": \"list:0,\\\"http://a.example/x\\\",http://nope.example/\"}\n")
	s, err := Parse(bytes.NewReader(data), "run.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(s, Env{FS: testFS})
	if err != nil {
		t.Fatal(err)
	}
	for done := false; !done && err == nil; {
		done, err = r.Step(1 << 20)
	}
	if err == nil {
		t.Fatal("the run succeeded; want an error about http://nope.example/")
	}
	want := `run.json:3:11: seeds: item 3: no page has the URL "http://nope.example/"`
	if got := PlaceErrors(err, "run.json", data); got == nil || got.Error() != want {
		t.Errorf("PlaceErrors(%v) = %v; want %q", err, got, want)
	}
	// Among joined errors it is placed as the others are; an item with a
	// place of its own (a list file's line) keeps it.
	joined := errors.Join(err, &FieldError{Field: "strategies[0].id", Message: "unknown"})
	want += "\nrun.json:2:24: strategies[0].id: unknown"
	if got := PlaceErrors(joined, "run.json", data); got == nil || got.Error() != want {
		t.Errorf("PlaceErrors(%v) = %v; want %q", joined, got, want)
	}
	fromFile := &seeds.ItemError{Index: 1, Item: "x", Place: "s.txt:4", Problem: `no page has the URL "x"`}
	if got := PlaceErrors(fromFile, "run.json", data); got != fromFile {
		t.Errorf("PlaceErrors(%v) = %v; want it as it is", fromFile, got)
	}
}

// FuzzPlaceSeedItemError: for any scenario text Parse accepts whose seeds
// are a list, an error about any item of the list is placed in the text,
// at the seeds field's value (a quoted string), with the item's number,
// and never panics.
func FuzzPlaceSeedItemError(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Add([]byte(`{"seeds": "list:\"http://a.example/x?a=1,2\", 3"}`))
	f.Add([]byte("{\"seeds\":\n\n  \"list:\\u0022a,b\\u0022,c\", \"budget\": 5}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			return
		}
		spec, err := seeds.Parse(s.Seeds)
		if err != nil || spec.Kind != seeds.List {
			return
		}
		for k, item := range spec.Items {
			ie := &seeds.ItemError{Index: k, Item: item, Problem: "a problem"}
			got := PlaceErrors(ie, "fuzz.json", data)
			var placed *PlacedError
			if !errors.As(got, &placed) || placed.Line == 0 {
				t.Fatalf("item %d of %q: PlaceErrors = %v; want it placed", k+1, s.Seeds, got)
			}
			if want := fmt.Sprintf("seeds: item %d: a problem", k+1); placed.Err.Error() != want {
				t.Fatalf("item %d: %q; want %q", k+1, placed.Err.Error(), want)
			}
			if off := offsetOf(data, placed.Line, placed.Column); off < 0 || data[off] != '"' {
				t.Fatalf("item %d of %q placed at %d:%d, not at a string", k+1, s.Seeds, placed.Line, placed.Column)
			}
		}
	})
}

// offsetOf returns the byte offset of line and column (both from 1,
// columns counting characters) in data, or -1.
func offsetOf(data []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	for c := 1; c < col; c++ {
		if off >= len(data) || data[off] == '\n' {
			return -1
		}
		_, size := utf8.DecodeRune(data[off:])
		off += size
	}
	if off >= len(data) {
		return -1
	}
	return off
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/vugu/vugu"
)

// TestNumberBoxesBindNumberBox: every number box of the page's components
// binds its string through numberBox (or, for a strategy's parameter,
// StrategyChoice.Param's paramField), so that letters typed in it are
// said to be no number and stay in the box rather than read as blank
// (Field); the Revisits and Community seeds boxes bound plain strings,
// so that letters in cover density ran the default, 100.
func TestNumberBoxesBindNumberBox(t *testing.T) {
	files, err := filepath.Glob("*.vugu")
	if err != nil {
		t.Fatal(err)
	}
	field := regexp.MustCompile(`<main:Field [^>]*>`)
	value := regexp.MustCompile(`:Value='(numberBox\(|s\.Param\()`)
	seen := 0
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range field.FindAllString(string(text), -1) {
			if !regexp.MustCompile(`type="number"`).MatchString(f) {
				continue
			}
			seen++
			if !value.MatchString(f) {
				t.Errorf("%s: a number box binds no numberBox: %s", name, f)
			}
		}
	}
	if seen < 20 {
		t.Errorf("%d number boxes found; the page has more: is the pattern blind?", seen)
	}
}

// builtValue returns the value Field's Build sets on its input, and
// whether it sets one.
func builtValue(t *testing.T, f *Field) (string, bool) {
	t.Helper()
	out := f.Build(&vugu.BuildIn{})
	for _, p := range out.Out[0].Prop {
		if p.Key == "value" {
			var v string
			if err := json.Unmarshal(p.JSONVal, &v); err != nil {
				t.Fatal(err)
			}
			return v, true
		}
	}
	return "", false
}

// TestFieldLeavesWhatWasTyped: once the box has given a value (an input
// event), a render leaves the box alone while the bound string holds
// that value, so that "0." typed (whose value the browser gives as "0")
// keeps its point; once the page changes the string, the render shows
// it, and a later change back to what was typed is shown too.
func TestFieldLeavesWhatWasTyped(t *testing.T) {
	s := "0.9"
	f := &Field{Value: numberBox(&s), AttrMap: vugu.AttrMap{"id": "gen-intra"}}
	if v, set := builtValue(t, f); !set || v != "0.9" {
		t.Fatalf("before any typing: value %q (set %v), want 0.9", v, set)
	}
	f.HandleChange("0", false) // "0." in the box
	if s != "0" {
		t.Fatalf("the bound string is %q, want 0", s)
	}
	if v, set := builtValue(t, f); set {
		t.Errorf("after the box gave 0, a render set its value to %q: it wipes the point typed", v)
	}
	f.HandleChange("0.95", false)
	if v, set := builtValue(t, f); set {
		t.Errorf("after the box gave 0.95, a render set its value to %q", v)
	}
	s = "0.5" // a link opened, or the form reset
	if v, set := builtValue(t, f); !set || v != "0.5" {
		t.Errorf("after the page set 0.5: value %q (set %v), want 0.5 shown", v, set)
	}
	s = "0.95"
	if v, set := builtValue(t, f); !set || v != "0.95" {
		t.Errorf("after the page set back 0.95: value %q (set %v), want it shown", v, set)
	}
}

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
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

package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
)

// TestWithFullPaths: every file a scenario names is given by its full
// path, a full path and an empty name are kept, and the scenario given is
// not changed.
func TestWithFullPaths(t *testing.T) {
	t.Chdir(t.TempDir())
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(wd, "elsewhere", "u.urls")
	sc := model.Scenario{
		Graph:      model.Source{File: "g.graph", URLs: abs},
		Previous:   &model.PreviousSource{File: filepath.Join("old", "g.graph"), URLs: "old.urls"},
		Politeness: &model.Politeness{PageSizes: &model.PageSizes{File: "sizes.txt"}},
	}
	got, err := withFullPaths(sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ got, want string }{
		{got.Graph.File, filepath.Join(wd, "g.graph")},
		{got.Graph.URLs, abs},
		{got.Previous.File, filepath.Join(wd, "old", "g.graph")},
		{got.Previous.URLs, filepath.Join(wd, "old.urls")},
		{got.Politeness.PageSizes.File, filepath.Join(wd, "sizes.txt")},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if sc.Graph.File != "g.graph" || sc.Previous.File != filepath.Join("old", "g.graph") || sc.Politeness.PageSizes.File != "sizes.txt" {
		t.Errorf("the scenario given was changed: %+v, %+v, %+v", sc.Graph, *sc.Previous, *sc.Politeness.PageSizes)
	}
	if got, err := withFullPaths(model.Scenario{}); err != nil || got.Graph.File != "" || got.Previous != nil || got.Politeness != nil {
		t.Errorf("a scenario without files: %+v, %v", got, err)
	}
}

// TestWithFullPathsOfAPattern: a URL list given as a pattern of file
// names, in a folder whose name holds pattern characters, still matches
// its files once the folder is put before it.
func TestWithFullPathsOfAPattern(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run [1] *?")
	if err := os.MkdirAll(filepath.Join(dir, "parts"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, name := range []string{"u-0.txt", "u-1.txt"} {
		if err := os.WriteFile(filepath.Join("parts", name), []byte("http://a.example/\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	got, err := withFullPaths(model.Scenario{Graph: model.Source{File: "g.graph", URLs: filepath.Join("parts", "u-*.txt")}})
	if err != nil {
		t.Fatal(err)
	}
	files, err := graphio.URLListFiles(osFS{}, got.Graph.URLs)
	want := []string{filepath.Join(wd, "parts", "u-0.txt"), filepath.Join(wd, "parts", "u-1.txt")}
	if err != nil || !slices.Equal(files, want) {
		t.Errorf("the pattern %q matches %q (%v), want %q", got.Graph.URLs, files, err, want)
	}
}

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
)

// TestReportScenariosRunFromTheReportFolder reproduces paper 000 on a
// graph named by a path relative to the folder reproduce runs in: the
// report's command names its scenario file as it is in the report's
// folder and says so, the scenario names the graph by its full path, and
// the command runs there as printed, as does -json's scenario path from
// the first folder.
func TestReportScenariosRunFromTheReportFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("data", 0o755); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "gen", "-n", "3000", "-o", filepath.Join("data", "web.csr"))
	mustRun(t, "reproduce", "-o", "rep", "000", filepath.Join("data", "web.csr"))
	md, err := os.ReadFile(filepath.Join("rep", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**Reproduce each number**, in this report's folder:", "`crawlsim run -scenario 000-fig4.json`"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	sc, err := os.ReadFile(filepath.Join("rep", "000-fig4.json"))
	if err != nil {
		t.Fatal(err)
	}
	// dir may be reached through a link (macOS's /var), so the path is
	// compared as the process sees its folder.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if want := `"file": "` + filepath.ToSlash(filepath.Join(wd, "data", "web.csr")) + `"`; !strings.Contains(filepath.ToSlash(string(sc)), want) {
		t.Errorf("000-fig4.json does not name the graph by its full path %s:\n%s", want, sc)
	}
	fromHere := mustRun(t, "run", "-scenario", filepath.Join("rep", "000-fig4.json"))
	t.Chdir(filepath.Join(dir, "rep"))
	fromReport := mustRun(t, "run", "-scenario", "000-fig4.json")
	if !strings.Contains(fromReport, "fpr-m M=100") || maskTimes(fromReport) != maskTimes(fromHere) {
		t.Errorf("run -scenario 000-fig4.json in the report's folder:\n%s\nfrom the folder reproduce ran in:\n%s", fromReport, fromHere)
	}
}

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

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestWritesTheCatalogue: -o FILE replaces the file with the engine's
// catalogue, leaving no temporary file; without -o it goes to standard
// output.
func TestWritesTheCatalogue(t *testing.T) {
	c := scenario.Catalogue()
	want, err := model.MarshalCatalogue(&c)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "catalogue.json")
	if err := os.WriteFile(name, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-o", name}, &stdout, &stderr); err != nil {
		t.Fatal(err, stderr.String())
	}
	got, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the file holds\n%.200s\nwant\n%.200s", got, want)
	}
	if stdout.Len() != 0 {
		t.Errorf("-o wrote %d bytes to standard output", stdout.Len())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files; want only the catalogue", len(entries))
	}
	if err := run(nil, &stdout, &stderr); err != nil || !bytes.Equal(stdout.Bytes(), want) {
		t.Errorf("without -o: %v, %d bytes", err, stdout.Len())
	}
	back, err := model.ParseCatalogue(want, "catalogue.json")
	if err != nil || len(back.Strategies) != len(c.Strategies) {
		t.Fatalf("the catalogue does not read back: %v", err)
	}
}

// TestRefusesAFolderItCannotWrite: a missing folder is an error, and
// nothing is written.
func TestRefusesAFolderItCannotWrite(t *testing.T) {
	name := filepath.Join(t.TempDir(), "missing", "catalogue.json")
	var stdout, stderr bytes.Buffer
	err := run([]string{"-o", name}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("got %v; want an error naming the folder", err)
	}
	if _, serr := os.Stat(name); serr == nil {
		t.Errorf("%s was written", name)
	}
}

// addingAStrategyExample returns the example of engine/crawl's package
// doc, "Adding a strategy", as Go source: the doc's indented block, from
// its package clause to its last line.
func addingAStrategyExample(t *testing.T, repo string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(repo, "engine", "crawl", "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "// # Adding a strategy\n")
	if !ok {
		t.Fatal("engine/crawl/doc.go has no section \"Adding a strategy\"")
	}
	var src []string
	for _, line := range strings.Split(section, "\n") {
		switch {
		case strings.HasPrefix(line, "//\t"):
			src = append(src, strings.TrimPrefix(line, "//\t"))
		case line == "//" && len(src) > 0:
			src = append(src, "")
		case len(src) > 0:
			return strings.Join(src, "\n") + "\n"
		}
	}
	t.Fatal("engine/crawl/doc.go's \"Adding a strategy\" has no example")
	return ""
}

// goTool runs the go command in the repository and returns what it
// printed and whether it succeeded. It skips the test when the command
// outlives the test's own deadline (go test -timeout) less a minute: the
// builds take a minute on a quiet 2-core machine and many more on a busy
// one, and a skip that says so is better than the package timing out.
func goTool(t *testing.T, repo string, args ...string) (string, bool) {
	t.Helper()
	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-time.Minute))
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = repo
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Skipf("go %s did not end within the test's timeout less a minute (a busy machine?): %v", strings.Join(args, " "), ctx.Err())
	}
	return string(out), err == nil
}

// TestNewStrategyIsTwoFiles adds the strategy of engine/crawl's package
// doc ("Adding a strategy") to the engine without touching the tree (go's
// -overlay puts it in engine/crawl as mostlinks.go) and runs the command
// line's and the page's catalogue checks with it: the page's check fails
// until the catalogue is regenerated and says what to run; regenerated
// (this command, as go generate ./ui/... runs it), the page's checks pass,
// and so do the command line's examples, whose listing of every strategy
// follows the registry; crawlsim runs the new strategy.
func TestNewStrategyIsTwoFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command line and the page's tests again (-short)")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build with: ", err)
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	strategy := filepath.Join(tmp, "mostlinks.go")
	if err := os.WriteFile(strategy, []byte(addingAStrategyExample(t, repo)), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay := func(name string, replace map[string]string) string {
		data, err := json.Marshal(struct{ Replace map[string]string }{replace})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(tmp, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return "-overlay=" + path
	}
	added := map[string]string{filepath.Join(repo, "engine", "crawl", "mostlinks.go"): strategy}
	withStrategy := overlay("strategy.json", added)

	if out, ok := goTool(t, repo, "test", withStrategy, "-run", "^TestCatalogueCurrent$", "./ui/"); ok || !strings.Contains(out, "run go generate ./ui/...") {
		t.Errorf("ui's catalogue check with a strategy added and the catalogue not regenerated: passed %v, want a failure that says to run go generate ./ui/...:\n%s", ok, out)
	}
	catalogue := filepath.Join(tmp, "catalogue.json")
	if out, ok := goTool(t, repo, "run", withStrategy, "./tools/catalogue", "-o", catalogue); !ok {
		t.Fatalf("catalogue with the strategy added:\n%s", out)
	}
	data, err := os.ReadFile(catalogue)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"most-links"`) {
		t.Fatal("the regenerated catalogue lacks most-links")
	}
	added[filepath.Join(repo, "ui", "catalogue.json")] = catalogue
	regenerated := overlay("regenerated.json", added)
	if out, ok := goTool(t, repo, "test", regenerated, "-run", "^(TestCatalogue.*|TestRunExamples)$", "./ui/", "./tools/crawlsim/"); !ok {
		t.Errorf("ui's catalogue checks and the command line's examples with a strategy added and the catalogue regenerated:\n%s", out)
	}
	out, ok := goTool(t, repo, "run", regenerated, "./tools/crawlsim", "run", "-n", "300", "-strategies", "most-links,bfs")
	if !ok || !strings.Contains(out, "\nmost-links ") {
		t.Errorf("crawlsim run -strategies most-links,bfs:\n%s", out)
	}
}

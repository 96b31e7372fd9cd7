package page

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// module is the module's import path.
const module = "github.com/crawlsim/crawlsim"

// jsContext reads packages as the wasm build sees them (GOOS=js
// GOARCH=wasm), without tests.
func jsContext() build.Context {
	c := build.Default
	c.GOOS, c.GOARCH = "js", "wasm"
	return c
}

// moduleImports returns the module's packages that pkg (an import path of
// the module) imports, directly or not, as the wasm build links them
// (tests excluded), with pkg itself.
func moduleImports(t *testing.T, pkg string) []string {
	t.Helper()
	ctx := jsContext()
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		if seen[p] {
			return
		}
		seen[p] = true
		dir := filepath.Join(repoRoot, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(p, module), "/")))
		bp, err := ctx.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, imp := range bp.Imports {
			if imp == module || strings.HasPrefix(imp, module+"/") {
				walk(imp)
			}
		}
	}
	walk(pkg)
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// TestEngineTouchesNoSystem checks DESIGN.md's layout rule for engine/:
// pure Go that builds for the browser, so no package of it imports os,
// os/exec, net (net/netip and net/url are pure parsers and allowed),
// syscall or JavaScript. Its tests may read files.
func TestEngineTouchesNoSystem(t *testing.T) {
	forbidden := func(p string) bool {
		switch p {
		case "os", "os/exec", "os/signal", "net", "syscall", "syscall/js", "github.com/hack-pad/safejs":
			return true
		}
		return strings.HasPrefix(p, "net/http") || strings.HasPrefix(p, "net/rpc")
	}
	for _, goos := range []string{"linux", "js"} {
		ctx := build.Default
		ctx.GOOS = goos
		if goos == "js" {
			ctx.GOARCH = "wasm"
		}
		checked := 0
		for _, pkg := range moduleImportsUnder(t, "engine") {
			bp, err := ctx.ImportDir(filepath.Join(repoRoot, pkg), 0)
			if err != nil {
				if _, ok := err.(*build.NoGoError); ok {
					continue
				}
				t.Fatalf("%s: %v", pkg, err)
			}
			checked++
			for _, imp := range bp.Imports {
				if forbidden(imp) {
					t.Errorf("%s imports %s (GOOS=%s); the engine is pure Go", pkg, imp, goos)
				}
			}
		}
		if checked < 5 {
			t.Fatalf("only %d engine packages found", checked)
		}
	}
}

// moduleImportsUnder lists the folders under top (relative to the
// repository) that may hold a package, top included.
func moduleImportsUnder(t *testing.T, top string) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(filepath.Join(repoRoot, top), func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(repoRoot, path)
		dirs = append(dirs, rel)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// pageDebt lists the engine packages the page still reaches, because ui
// and wasm/protocol use the scenario's, result's and registry's types
// where they are declared (engine/scenario, engine/crawl, engine/seeds,
// engine/graph, engine/refresh) and report's charts, which import them.
// Issue 12 item 2 moves those types to a leaf package without algorithm;
// each package leaves this list as the page stops reaching it, and the
// list must end empty.
var pageDebt = map[string]bool{
	"engine/crawl": true, "engine/gen": true, "engine/graph": true, "engine/graphio": true,
	"engine/rank": true, "engine/refresh": true, "engine/report": true, "engine/scenario": true,
	"engine/seeds": true, "engine/step": true, "engine/model": true,
}

// TestPageReachesNoAlgorithm checks DESIGN.md's arrows for the page: ui
// and wasm/page (with wasm/protocol) link no engine package beyond the
// listed debt, so that page.wasm carries no engine; the worker does the
// work. It fails when the page reaches a new engine package, and when it
// no longer reaches one of the debt, whose entry must then go.
func TestPageReachesNoAlgorithm(t *testing.T) {
	reached := map[string]bool{}
	for _, pkg := range []string{"ui", "wasm/page", "wasm/protocol"} {
		for _, p := range moduleImports(t, module+"/"+pkg) {
			rel := strings.TrimPrefix(p, module+"/")
			if !strings.HasPrefix(rel, "engine/") {
				continue
			}
			reached[rel] = true
			if !pageDebt[rel] {
				t.Errorf("%s reaches %s; the page imports only data (DESIGN.md, layout)", pkg, rel)
			}
		}
	}
	for p := range pageDebt {
		if !reached[p] {
			t.Errorf("the page no longer reaches %s: remove it from pageDebt", p)
		}
	}
}

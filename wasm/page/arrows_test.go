package page

import (
	"go/build"
	"io/fs"
	"os"
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

// TestEngineTouchesNoSystem checks docs/architecture.md's rule for engine/
// ("Packages"): pure Go that builds for the browser, so no package of it
// imports os, os/exec, net (net/netip and net/url are pure parsers and
// allowed), syscall or JavaScript. Its tests may read files. Nor does it,
// or its tests, import a package of the module outside engine/ ("The
// arrows": the engine depends on nothing above it).
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
	// Every file, whatever its build constraints (a test file tagged
	// for benchmarks too), imports nothing of the module outside engine/.
	all := build.Default
	all.UseAllFiles = true
	for _, pkg := range moduleImportsUnder(t, "engine") {
		bp, err := all.ImportDir(filepath.Join(repoRoot, pkg), 0)
		if _, ok := err.(*build.NoGoError); ok {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", pkg, err)
		}
		for _, imp := range slices.Concat(bp.Imports, bp.TestImports, bp.XTestImports) {
			if strings.HasPrefix(imp, module+"/") && !strings.HasPrefix(imp, module+"/engine/") {
				t.Errorf("%s imports %s (in a file of any build constraint); the engine depends on nothing above it", pkg, imp)
			}
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

// pageData are the engine packages the page imports: the data (the
// scenario, the result, the strategies' descriptions) and report's
// charts and tables, which read only the data.
var pageData = map[string]bool{"engine/model": true, "engine/report": true}

// dataReader is the one engine package the data import: the strict JSON
// reader that engine/model reads scenarios and results with. The page
// reaches it only through engine/model's functions.
const dataReader = "engine/strictjson"

// TestPageReachesNoAlgorithm checks the page's arrows
// (docs/architecture.md): ui, ui/workerqueue, wasm/page and wasm/protocol
// import no engine package but the data and report, and, as the wasm
// build links them, reach none but those and the data's JSON reader, so
// that page.wasm carries no engine; the worker does the work. Report and
// the data reach no other engine package either.
func TestPageReachesNoAlgorithm(t *testing.T) {
	ctx := jsContext()
	for _, pkg := range []string{"ui", "ui/workerqueue", "wasm/page", "wasm/protocol"} {
		bp, err := ctx.ImportDir(filepath.Join(repoRoot, filepath.FromSlash(pkg)), 0)
		if err != nil {
			t.Fatalf("%s: %v", pkg, err)
		}
		for _, imp := range bp.Imports {
			if rel, ok := strings.CutPrefix(imp, module+"/"); ok && strings.HasPrefix(rel, "engine/") && !pageData[rel] {
				t.Errorf("%s imports %s; the page imports only data (docs/architecture.md, the arrows): engine/model and engine/report", pkg, rel)
			}
		}
		reached := false
		for _, p := range moduleImports(t, module+"/"+pkg) {
			rel := strings.TrimPrefix(p, module+"/")
			if !strings.HasPrefix(rel, "engine/") {
				continue
			}
			reached = true
			if !pageData[rel] && rel != dataReader {
				t.Errorf("%s reaches %s; the page reaches only data (docs/architecture.md, the arrows): engine/model, engine/report and %s", pkg, rel, dataReader)
			}
		}
		if pkg != "wasm/page" && !reached {
			t.Errorf("%s reaches no engine package; is the walk blind?", pkg)
		}
	}
	for rel := range pageData {
		for _, p := range moduleImports(t, module+"/"+rel) {
			if other := strings.TrimPrefix(p, module+"/"); other != rel && other != "engine/model" && other != dataReader {
				t.Errorf("%s reaches %s; the page's data reach no other engine package", rel, other)
			}
		}
	}
}

// TestModelImportsOnlyTheStandardLibrary checks that engine/model, the
// data the page and the engine share, imports nothing but the standard
// library and its JSON reader, which imports only the standard library,
// natively and for the browser.
func TestModelImportsOnlyTheStandardLibrary(t *testing.T) {
	for _, ctx := range []build.Context{build.Default, jsContext()} {
		for _, pkg := range []string{"engine/model", dataReader} {
			bp, err := ctx.ImportDir(filepath.Join(repoRoot, filepath.FromSlash(pkg)), 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(bp.Imports) == 0 {
				t.Fatalf("%s imports nothing; is the walk blind?", pkg)
			}
			for _, imp := range bp.Imports {
				if pkg == "engine/model" && imp == module+"/"+dataReader {
					continue
				}
				if first, _, _ := strings.Cut(imp, "/"); strings.Contains(first, ".") {
					t.Errorf("%s imports %s (GOOS=%s); it imports only the standard library", pkg, imp, ctx.GOOS)
				}
			}
		}
	}
}

// TestBinariesLinkNoRegexp checks that no package of the module that
// page.wasm (ui) or worker.wasm (wasm/worker) links imports regexp, which
// costs each binary about 0.4 MB raw and 0.07-0.09 MB compressed (issues 12 and
// 14 ask both to be small; a whole-number check written as a regular
// expression in engine/model once put it in both).
func TestBinariesLinkNoRegexp(t *testing.T) {
	ctx := jsContext()
	for _, bin := range []string{"ui", "wasm/worker"} {
		for _, p := range moduleImports(t, module+"/"+bin) {
			dir := filepath.Join(repoRoot, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(p, module), "/")))
			bp, err := ctx.ImportDir(dir, 0)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if slices.Contains(bp.Imports, "regexp") {
				t.Errorf("%s, linked into %s's binary, imports regexp", p, bin)
			}
		}
	}
}

// TestEngineAssemblyIsAmd64Only checks CONTRIBUTING.md's rule for the
// engine's assembly ("Code"): every assembly file is amd64 only (named
// _amd64.s, so that the browser's build and every other architecture
// build Go instead) and named in CONTRIBUTING.md, beside the Go it
// stands in for and the test that compares them.
func TestEngineAssemblyIsAmd64Only(t *testing.T) {
	contributing, err := os.ReadFile(filepath.Join(repoRoot, "CONTRIBUTING.md"))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	err = filepath.WalkDir(filepath.Join(repoRoot, "engine"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".s") {
			return err
		}
		found++
		rel, err := filepath.Rel(repoRoot, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if !strings.HasSuffix(rel, "_amd64.s") {
			t.Errorf("%s: the engine's assembly is amd64 only, in files named _amd64.s", rel)
		}
		if !strings.Contains(string(contributing), "`"+rel+"`") {
			t.Errorf("%s: CONTRIBUTING.md (\"Code\") does not name it", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("no assembly file found under engine/: the walk is wrong or the rule is moot")
	}
}

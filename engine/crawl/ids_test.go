package crawl

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// moduleRoot is the repository, two folders up.
const moduleRoot = "../.."

// idLiteralsAllowed are the non-test files outside a strategy's own file
// whose string literals may equal a strategy's id, and why. (Paths are
// relative to the module's root.)
var idLiteralsAllowed = map[string]string{
	// The scenarios of the papers' experiments (what `crawlsim reproduce`
	// runs) name the strategies each paper compared, as data.
	"engine/reproduce/": "the papers' experiments",
	// "random" is also a kind of seed set.
	"engine/seeds/seeds.go": "seed kind random",
	// "fpr" and "rankmass" are also the papers' short names.
	"wasm/protocol/reproduce.go": "paper names",
}

// TestStrategyIDsInOneFile checks "one strategy, one file": each registered
// strategy's id is a string literal in exactly one non-test Go file, the
// one that registers it, except for the files idLiteralsAllowed lists. What
// the rest of the program knows of a strategy it takes from the registry
// (Info), so that a new strategy is one file and its test.
func TestStrategyIDsInOneFile(t *testing.T) {
	ids := map[string]bool{}
	for _, info := range Strategies() {
		ids[info.ID] = true
	}
	files := map[string][]string{} // id → files naming it
	var paths []string
	for _, top := range []string{"engine", "ui", "wasm", "tools", "serve.go"} {
		err := filepath.WalkDir(filepath.Join(moduleRoot, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
				paths = append(paths, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range paths {
		rel, err := filepath.Rel(moduleRoot, path)
		if err != nil {
			t.Fatal(err)
		}
		rel = filepath.ToSlash(rel)
		if allowed(rel) {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && ids[s] && !slices.Contains(files[s], rel) {
				files[s] = append(files[s], rel)
			}
			return true
		})
	}
	if len(paths) < 100 {
		t.Fatalf("found %d Go files under %s; is it the module's root?", len(paths), moduleRoot)
	}
	for id := range ids {
		if len(files[id]) != 1 || !strings.HasPrefix(files[id][0], "engine/crawl/") {
			t.Errorf("strategy id %q is a string literal in %v; want only its strategy's file in engine/crawl", id, files[id])
		}
	}
}

// allowed reports whether file rel is one idLiteralsAllowed lists, or is in
// a folder it lists.
func allowed(rel string) bool {
	for prefix := range idLiteralsAllowed {
		if rel == prefix || strings.HasSuffix(prefix, "/") && strings.HasPrefix(rel, prefix) {
			return true
		}
	}
	return false
}

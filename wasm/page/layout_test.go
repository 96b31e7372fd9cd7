package page

import (
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// repoRoot is the repository, two folders up.
const repoRoot = "../.."

// TestOnlyWasmTouchesJavaScript checks docs/architecture.md's rule ("The
// arrows"): no package outside wasm/ imports syscall/js or safejs (ui/ reaches
// JavaScript only through Vugu and this package).
func TestOnlyWasmTouchesJavaScript(t *testing.T) {
	for _, top := range []string{"engine", "ui", "tools"} {
		err := filepath.WalkDir(filepath.Join(repoRoot, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if p == "syscall/js" || p == "github.com/hack-pad/safejs" {
					t.Errorf("%s imports %s; only wasm/ may touch JavaScript", path, p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestNoReferenceOutsideTheRepository: the design and specification the
// project started from are not in the repository, so no file may send its
// reader to them; docs/ holds the project's own reference.
func TestNoReferenceOutsideTheRepository(t *testing.T) {
	// the two files by name, and the specification's sections, examples
	// and possessive by its short name
	outside := regexp.MustCompile(`DESIGN` + `\.md|SPEC` + `(\.md| section| example|'s)`)
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != repoRoot && (strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".vugu", ".js", ".css", ".html", ".sh", ".json":
		default:
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if name := outside.FindString(string(src)); name != "" {
			t.Errorf("%s cites %q, which is not in the repository: cite docs/ or the paper", path, name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestJavaScriptFilesAreTagged checks that every file of wasm/ that
// imports syscall/js or safejs builds only for js && wasm, so that native
// builds and tests of wasm/ never see it (hack-pad's rule).
func TestJavaScriptFilesAreTagged(t *testing.T) {
	jsOnly := constraint.AndExpr{X: &constraint.TagExpr{Tag: "js"}, Y: &constraint.TagExpr{Tag: "wasm"}}
	err := filepath.WalkDir(filepath.Join(repoRoot, "wasm"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		touches := false
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			touches = touches || p == "syscall/js" || p == "github.com/hack-pad/safejs"
		}
		if !touches {
			return nil
		}
		var expr constraint.Expr
		for _, line := range strings.Split(string(src), "\n") {
			if constraint.IsGoBuild(line) {
				expr, err = constraint.Parse(line)
				if err != nil {
					return err
				}
				break
			}
		}
		if expr == nil || expr.String() != jsOnly.String() {
			t.Errorf("%s touches JavaScript but its build constraint is %v, want //go:build js && wasm", path, expr)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestUIReachesNoJavaScriptValue checks the other door to JavaScript:
// Vugu's events hand out JavaScript values (JSEvent, JSEventTarget) and
// its js package wraps syscall/js, so ui's own code (not vugugen's
// *_gen.go) may use neither; it reads the page through this package
// (HoldsNoNumber, ElementSize, ...) and events through their summaries
// (PropString, ...).
func TestUIReachesNoJavaScriptValue(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(repoRoot, "ui", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		if strings.HasSuffix(path, "_gen.go") {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "github.com/vugu/vugu/js" {
				t.Errorf("%s imports %s; only wasm/ may touch JavaScript", path, p)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok && (s.Sel.Name == "JSEvent" || s.Sel.Name == "JSEventTarget") {
				t.Errorf("%s calls %s, a JavaScript value; only wasm/ may touch JavaScript", fset.Position(s.Pos()), s.Sel.Name)
			}
			return true
		})
	}
}

// TestJSONKeysAreSnakeCase: every JSON key the Go code names in a struct
// tag is lower case with words joined by "_" (random_seed, top_hubs), so
// that the scenario files, every -json output, the site's graph index and
// the messages between the page and its workers spell their keys alike.
func TestJSONKeysAreSnakeCase(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	for _, top := range []string{"engine", "ui", "tools", "wasm"} {
		err := filepath.WalkDir(filepath.Join(repoRoot, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				field, ok := n.(*ast.Field)
				if !ok || field.Tag == nil {
					return true
				}
				tag, err := strconv.Unquote(field.Tag.Value)
				if err != nil {
					return true
				}
				key, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
				if key != "" && key != "-" && !snake.MatchString(key) {
					t.Errorf("%s: JSON key %q is not snake_case", fset.Position(field.Pos()), key)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

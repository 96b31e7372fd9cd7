package site

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Vugu's DOM renderer (github.com/vugu/vugu/domrender, v0.4.0) installs its
// JavaScript helpers by calling window.eval on a script held in the
// unexported constant jsHelperScript, and the page's Content-Security-Policy
// refuses eval. So the build writes that script as the file vuguScript,
// which index.html loads with a <script src>, and static/page.js answers
// Vugu's eval of it without running anything: the script begins with
// vuguPreamble, which makes it return at once when its helpers are
// installed.
const (
	vuguRenderer = "github.com/vugu/vugu/domrender"
	vuguConst    = "jsHelperScript"
	vuguScript   = "vugu-render.js"
	vuguPreamble = "(function(){if(window.vuguRender)return;"
)

// writeVuguScript writes Vugu's renderer script into out as vuguScript when
// the page (./ui, built for GOOS=js GOARCH=wasm) uses Vugu's DOM renderer,
// and does nothing when it does not.
func writeVuguScript(ctx context.Context, goCmd, root, out string, log io.Writer) error {
	start := time.Now()
	listing, err := goOutput(ctx, goCmd, root, true, "list", "-deps",
		"-f", `{{if eq .ImportPath "`+vuguRenderer+`"}}{{.Dir}}{{"\t"}}{{join .GoFiles "\t"}}{{end}}`, "./ui")
	if err != nil {
		return fmt.Errorf("go list -deps ./ui (GOOS=js GOARCH=wasm): %w", err)
	}
	line := strings.TrimSpace(string(listing))
	if line == "" {
		return nil // the page does not use Vugu's renderer
	}
	fields := strings.Split(line, "\t")
	script, err := vuguHelperScript(fields[0], fields[1:])
	if err != nil {
		return err
	}
	if _, err := writeFileAtomic(filepath.Join(out, vuguScript), strings.NewReader(script)); err != nil {
		return err
	}
	fmt.Fprintf(log, "wrote %s from %s in %s (%s)\n", vuguScript, fields[0], roundDuration(time.Since(start)), formatSize(int64(len(script))))
	return nil
}

// vuguHelperScript returns the value of the string constant jsHelperScript
// declared in one of the Go files of dir, checking that it begins with
// vuguPreamble, on which static/page.js relies.
func vuguHelperScript(dir string, files []string) (string, error) {
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return "", err
		}
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.CONST {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if id.Name != vuguConst {
						continue
					}
					var lit *ast.BasicLit
					if i < len(vs.Values) {
						lit, _ = vs.Values[i].(*ast.BasicLit)
					}
					pos := fset.Position(id.Pos())
					if lit == nil || lit.Kind != token.STRING {
						return "", fmt.Errorf("%s: %s is not a string literal; this Vugu version is not the one static/page.js was written for", pos, vuguConst)
					}
					script, err := strconv.Unquote(lit.Value)
					if err != nil {
						return "", fmt.Errorf("%s: %s: %v", pos, vuguConst, err)
					}
					if !strings.HasPrefix(script, vuguPreamble) {
						return "", fmt.Errorf("%s: %s does not begin with %s, which static/page.js relies on to answer Vugu's eval of it; this Vugu version needs static/page.js to change", pos, vuguConst, vuguPreamble)
					}
					return script, nil
				}
			}
		}
	}
	return "", fmt.Errorf("%s: no constant %s in %s; this Vugu version installs its renderer's script otherwise, and static/page.js must follow", dir, vuguConst, strings.Join(files, ", "))
}

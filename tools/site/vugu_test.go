package site

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestVuguHelperScript(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.go"), "package domrender\n\nconst other = \"x\"\n")
	writeFile(t, filepath.Join(dir, "b.go"), "package domrender\n\nconst (\n\tz = 1\n\tjsHelperScript = \"(function(){if(window.vuguRender)return;window.vuguRender=function(){}})()\"\n)\n")
	got, err := vuguHelperScript(dir, []string{"a.go", "b.go"})
	if want := "(function(){if(window.vuguRender)return;window.vuguRender=function(){}})()"; err != nil || got != want {
		t.Errorf("vuguHelperScript = %q, %v; want %q", got, err, want)
	}

	for _, tt := range []struct{ src, wantErr string }{
		{"package domrender\n", "no constant jsHelperScript in"},
		{"package domrender\n\nconst jsHelperScript = 3\n", "b.go:3:7: jsHelperScript is not a string literal"},
		{"package domrender\n\nconst jsHelperScript = \"window.vuguRender=1\"\n", "b.go:3:7: jsHelperScript does not begin with (function(){if(window.vuguRender)return;"},
		{"package domrender\n\nconst jsHelperScript = \n", "b.go:3:25: expected operand"},
	} {
		writeFile(t, filepath.Join(dir, "b.go"), tt.src)
		_, err := vuguHelperScript(dir, []string{"a.go", "b.go"})
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("vuguHelperScript of %q: error %v, want one with %q", tt.src, err, tt.wantErr)
		}
	}
}

// TestVuguScriptOfThisModule writes the renderer script of the Vugu this
// module requires, and checks that static/page.js answers its eval: it
// holds the same preamble.
func TestVuguScriptOfThisModule(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the page's dependencies with go list; skipped with -short")
	}
	out := t.TempDir()
	var log bytes.Buffer
	if err := writeVuguScript(context.Background(), goCommand(), filepath.Join("..", ".."), out, &log); err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile(filepath.Join(out, vuguScript))
	if err != nil {
		t.Fatalf("%v; log:\n%s", err, log.String())
	}
	if !bytes.HasPrefix(script, []byte(vuguPreamble)) || !bytes.Contains(script, []byte("window.vuguRender=function")) {
		t.Errorf("%s does not look like Vugu's renderer script: %.200s", vuguScript, script)
	}
	pageJS, err := os.ReadFile(filepath.Join("..", "..", "static", "page.js"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(pageJS, []byte(`"`+vuguPreamble+`"`)) {
		t.Errorf("static/page.js does not hold the preamble %q of Vugu's script, so it cannot answer Vugu's eval", vuguPreamble)
	}
	index, err := os.ReadFile(filepath.Join("..", "..", "static", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	order := []string{`<script src="wasm_exec.js">`, `<script src="` + vuguScript + `">`, `<script src="page.js">`}
	last := -1
	for _, s := range order {
		i := bytes.Index(index, []byte(s))
		if i < last {
			t.Errorf("static/index.html must load %s, in this order", strings.Join(order, ", "))
			break
		}
		last = i
	}
}

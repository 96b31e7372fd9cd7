package site

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// tinyModule writes a module with the layout Build expects and empty
// programs, and returns its root.
func tinyModule(t *testing.T, uiMain string) string {
	t.Helper()
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), "module example.com/tiny\n\ngo 1.24\n")
	writeFile(t, filepath.Join(root, "wasm", "worker", "main.go"), "package main\n\nfunc main() {}\n")
	writeFile(t, filepath.Join(root, "ui", "main.go"), uiMain)
	writeFile(t, filepath.Join(root, "static", "index.html"), "<!doctype html><title>tiny</title>")
	writeFile(t, filepath.Join(root, "static", "css", "style.css"), "body {}")
	writeFile(t, filepath.Join(root, "static", "stale.wasm"), "old build output")
	writeFile(t, filepath.Join(root, "static", "stale.wasm.gz"), "old build output")
	writeFile(t, filepath.Join(root, "static", "page.wasm.br"), "old build output")
	writeFile(t, filepath.Join(root, "static", "vendor", "decoder.wasm.gz"), "a vendored decoder")
	writeFile(t, filepath.Join(root, "static", "wasm_exec.js"), "old glue")
	writeFile(t, filepath.Join(root, "static", ".gitkeep"), "")
	return root
}

func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two WebAssembly binaries; skipped with -short")
	}
	root := tinyModule(t, "package main\n\nfunc main() {}\n")
	out := filepath.Join(t.TempDir(), "site")
	var log bytes.Buffer
	if err := Build(context.Background(), root, out, &log); err != nil {
		t.Fatalf("Build: %v\nlog:\n%s", err, log.String())
	}
	t.Logf("log:\n%s", log.String())

	for _, name := range []string{"worker.wasm.br", "page.wasm.br", "wasm_exec.js"} {
		fi, err := os.Stat(filepath.Join(out, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if fi.Size() == 0 {
			t.Errorf("%s is empty", name)
		}
		if !strings.Contains(log.String(), name) {
			t.Errorf("log does not mention %s", name)
		}
	}
	// The binaries are written Brotli-compressed only: the page fetches
	// those and decompresses them itself.
	for _, name := range []string{"worker.wasm.br", "page.wasm.br"} {
		b, err := unbrotliFile(filepath.Join(out, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if !bytes.HasPrefix(b, []byte("\x00asm")) {
			t.Errorf("%s does not hold WebAssembly", name)
		}
		// The page is compiled without inlining, the worker fully
		// optimised: go build records the last -gcflags among the build
		// settings it writes into the binary ("build\t-gcflags=...").
		gcflags := bytes.Contains(b, []byte("build\t-gcflags="))
		if want := name == "page.wasm.br"; gcflags != want {
			t.Errorf("%s built with -gcflags: %v, want %v", name, gcflags, want)
		}
	}
	if b, err := os.ReadFile(filepath.Join(out, "index.html")); err != nil || string(b) != "<!doctype html><title>tiny</title>" {
		t.Errorf("index.html not copied: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(out, "css", "style.css")); err != nil {
		t.Errorf("css/style.css not copied: %v", err)
	}
	// Build outputs are skipped directly in static/ only: the vendored
	// decoder's WebAssembly, in a subfolder, is part of the site.
	if b, err := os.ReadFile(filepath.Join(out, "vendor", "decoder.wasm.gz")); err != nil || string(b) != "a vendored decoder" {
		t.Errorf("vendor/decoder.wasm.gz not copied: %q, %v", b, err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "wasm_exec.js")); string(b) == "old glue" {
		t.Error("wasm_exec.js was copied from static/ instead of GOROOT")
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got, want := strings.Join(names, " "), "css index.html page.wasm.br vendor wasm_exec.js worker.wasm.br"; got != want {
		t.Errorf("out holds %s, want %s", got, want)
	}

	// A compile error names the package, shows go build's output, and
	// leaves the previous outputs and no temporary files behind.
	writeFile(t, filepath.Join(root, "ui", "main.go"), "package main\n\nfunc main() { undefinedThing() }\n")
	before, _ := os.ReadFile(filepath.Join(out, "page.wasm.br"))
	err = Build(context.Background(), root, out, &log)
	if err == nil {
		t.Fatal("Build with a compile error succeeded")
	}
	if !strings.Contains(err.Error(), "./ui") || !strings.Contains(err.Error(), "undefinedThing") {
		t.Errorf("compile error %q should name ./ui and include go build's output", err)
	}
	after, _ := os.ReadFile(filepath.Join(out, "page.wasm.br"))
	if !bytes.Equal(before, after) {
		t.Error("a failed build changed page.wasm.br")
	}
	entries, _ = os.ReadDir(out)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file %s left in out", e.Name())
		}
	}
}

// TestGoCommand: the go command is that of $GOROOT when it names a Go
// installation, else "go" from PATH.
func TestGoCommand(t *testing.T) {
	goroot := t.TempDir()
	exe := filepath.Join(goroot, "bin", "go")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if err := os.MkdirAll(filepath.Dir(exe), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOROOT", goroot)
	if got := goCommand(); got != exe {
		t.Errorf("with GOROOT=%s: %q, want %q", goroot, got, exe)
	}
	t.Setenv("GOROOT", filepath.Join(goroot, "missing"))
	if got := goCommand(); got != "go" {
		t.Errorf("with a GOROOT without go: %q, want go", got)
	}
}

// unbrotliFile returns the decompressed content of the Brotli file name.
func unbrotliFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(brotli.NewReader(f))
}

// TestCompressWasmKeepsAnUnchangedBinary: a rebuild that gives the same
// binary keeps the compressed file as it is (and says so); any other
// content of the file, or another binary, is compressed again.
func TestCompressWasmKeepsAnUnchangedBinary(t *testing.T) {
	dir := t.TempDir()
	bin, dst := filepath.Join(dir, "main.wasm"), filepath.Join(dir, "page.wasm.br")
	raw := bytes.Repeat([]byte("\x00asm a binary "), 5000)
	writeFile(t, bin, string(raw))
	compress := func() string {
		t.Helper()
		var log bytes.Buffer
		if err := compressWasm(context.Background(), bin, dst, "./ui", time.Now(), &log); err != nil {
			t.Fatal(err)
		}
		got, err := unbrotliFile(dst)
		if err != nil || !bytes.Equal(got, raw) {
			t.Fatalf("%s does not decode to the binary: %v", dst, err)
		}
		return log.String()
	}
	if log := compress(); strings.Contains(log, "unchanged") {
		t.Errorf("first build says unchanged: %s", log)
	}
	before, _ := os.Stat(dst)
	if log := compress(); !strings.Contains(log, "unchanged") {
		t.Errorf("a rebuild of the same binary was compressed again: %s", log)
	}
	if after, _ := os.Stat(dst); !os.SameFile(before, after) {
		t.Error("an unchanged binary's compressed file was replaced")
	}
	good, _ := os.ReadFile(dst)
	for name, content := range map[string][]byte{
		"damaged":        append(append([]byte{}, good[:len(good)/2]...), bytes.Repeat([]byte{0xA5}, len(good)-len(good)/2)...),
		"truncated":      good[:len(good)-3],
		"trailing bytes": append(append([]byte{}, good...), 0),
		"empty":          nil,
	} {
		writeFile(t, dst, string(content))
		if log := compress(); strings.Contains(log, "unchanged") {
			t.Errorf("%s compressed file kept: %s", name, log)
		}
	}
	raw = append(raw, '!') // another binary, one byte longer
	writeFile(t, bin, string(raw))
	if log := compress(); strings.Contains(log, "unchanged") {
		t.Errorf("a longer binary kept the old file: %s", log)
	}
	raw = raw[:len(raw)-2] // and one byte shorter
	writeFile(t, bin, string(raw))
	if log := compress(); strings.Contains(log, "unchanged") {
		t.Errorf("a shorter binary kept the old file: %s", log)
	}
}

// The tests write into no cache of the user's: a test that uses the
// cache gives it a folder of its own.
func init() { compressCache = func() string { return "" } }

// TestCompressWasmReusesTheCache: a binary compressed for one site is
// copied from the cache, not compressed again, into a site written into
// a new folder; another binary is compressed; the cache keeps the most
// recently used cacheEntries binaries.
func TestCompressWasmReusesTheCache(t *testing.T) {
	cache := t.TempDir()
	compressCache = func() string { return cache }
	defer func() { compressCache = func() string { return "" } }()
	dir := t.TempDir()
	bin := filepath.Join(dir, "main.wasm")
	raw := bytes.Repeat([]byte("\x00asm a binary "), 5000)
	writeFile(t, bin, string(raw))
	compress := func(site string) string {
		t.Helper()
		dst := filepath.Join(dir, site, "page.wasm.br")
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		var log bytes.Buffer
		if err := compressWasm(context.Background(), bin, dst, "./ui", time.Now(), &log); err != nil {
			t.Fatal(err)
		}
		got, err := unbrotliFile(dst)
		if err != nil || !bytes.Equal(got, raw) {
			t.Fatalf("%s does not decode to the binary: %v", dst, err)
		}
		return log.String()
	}
	if log := compress("static"); strings.Contains(log, "unchanged") {
		t.Errorf("first build says unchanged: %s", log)
	}
	if log := compress("site1"); !strings.Contains(log, "unchanged: from the cache") {
		t.Errorf("a site in a new folder compressed the binary again: %s", log)
	}
	// A damaged cache entry is not used, and is replaced.
	entries, _ := os.ReadDir(cache)
	if len(entries) != 1 {
		t.Fatalf("the cache holds %d files, want 1", len(entries))
	}
	writeFile(t, filepath.Join(cache, entries[0].Name()), "not brotli")
	if log := compress("site2"); strings.Contains(log, "unchanged") {
		t.Errorf("a damaged cache entry was used: %s", log)
	}
	if log := compress("site3"); !strings.Contains(log, "from the cache") {
		t.Errorf("the damaged entry was not replaced: %s", log)
	}
	// Other binaries: the cache keeps the newest cacheEntries.
	base := raw
	for k := range cacheEntries + 2 {
		raw = append(bytes.Clone(base), byte(k))
		writeFile(t, bin, string(raw))
		compress("other")
	}
	if entries, _ := os.ReadDir(cache); len(entries) != cacheEntries {
		t.Errorf("the cache holds %d files, want %d", len(entries), cacheEntries)
	}
}

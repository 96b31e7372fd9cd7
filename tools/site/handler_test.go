package site

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testSite writes a small site into a fresh folder and returns it. The
// folder's parent holds go.mod and secret.txt, which must never be served.
func testSite(t *testing.T) string {
	t.Helper()
	parent := t.TempDir()
	dir := filepath.Join(parent, "static")
	files := map[string]string{
		"index.html":   "<!doctype html><title>crawlsim</title>",
		"worker.js":    "importScripts('wasm_exec.js');",
		"style.css":    "body { margin: 0 }",
		"page.wasm":    "\x00asm\x01\x00\x00\x00" + strings.Repeat("wasm code ", 5000),
		"page.wasm.gz": "\x1f\x8b\x08\x00 not really gzip",
		"page.wasm.br": "\x1b\xff not really Brotli",
		"chart.svg":    "<svg xmlns='http://www.w3.org/2000/svg'/>",
		"result.json":  `{"ok":true}`,
		"curves.csv":   "strategy,fraction\nbfs,0.5\n",
		".hidden":      "hidden file",
		"sub/deep.txt": "deep",
	}
	for name, body := range files {
		writeFile(t, filepath.Join(dir, name), body)
	}
	writeFile(t, filepath.Join(parent, "go.mod"), "module secret\n")
	writeFile(t, filepath.Join(parent, "x"), "secret x")
	writeFile(t, filepath.Join(parent, "secret.txt"), "TOP SECRET")
	return dir
}

func writeFile(t *testing.T, name, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func get(t *testing.T, h http.Handler, method, target string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestHandlerContentTypes(t *testing.T) {
	dir := testSite(t)
	h := Handler(dir)
	tests := []struct{ path, ctype string }{
		{"/", "text/html; charset=utf-8"},
		{"/index.html", "text/html; charset=utf-8"},
		{"/worker.js", "text/javascript; charset=utf-8"},
		{"/style.css", "text/css; charset=utf-8"},
		{"/page.wasm", "application/wasm"},
		{"/page.wasm.gz", "application/gzip"},
		{"/page.wasm.br", "application/octet-stream"},
		{"/chart.svg", "image/svg+xml"},
		{"/result.json", "application/json"},
		{"/curves.csv", "text/csv; charset=utf-8"},
		{"/sub/deep.txt", "text/plain; charset=utf-8"},
	}
	for _, tt := range tests {
		rec := get(t, h, "GET", tt.path, nil)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200", tt.path, rec.Code)
			continue
		}
		if got := rec.Header().Get("Content-Type"); got != tt.ctype {
			t.Errorf("GET %s: Content-Type %q, want %q", tt.path, got, tt.ctype)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache", tt.path, got)
		}
	}
}

func TestHandlerIndex(t *testing.T) {
	dir := testSite(t)
	rec := get(t, Handler(dir), "GET", "/", nil)
	want, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if rec.Code != http.StatusOK || rec.Body.String() != string(want) {
		t.Fatalf("GET /: status %d, body %q; want 200 and index.html", rec.Code, rec.Body)
	}
}

func TestHandlerGzipWasm(t *testing.T) {
	dir := testSite(t)
	h := Handler(dir)
	name := filepath.Join(dir, "page.wasm")

	check := func(t *testing.T) {
		want, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, ae := range []string{"gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*"} {
			rec := get(t, h, "GET", "/page.wasm", map[string]string{"Accept-Encoding": ae})
			if rec.Code != http.StatusOK {
				t.Fatalf("Accept-Encoding %q: status %d", ae, rec.Code)
			}
			if got := rec.Header().Get("Content-Encoding"); got != "gzip" {
				t.Fatalf("Accept-Encoding %q: Content-Encoding %q, want gzip", ae, got)
			}
			if got := rec.Header().Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Accept-Encoding %q: Vary %q, want Accept-Encoding", ae, got)
			}
			if rec.Body.Len() >= len(want) {
				t.Errorf("Accept-Encoding %q: gzip body %d bytes, not smaller than %d", ae, rec.Body.Len(), len(want))
			}
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("Accept-Encoding %q: decompressed body differs from the file", ae)
			}
		}
		for _, ae := range []string{"", "identity", "br", "gzip;q=0", "*, gzip;q=0"} {
			rec := get(t, h, "GET", "/page.wasm", map[string]string{"Accept-Encoding": ae})
			if rec.Code != http.StatusOK {
				t.Fatalf("Accept-Encoding %q: status %d", ae, rec.Code)
			}
			if got := rec.Header().Get("Content-Encoding"); got != "" {
				t.Errorf("Accept-Encoding %q: Content-Encoding %q, want none", ae, got)
			}
			if got := rec.Header().Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Accept-Encoding %q: Vary %q, want Accept-Encoding", ae, got)
			}
			if !bytes.Equal(rec.Body.Bytes(), want) {
				t.Errorf("Accept-Encoding %q: body differs from the file", ae)
			}
		}
	}
	check(t)

	// A rebuilt binary (new contents, new time) is compressed again.
	writeFile(t, name, "\x00asm\x01\x00\x00\x00"+strings.Repeat("new code! ", 7000))
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(name, later, later); err != nil {
		t.Fatal(err)
	}
	check(t)
}

func TestHandlerRevalidation(t *testing.T) {
	dir := testSite(t)
	h := Handler(dir)
	for _, ae := range []string{"", "gzip"} {
		rec := get(t, h, "GET", "/page.wasm", map[string]string{"Accept-Encoding": ae})
		tag := rec.Header().Get("ETag")
		if tag == "" {
			t.Fatalf("Accept-Encoding %q: no ETag", ae)
		}
		rec = get(t, h, "GET", "/page.wasm", map[string]string{"Accept-Encoding": ae, "If-None-Match": tag})
		if rec.Code != http.StatusNotModified {
			t.Errorf("Accept-Encoding %q: If-None-Match gave %d, want 304", ae, rec.Code)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("304: Cache-Control %q, want no-cache", got)
		}
	}
	plain := get(t, h, "GET", "/page.wasm", nil).Header().Get("ETag")
	gz := get(t, h, "GET", "/page.wasm", map[string]string{"Accept-Encoding": "gzip"}).Header().Get("ETag")
	if plain == gz {
		t.Errorf("identity and gzip responses share the ETag %s", plain)
	}
}

func TestHandlerHead(t *testing.T) {
	dir := testSite(t)
	rec := get(t, Handler(dir), "HEAD", "/style.css", nil)
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Fatalf("HEAD: status %d, %d body bytes; want 200 and none", rec.Code, rec.Body.Len())
	}
	if got := rec.Header().Get("Content-Length"); got != "18" {
		t.Errorf("HEAD: Content-Length %q, want 18", got)
	}
}

func TestHandlerMethods(t *testing.T) {
	dir := testSite(t)
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS"} {
		rec := get(t, Handler(dir), m, "/index.html", nil)
		if rec.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s: status %d, want 405", m, rec.Code)
		}
		if got := rec.Header().Get("Allow"); got != "GET, HEAD" {
			t.Errorf("%s: Allow %q, want \"GET, HEAD\"", m, got)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache", m, got)
		}
	}
}

func TestHandlerRefuses(t *testing.T) {
	dir := testSite(t)
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "secret.txt"), "TOP SECRET")
	// Symbolic links are checked where the system has them; the other
	// refusals everywhere.
	links := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(dir, "link.txt")) == nil
	if links {
		for _, l := range [][2]string{{outside, "linkdir"}, {"../secret.txt", "up.txt"}, {"style.css", "alias.css"}} {
			if err := os.Symlink(l[0], filepath.Join(dir, l[1])); err != nil {
				t.Fatal(err)
			}
		}
	} else {
		t.Log("no symbolic links here: their cases are left out")
	}

	h := Handler(dir)
	for _, target := range []string{
		"/../go.mod",
		"/%2e%2e/x",
		"/%2e%2e/go.mod",
		"/%2E%2E%2Fgo.mod",
		"/sub/../../go.mod",
		"/sub/..%2f..%2fsecret.txt",
		"/./index.html",
		"/.hidden",
		"/%2ehidden",
		"/sub/",
		"/sub",
		"/link.txt",
		"/linkdir/secret.txt",
		"/up.txt",
		"/..%5csecret.txt",
		"/missing.js",
	} {
		rec := get(t, h, "GET", target, nil)
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", target, rec.Code)
		}
		body := rec.Body.String()
		for _, secret := range []string{"TOP SECRET", "module secret", "secret x", "hidden file", "deep"} {
			if strings.Contains(body, secret) {
				t.Errorf("GET %s: body leaks %q", target, secret)
			}
		}
	}

	if !links {
		return
	}
	// A symbolic link that stays inside dir is fine.
	rec := get(t, h, "GET", "/alias.css", nil)
	if rec.Code != http.StatusOK || rec.Body.String() != "body { margin: 0 }" {
		t.Errorf("GET /alias.css (link inside the folder): status %d, body %q", rec.Code, rec.Body)
	}
}

func TestHandlerOverRealServer(t *testing.T) {
	// The same refusals through a real connection, where the request line
	// is sent as written.
	dir := testSite(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, p := range []string{"/../go.mod", "/%2e%2e/x", "/.hidden"} {
		req, err := http.NewRequest("GET", srv.URL+"/", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.URL.Opaque = p // sent verbatim
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound || bytes.Contains(body, []byte("secret")) {
			t.Errorf("GET %s: status %d, body %q; want 404", p, resp.StatusCode, body)
		}
	}
	resp, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /: status %d", resp.StatusCode)
	}
}

func TestAcceptsGzip(t *testing.T) {
	tests := []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"GZIP", true},
		{"deflate, gzip;q=0.5", true},
		{"gzip;q=0", false},
		{"gzip; q=0.0", false},
		{"*", true},
		{"*;q=0", false},
		{"*, gzip;q=0", false},
		{"identity", false},
		{"br, x-gzip", true},
	}
	for _, tt := range tests {
		if got := acceptsGzip(tt.header); got != tt.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tt.header, got, tt.want)
		}
	}
}

// TestHandlerPrecompressedWasm: the .wasm.br the build writes (and a
// .wasm.gz, as the Brotli decoder's WebAssembly is) is sent as it is, even
// to a browser that accepts gzip and Brotli: the page decompresses it
// itself (static/wasm-load.js), as it must on hosts that negotiate nothing.
func TestHandlerPrecompressedWasm(t *testing.T) {
	dir := testSite(t)
	for _, name := range []string{"page.wasm.br", "page.wasm.gz"} {
		rec := get(t, Handler(dir), "GET", "/"+name, map[string]string{"Accept-Encoding": "gzip, br"})
		if ce := rec.Header().Get("Content-Encoding"); ce != "" {
			t.Errorf("%s sent with Content-Encoding %q, want none", name, ce)
		}
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if got := rec.Body.String(); got != string(want) {
			t.Errorf("%s sent as %q, want the file's bytes %q", name, got, want)
		}
	}
}

// TestHandlerEndsResponsesNobodyReads: a client that asks for a large file
// and never reads does not hold the response, and its descriptors, for
// good: once a write has waited the stall time, the handler returns and
// the connection is closed. (50 such clients held 100 descriptors for as
// long as they stayed.)
func TestHandlerEndsResponsesNobodyReads(t *testing.T) {
	dir := t.TempDir()
	big := make([]byte, 64<<20) // far more than the sockets' buffers
	if err := os.WriteFile(filepath.Join(dir, "big.json"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	fsrv := Handler(dir).(*fileServer)
	fsrv.stall = 300 * time.Millisecond
	ended := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fsrv.ServeHTTP(w, r)
		ended <- struct{}{}
	}))
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /big.json HTTP/1.1\r\nHost: x\r\n\r\n")
	select {
	case <-ended:
	case <-time.After(30 * time.Second):
		t.Fatal("the response to a client that does not read still waits after 30 s")
	}
}

//go:build browser

package browsertest

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/chromedp"
	"github.com/crawlsim/crawlsim/tools/site"
)

// TestPageBadCompressedBinary serves a page.wasm.br cut short, one with
// bytes overwritten near its start, and whole Brotli of a broken binary: the page does not hang on its
// skeleton nor compile garbage, it says that crawlsim could not start and
// why, naming the file.
func TestPageBadCompressedBinary(t *testing.T) {
	dir := siteDir(t)
	good, err := os.ReadFile(filepath.Join(dir, "page.wasm"+site.CompressedSuffix))
	if err != nil {
		t.Fatal(err)
	}
	truncated := good[:len(good)/2]
	// Brotli has no checksum: overwritten bytes are refused for sure only
	// in the first meta-block's header and code lengths (TestWasmLoad).
	corrupt := bytes.Clone(good)
	for i := 1; i < 33; i++ {
		corrupt[i] ^= 0x5a
	}
	// Brotli of bytes that are no WebAssembly decodes fine; the compiler
	// refuses them.
	var notWasm bytes.Buffer
	bw := brotli.NewWriter(&notWasm)
	bw.Write(append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte{0xff}, 4096)...))
	if err := bw.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		body []byte
		want string // in the page's message
	}{
		{"truncated", truncated, "page.wasm.br is truncated"},
		{"corrupt", corrupt, "page.wasm.br: corrupt Brotli data"},
		{"not WebAssembly", notWasm.Bytes(), "page.wasm.br: "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, url := browser(t, func(h http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if r.URL.Path == "/page.wasm"+site.CompressedSuffix {
						w.Header().Set("Content-Type", "application/octet-stream")
						w.Write(tt.body)
						return
					}
					h.ServeHTTP(w, r)
				})
			})
			run(t, ctx, navigate(url+"/"), waitFor(`document.querySelector("#crawlsim .message.error")`, time.Minute))
			msg := value(t, ctx, chromedp.Evaluate[string](`document.querySelector("#crawlsim .message.error").textContent`))
			if !strings.HasPrefix(msg, "crawlsim could not start: ") || !strings.Contains(msg, tt.want) {
				t.Errorf("the page says %q, want that crawlsim could not start because %s", msg, tt.want)
			}
		})
	}
}

package site

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPageBadCompressedBinary serves a page.wasm.br cut short, and one
// with bytes overwritten near its start: the page does not hang on its
// skeleton nor compile garbage, it says that crawlsim could not start and
// why, naming the file.
func TestPageBadCompressedBinary(t *testing.T) {
	dir := siteDir(t)
	good, err := os.ReadFile(filepath.Join(dir, "page.wasm"+compressedSuffix))
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
	for _, tt := range []struct {
		name string
		body []byte
		want string // in the page's message
	}{
		{"truncated", truncated, "page.wasm.br is truncated"},
		{"corrupt", corrupt, "page.wasm.br: corrupt Brotli data"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, url := browser(t, func(h http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if r.URL.Path == "/page.wasm"+compressedSuffix {
						w.Header().Set("Content-Type", "application/octet-stream")
						w.Write(tt.body)
						return
					}
					h.ServeHTTP(w, r)
				})
			})
			run(t, ctx, chromedp.Navigate(url+"/"), waitFor(`document.querySelector("#crawlsim .message.error")`, time.Minute))
			msg := value(t, ctx, chromedp.Evaluate[string](`document.querySelector("#crawlsim .message.error").textContent`))
			if !strings.HasPrefix(msg, "crawlsim could not start: ") || !strings.Contains(msg, tt.want) {
				t.Errorf("the page says %q, want that crawlsim could not start because %s", msg, tt.want)
			}
		})
	}
}

//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package site

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestHandlerFIFO asks for a FIFO in the served folder, directly and
// through a symbolic link: opening one for reading waits for a writer, so
// a handler that opens it hangs, pinning an OS thread per request. It
// must answer 404 at once.
func TestHandlerFIFO(t *testing.T) {
	dir := testSite(t)
	fifo := filepath.Join(dir, "pipe.js")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	targets := []string{"/pipe.js"}
	if err := os.Symlink("pipe.js", filepath.Join(dir, "pipe-link.js")); err == nil {
		targets = append(targets, "/pipe-link.js")
	} else {
		t.Logf("no symbolic links here (%v): only the FIFO itself is asked for", err)
	}
	h := Handler(dir)
	for _, target := range targets {
		done := make(chan *httptest.ResponseRecorder, 1)
		go func() { done <- get(t, h, "GET", target, nil) }()
		select {
		case rec := <-done:
			if rec.Code != http.StatusNotFound {
				t.Errorf("GET %s (a FIFO): status %d, want 404", target, rec.Code)
			}
		case <-time.After(5 * time.Second):
			// Release the handler: a writer lets its open return.
			if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				w.Close()
			}
			<-done
			t.Errorf("GET %s (a FIFO): no answer within 5 s; the handler opened the FIFO and waited for a writer", target)
		}
	}
}

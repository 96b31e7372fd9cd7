package site

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

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

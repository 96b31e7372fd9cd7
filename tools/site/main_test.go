package site

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestMainUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-bogus"},
		{"-addr"},
		{"-no-build=maybe"},
		{"extra"},
		{"-out", "dist", "-no-build"},
	} {
		var stdout, stderr bytes.Buffer
		err := Main(context.Background(), args, &stdout, &stderr)
		var u *UsageError
		if !errors.As(err, &u) {
			t.Errorf("Main(%q) = %v, want a *UsageError", args, err)
			continue
		}
		if !strings.Contains(stderr.String(), "usage: go run serve.go") {
			t.Errorf("Main(%q): stderr lacks the usage text:\n%s", args, stderr.String())
		}
		if stdout.Len() != 0 {
			t.Errorf("Main(%q): wrote to stdout: %q", args, stdout.String())
		}
	}

	var stderr bytes.Buffer
	err := Main(context.Background(), []string{"-bogus"}, io.Discard, &stderr)
	if !strings.Contains(stderr.String(), "-bogus") || !strings.Contains(err.Error(), "-bogus") {
		t.Errorf("unknown flag: error %q, stderr %q; want both to name -bogus", err, stderr.String())
	}
}

// TestMainOutIsAFile: -out naming a file, or a path through one, is
// refused before the build, in words: not mkdir's "not a directory".
func TestMainOutIsAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "site.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ out, want string }{
		{file, "-out " + file + ": that is a file; name a folder for the site"},
		{filepath.Join(file, "sub"), "-out " + filepath.Join(file, "sub") + ": " + file + " is a file, not a folder"},
	} {
		var stdout, stderr bytes.Buffer
		err := Main(context.Background(), []string{"-out", c.out}, &stdout, &stderr)
		if err == nil || err.Error() != c.want {
			t.Errorf("-out %s: error %v; want %q", c.out, err, c.want)
		}
		if stderr.Len() != 0 {
			t.Errorf("-out %s: the build began: %s", c.out, stderr.String())
		}
	}
}

func TestMainHelp(t *testing.T) {
	for _, h := range []string{"-h", "-help", "--help"} {
		var stdout, stderr bytes.Buffer
		if err := Main(context.Background(), []string{h}, &stdout, &stderr); err != nil {
			t.Fatalf("Main(%s) = %v, want nil", h, err)
		}
		help := stdout.String()
		for _, want := range []string{"usage: go run serve.go", "-addr", "127.0.0.1:8080", "-out", "-no-build", "-graph", "-urls", "graphs.json", "page.wasm", "worker.wasm", "wasm_exec.js", "relative"} {
			if !strings.Contains(help, want) {
				t.Errorf("Main(%s): help lacks %q:\n%s", h, want, help)
			}
		}
	}
}

func TestMainBusyPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	err = Main(context.Background(), []string{"-no-build", "-addr", addr}, io.Discard, io.Discard)
	if err == nil {
		t.Fatal("Main on a busy port succeeded")
	}
	if !strings.Contains(err.Error(), addr) || !strings.Contains(err.Error(), "-addr") {
		t.Errorf("busy port: error %q should name %s and suggest -addr", err, addr)
	}
}

func TestMainServesAndShutsDown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Main(ctx, []string{"-no-build", "-addr", "127.0.0.1:0"}, pw, io.Discard)
		pw.Close()
	}()

	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the URL line: %v", err)
	}
	go io.Copy(io.Discard, pr)
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "crawlsim page: ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("stdout line %q, want \"crawlsim page: http://127.0.0.1:PORT/\"", line)
	}
	resp, err := http.Get(url + "go.mod")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("GET go.mod: status %d, Cache-Control %q; want 404 from the site handler", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Main after cancel = %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Main did not return after its context was cancelled")
	}
	if _, err := http.Get(url); err == nil {
		t.Error("server still answers after shutdown")
	}
}

// startMain runs Main with args (which should serve) until the test ends,
// and returns the URL it printed and what it wrote to stderr by then.
func startMain(t *testing.T, args ...string) (url string, stderr *syncBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	stderr = &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- Main(ctx, args, pw, stderr)
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Main(%q) after cancel = %v, want nil", args, err)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("Main(%q) did not return after its context was cancelled", args)
		}
	})
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("Main(%q): reading the URL line: %v; stderr:\n%s", args, err, stderr)
	}
	go io.Copy(io.Discard, pr)
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "crawlsim page: ")
	if !ok {
		t.Fatalf("Main(%q): stdout line %q, want \"crawlsim page: URL\"", args, line)
	}
	return url, stderr
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestMainListenAddress: the printed URL has the port really listened on
// (port 0 picks one), and an address other machines can reach is said so
// on stderr.
func TestMainListenAddress(t *testing.T) {
	for _, tt := range []struct {
		addr, urlPrefix string
		public          bool
	}{
		{"127.0.0.1:0", "http://127.0.0.1:", false},
		{"localhost:0", "http://127.0.0.1:", false},
		{":0", "http://localhost:", true},
		{"0.0.0.0:0", "http://localhost:", true},
	} {
		url, stderr := startMain(t, "-no-build", "-addr", tt.addr)
		port, ok := strings.CutPrefix(url, tt.urlPrefix)
		port = strings.TrimSuffix(port, "/")
		if !ok || port == "" || port == "0" || strings.ContainsAny(port, ":/") {
			t.Errorf("-addr %s: URL %q, want %sPORT/ with the port listened on", tt.addr, url, tt.urlPrefix)
			continue
		}
		resp, err := http.Get(url)
		if err != nil {
			t.Errorf("-addr %s: GET %s: %v", tt.addr, url, err)
		} else {
			resp.Body.Close()
		}
		warned := strings.Contains(stderr.String(), "other machines")
		if warned != tt.public {
			t.Errorf("-addr %s: warned about other machines: %v, want %v; stderr:\n%s", tt.addr, warned, tt.public, stderr)
		}
		if tt.public && !strings.Contains(stderr.String(), ":"+port) {
			t.Errorf("-addr %s: the warning does not give the port %s listened on:\n%s", tt.addr, port, stderr)
		}
	}
}

func TestListenNotice(t *testing.T) {
	tests := []struct {
		ip      string
		url     string
		warning string // "" for none, else a part of it
	}{
		{"127.0.0.1", "http://127.0.0.1:8080/", ""},
		{"127.0.0.2", "http://127.0.0.2:8080/", ""},
		{"::1", "http://[::1]:8080/", ""},
		{"", "http://localhost:8080/", "every network interface"},
		{"0.0.0.0", "http://localhost:8080/", "every network interface"},
		{"::", "http://localhost:8080/", "every network interface"},
		{"192.168.1.5", "http://192.168.1.5:8080/", "192.168.1.5:8080"},
		{"2001:db8::1", "http://[2001:db8::1]:8080/", "[2001:db8::1]:8080"},
	}
	for _, tt := range tests {
		addr := &net.TCPAddr{IP: net.ParseIP(tt.ip), Port: 8080}
		url, warning := listenNotice(addr)
		if url != tt.url {
			t.Errorf("listenNotice(%s): URL %q, want %q", addr, url, tt.url)
		}
		if tt.warning == "" {
			if warning != "" {
				t.Errorf("listenNotice(%s): warning %q for a loopback address", addr, warning)
			}
			continue
		}
		for _, want := range []string{tt.warning, "other machines", "-addr 127.0.0.1:8080"} {
			if !strings.Contains(warning, want) {
				t.Errorf("listenNotice(%s): warning %q lacks %q", addr, warning, want)
			}
		}
	}
}

func TestServerTimeouts(t *testing.T) {
	srv := newServer(http.NotFoundHandler())
	if srv.ReadHeaderTimeout <= 0 || srv.IdleTimeout <= 0 {
		t.Errorf("server timeouts: ReadHeaderTimeout %v, IdleTimeout %v; want both set, so that idle or slow connections are closed", srv.ReadHeaderTimeout, srv.IdleTimeout)
	}
}

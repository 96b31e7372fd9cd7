package site

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
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

func TestMainHelp(t *testing.T) {
	for _, h := range []string{"-h", "-help", "--help"} {
		var stdout, stderr bytes.Buffer
		if err := Main(context.Background(), []string{h}, &stdout, &stderr); err != nil {
			t.Fatalf("Main(%s) = %v, want nil", h, err)
		}
		help := stdout.String()
		for _, want := range []string{"usage: go run serve.go", "-addr", "127.0.0.1:8080", "-out", "-no-build", "page.wasm", "worker.wasm", "wasm_exec.js", "relative"} {
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

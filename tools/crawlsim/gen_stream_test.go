package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGenStreamsCSR: gen -o FILE.csr streams the graph into the file
// (within a memory limit that the in-memory path exceeds), and the file,
// the message and the JSON are those of the in-memory path, which -o -
// and -urls-out take.
func TestGenStreamsCSR(t *testing.T) {
	dir := t.TempDir()
	streamedPath, wholePath := filepath.Join(dir, "a.csr"), filepath.Join(dir, "b.csr")
	// 200,000 pages: about 16 MB to stream, 33 MB in memory.
	t.Setenv(memoryEnv, "25MB")
	args := []string{"gen", "-n", "200000", "-seed", "5"}
	msg := mustRun(t, append(args, "-o", streamedPath)...)
	out, errOut, status := crawlsim(t, append(args, "-o", "-")...)
	if status != 2 || out != "" || !strings.Contains(errOut, "-n 200000 needs about 31.8 MiB, more than the 23.8 MiB of memory available") {
		t.Fatalf("gen -o - within 25 MB: status %d, stderr %q; want the in-memory path refused", status, errOut)
	}
	t.Setenv(memoryEnv, "1GB")
	wholeMsg := mustRun(t, append(args, "-o", wholePath, "-urls-out", filepath.Join(dir, "urls.txt"))...)
	stdout, _, status := crawlsim(t, append(args, "-o", "-", "-to", "csr")...)
	streamed, err := os.ReadFile(streamedPath)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(wholePath)
	if err != nil {
		t.Fatal(err)
	}
	if status != 0 || !bytes.Equal(streamed, whole) || stdout != string(whole) {
		t.Fatalf("streamed file: %d bytes; in memory: %d bytes to a file, %d on stdout (status %d); want the same bytes", len(streamed), len(whole), len(stdout), status)
	}
	if first, _, _ := strings.Cut(wholeMsg, "\n"); msg != strings.Replace(first, "b.csr", "a.csr", 1)+"\n" {
		t.Errorf("streamed gen says %q, in-memory gen %q", msg, wholeMsg)
	}
	jsonStreamed := mustRun(t, append(args, "-json", "-o", streamedPath)...)
	jsonWhole := mustRun(t, append(args, "-json", "-o", wholePath)...)
	t.Setenv(memoryEnv, "25MB")
	if want := strings.Replace(jsonWhole, "b.csr", "a.csr", 1); jsonStreamed != want || !strings.Contains(jsonStreamed, `"hosts": 1000`) {
		t.Errorf("streamed gen -json prints %q, want %q", jsonStreamed, want)
	}
}

// TestGenStreamInterrupted: cancelling gen while it streams its .csr
// leaves neither the output nor its temporary file, and says so.
func TestGenStreamInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			matches, _ := filepath.Glob(filepath.Join(dir, ".out.csr.*.tmp"))
			for _, m := range matches {
				if st, err := os.Stat(m); err == nil && st.Size() > 0 {
					cancel()
				}
			}
			time.Sleep(time.Millisecond)
		}
	}()
	var out, errOut bytes.Buffer
	status := runMain(ctx, []string{"gen", "-n", "2000000", "-o", filepath.Join(dir, "out.csr")}, &out, &errOut)
	entries, _ := os.ReadDir(dir)
	// Under load a progress line (one about every 10 s) may come first.
	said := strings.HasPrefix(errOut.String(), "crawlsim gen: interrupted; no output was written") ||
		strings.Contains(errOut.String(), "\ncrawlsim gen: interrupted; no output was written")
	if status != 1 || !said || len(entries) != 0 {
		t.Errorf("status %d, stderr %q, %d files left; want 1, interrupted, none", status, errOut.String(), len(entries))
	}
}

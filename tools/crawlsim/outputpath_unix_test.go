//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOutputToFIFO: a FIFO is written directly, the reader gets the bytes
// and the FIFO stays a FIFO.
func TestOutputToFIFO(t *testing.T) {
	inputFiles(t)
	if err := syscall.Mkfifo("scores.fifo", 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open("scores.fifo") // waits for the writer
		if err != nil {
			got <- []byte(err.Error())
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	_, errOut, status := crawlsim(t, "rank", "-o", "scores.fifo", "g.edges")
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	select {
	case b := <-got:
		if !strings.HasPrefix(string(b), "page,pagerank\n") || strings.Count(string(b), "\n") != 4 {
			t.Errorf("the FIFO's reader got %q, want the 3 pages' scores", b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the FIFO's reader got nothing")
	}
	if st, err := os.Lstat("scores.fifo"); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("scores.fifo is no longer a FIFO: %v, %v", st.Mode(), err)
	}
}

// charDevice returns a character device that discards what is written to
// it: a copy of /dev/null made in a temporary folder when the test may
// make one (root, a folder that allows devices), so that a failure cannot
// harm the machine's /dev/null, else /dev/null itself.
func charDevice(t *testing.T) string {
	name := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(name, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		if f, err := os.OpenFile(name, os.O_WRONLY, 0); err == nil {
			f.Close()
			return name
		}
	}
	return os.DevNull
}

// TestOutputToCharDevice: a character device (a /dev/null) is written
// directly and stays a character device; two outputs may both be one.
func TestOutputToCharDevice(t *testing.T) {
	inputFiles(t)
	null := charDevice(t)
	for _, args := range [][]string{{"gen", "-n", "50", "-o", null}, {"run", "-n", "50", "-strategies", "optimal,bfs", "-o", null, "-csv", null}} {
		mustRun(t, args...)
		if st, err := os.Stat(null); err != nil || st.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("after crawlsim %s, %s is no longer a character device: %v, %v", strings.Join(args, " "), null, st.Mode(), err)
		}
	}
	if entries, _ := os.ReadDir(filepath.Dir(null)); filepath.Dir(null) != "/dev" && len(entries) != 1 {
		t.Errorf("%d files beside %s, want none", len(entries)-1, null)
	}
}

// TestReproduceIntoAFIFOReport: a report.md that is a FIFO is not read for
// an earlier manifest (opening it waited for a writer for good, after all
// the work, with signals ignored); the report is written into it, for the
// reader at its other end.
func TestReproduceIntoAFIFOReport(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("rep", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo("rep/report.md", 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	read := make(chan []byte, 1)
	go func() {
		b, _ := os.ReadFile("rep/report.md")
		read <- b
	}()
	done := make(chan int, 1)
	var errOut string
	go func() {
		var status int
		_, errOut, status = crawlsim(t, "reproduce", "-n", "2000", "-o", "rep", "fpr")
		done <- status
	}()
	select {
	case status := <-done:
		if status != 0 {
			t.Fatalf("status %d: %s", status, errOut)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("reproduce -o DIR with a FIFO report.md has not ended after 2 minutes")
	}
	if b := <-read; !bytes.HasPrefix(b, []byte("# ")) {
		t.Errorf("the FIFO's reader got %q, want the report", short(string(b)))
	}
}

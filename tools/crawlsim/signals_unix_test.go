//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// buildCrawlsim builds the command into a temporary folder and returns
// the binary's path.
func buildCrawlsim(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to build crawlsim: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "crawlsim")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestSignalsRemoveTemporaryFiles sends SIGTERM, then SIGHUP, to a real
// crawlsim process while it writes a generated graph of 2 million pages
// (about 150 MB, written in a few tenths of a second): the process must
// remove its temporary file, write no output and die of the signal. An
// attempt in which the signal came after the write had ended proves
// nothing and is made again.
func TestSignalsRemoveTemporaryFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds crawlsim and writes 150 MB")
	}
	bin := buildCrawlsim(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			if signal.Ignored(sig) {
				t.Skipf("this test runs with %v ignored, as its crawlsim would", sig)
			}
			for attempt := 1; ; attempt++ {
				dir := t.TempDir()
				cmd := exec.Command(bin, "gen", "-n", "2000000", "-o", "out.csr")
				cmd.Dir = dir
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				err, ended := waitForTemporaryFile(t, dir, done)
				if !ended {
					cmd.Process.Signal(sig)
					err = <-done
				}
				entries, _ := os.ReadDir(dir)
				var ee *exec.ExitError
				switch {
				case err == nil && attempt < 3:
					t.Logf("attempt %d: the write ended before the signal; again", attempt)
					continue
				case !errors.As(err, &ee):
					t.Fatalf("crawlsim gen: %v (want it killed by %v)\nstderr: %s", err, sig, stderr.String())
				case len(entries) != 0:
					t.Errorf("after %v the folder holds %s; want nothing (no output, no temporary file)", sig, entries[0].Name())
				case !bytes.Contains(stderr.Bytes(), []byte("crawlsim gen: interrupted; no output was written")):
					t.Errorf("after %v crawlsim says %q, want that it was interrupted and wrote nothing", sig, stderr.String())
				}
				if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != sig {
					t.Errorf("crawlsim gen ended with %v, want killed by %v\nstderr: %s", ee, sig, stderr.String())
				}
				return
			}
		})
	}
}

// waitForTemporaryFile waits until a temporary file of out.csr holds
// bytes in dir, or the process ends (its error comes from done).
func waitForTemporaryFile(t *testing.T, dir string, done chan error) (error, bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-done:
			return err, true
		default:
		}
		matches, _ := filepath.Glob(filepath.Join(dir, ".out.csr.*.tmp"))
		for _, m := range matches {
			if st, err := os.Stat(m); err == nil && st.Size() > 0 {
				return nil, false
			}
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("crawlsim gen made no temporary file in 60 s")
	return nil, false
}

// TestSignalsEndBlockedCommands: a command that waits on an input that
// never comes (a FIFO without a writer as the graph, the scenario or the
// seed list; a pipe whose writer stalls mid-line) ends on SIGINT, SIGTERM
// or SIGHUP, killed by the signal, instead of ignoring it.
func TestSignalsEndBlockedCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds crawlsim")
	}
	bin := buildCrawlsim(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "g.edges"), []byte("0 1\n1 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for k, c := range []struct {
		args  []string
		stall bool // a writer opens the FIFO and writes part of a line
	}{
		{[]string{"info", "-format", "edges", "in.fifo"}, false},
		{[]string{"info", "-format", "edges", "in.fifo"}, true},
		{[]string{"run", "-scenario", "in.fifo"}, false},
		{[]string{"rank", "-seeds", "list:in.fifo", "g.edges"}, false},
	} {
		sig := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}[k%3]
		if signal.Ignored(sig) {
			continue
		}
		fifo := filepath.Join(dir, "in.fifo")
		os.Remove(fifo)
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skipf("no FIFO: %v", err)
		}
		cmd := exec.Command(bin, c.args...)
		cmd.Dir = dir
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var writer *os.File
		if c.stall {
			w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			writer = w
			w.Write([]byte("0 1\n2 "))
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		time.Sleep(300 * time.Millisecond)
		cmd.Process.Signal(sig)
		select {
		case err := <-done:
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Errorf("crawlsim %v: %v, want killed by %v", c.args, err, sig)
			} else if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != sig {
				t.Errorf("crawlsim %v ended with %v, want killed by %v", c.args, ee, sig)
			}
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Errorf("crawlsim %v still runs 20 s after %v", c.args, sig)
		}
		if writer != nil {
			writer.Close()
		}
	}
}

// TestSignalsStopCommandsStartedToIgnoreThem: a shell without job control
// starts a background job with SIGINT ignored (`crawlsim run ... &` in a
// script); kill -INT, and SIGTERM, must still stop crawlsim, which then
// exits with status 128+signal (130 for SIGINT) or dies of it. The job here
// waits on a FIFO without a writer, started by sh with the signal ignored.
func TestSignalsStopCommandsStartedToIgnoreThem(t *testing.T) {
	if testing.Short() {
		t.Skip("builds crawlsim")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skipf("no sh to start crawlsim with a signal ignored: %v", err)
	}
	bin := buildCrawlsim(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "in.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(sh, "-c", `trap "" INT TERM; exec "$0" info -format edges in.fifo`, bin)
		cmd.Dir = dir
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		time.Sleep(300 * time.Millisecond)
		cmd.Process.Signal(sig)
		select {
		case err := <-done:
			// The signal's default action cannot be restored once it was
			// ignored at the start (os/signal), so the process may end
			// with the status a shell gives a job killed by it instead.
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Errorf("crawlsim started with %v ignored: %v, want stopped by it", sig, err)
			} else if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !(ws.Signaled() && ws.Signal() == sig || ws.Exited() && ws.ExitStatus() == 128+int(sig)) {
				t.Errorf("crawlsim started with %v ignored ended with %v, want killed by it or exit status %d", sig, ee, 128+int(sig))
			}
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Errorf("crawlsim started with %v ignored still runs 20 s after it", sig)
		}
	}
}

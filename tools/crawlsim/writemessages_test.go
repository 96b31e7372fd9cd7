package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestFullDeviceOutputSaysWhatWasNotWritten: an output to a full device
// names its flag and the device once, with the system's reason, and says
// that the other output was not written, which it was not (it said
// "writing /dev/full: write /dev/full: no space left on device").
func TestFullDeviceOutputSaysWhatWasNotWritten(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full on this system")
	}
	inputFiles(t)
	_, errOut, status := crawlsim(t, "run", "-o", "/dev/full", "-csv", "ok1.csv", "-strategies", "bfs", "-urls", "u.urls", "g.edges")
	want := "crawlsim run: -o /dev/full: no space left on device; -csv ok1.csv was not written\n"
	if status != 1 || errOut != want {
		t.Errorf("status %d, stderr %q; want 1 and %q", status, errOut, want)
	}
	if _, err := os.Stat("ok1.csv"); err == nil {
		t.Error("ok1.csv was written although the message says it was not")
	}
	// An output written before the one that failed is named as written.
	// -o is written before -csv, streams before files.
	_, errOut, _ = crawlsim(t, "run", "-o", "-", "-csv", "/dev/full", "-svg", "c.svg", "-strategies", "bfs", "-urls", "u.urls", "g.edges")
	if want := "crawlsim run: -csv /dev/full: no space left on device; only -o - was written\n"; !strings.HasSuffix(errOut, want) {
		t.Errorf("stderr %q; want it to end with %q", errOut, want)
	}
	// Every command names its output by its flag (they said "writing
	// /dev/full: ..." but run and seeds).
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"refresh", "-horizon", "50", "-o", "/dev/full"}, "crawlsim refresh: -o /dev/full: no space left on device"},
		{[]string{"refresh", "-horizon", "50", "-svg", "/dev/full"}, "crawlsim refresh: -svg /dev/full: no space left on device"},
		{[]string{"rank", "-o", "/dev/full", "g.edges"}, "crawlsim rank: -o /dev/full: no space left on device"},
		{[]string{"rank", "-hits", "-o", "/dev/full", "g.edges"}, "crawlsim rank: -o /dev/full: no space left on device"},
		{[]string{"convert", "-o", "/dev/full", "-to", "edges", "g.edges"}, "crawlsim convert: -o /dev/full: no space left on device"},
		{[]string{"convert", "-o", "c.edges", "-urls-out", "/dev/full", "-urls", "u.urls", "g.edges"}, "crawlsim convert: -urls-out /dev/full: no space left on device"},
		{[]string{"gen", "-n", "300", "-o", "/dev/full", "-to", "edges"}, "crawlsim gen: -o /dev/full: no space left on device"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d, stderr %q; want 1 and %q", c.args, status, errOut, c.want)
		}
	}
}

// TestInterruptedSaysNoContextCanceled: a command stopped by Ctrl-C says
// it was interrupted and what was written, without Go's "context
// canceled".
func TestInterruptedSaysNoContextCanceled(t *testing.T) {
	inputFiles(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"run", "-strategies", "bfs", "-urls", "u.urls", "g.edges"},
		{"run", "-n", "1000", "-strategies", "bfs"},
		{"info", "g.edges"},
		{"gen", "-n", "1000", "-o", "x.edges"},
	} {
		var out, errOut bytes.Buffer
		status := runMain(ctx, args, &out, &errOut)
		if status != 1 || !strings.Contains(errOut.String(), "interrupted") || strings.Contains(errOut.String(), "context canceled") {
			t.Errorf("crawlsim %s: status %d, stderr %q; want 1, interrupted, and no \"context canceled\"", strings.Join(args, " "), status, errOut.String())
		}
	}
}

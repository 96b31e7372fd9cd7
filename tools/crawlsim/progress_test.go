package main

import (
	"strings"
	"testing"
	"time"
)

// TestBarLine: a bar with a total gives its share, count and time left
// (the time per unit so far times the units left); without one it spins.
func TestBarLine(t *testing.T) {
	got := barLine("reading g.csr", 25, 100, false, 10*time.Second, 0)
	want := "reading g.csr  25% |█████               | (25/100) [10s:30s]"
	if got != want {
		t.Errorf("barLine = %q\nwant      %q", got, want)
	}
	if got := barLine("writing", 3<<20, 0, true, 2*time.Second, 1); got != `writing \ (3.0 MiB) [2s]` {
		t.Errorf("barLine without a total = %q", got)
	}
	if got := barLine("x", 0, 10, false, time.Second, 0); !strings.HasSuffix(got, "[1s:?]") {
		t.Errorf("barLine before any unit = %q, want an unknown time left", got)
	}
}

// TestProgressStages: a bar appears on a terminal after progressDelay,
// its time left is its stage's (a count that goes back, or restart,
// starts the clock again), and finish erases it.
func TestProgressStages(t *testing.T) {
	var buf strings.Builder
	p := (&env{stderr: &buf, terminal: true}).newProgress("generating", false)
	p.set(10, 100)
	if buf.Len() != 0 {
		t.Fatalf("drawn before a second: %q", buf.String())
	}
	p.start = p.start.Add(-time.Minute)
	p.stage = p.stage.Add(-time.Minute)
	p.set(50, 100)
	if !strings.Contains(buf.String(), "generating  50%") || !strings.Contains(buf.String(), "[1m0s:1m0s]") {
		t.Errorf("first drawing %q: want 50%% and a minute left", buf.String())
	}
	p.last = time.Time{}
	p.set(5, 100) // a new stage
	if !strings.Contains(buf.String(), "[0s:0s]") {
		t.Errorf("a new stage keeps the old clock: %q", buf.String())
	}
	buf.Reset()
	p.finish()
	if buf.String() != "\x1b[1A\x1b[J" {
		t.Errorf("finish wrote %q, want the line erased", buf.String())
	}
	// Not on a terminal, nothing.
	buf.Reset()
	q := (&env{stderr: &buf}).newProgress("x", false)
	q.start = q.start.Add(-time.Hour)
	q.set(1, 2)
	q.finish()
	if buf.Len() != 0 {
		t.Errorf("drawn without a terminal: %q", buf.String())
	}
}

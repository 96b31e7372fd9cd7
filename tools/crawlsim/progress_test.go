package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
)

// TestBarLine: a bar with a total gives its share, count and time left
// (the time per unit so far times the units left); without one it spins.
func TestBarLine(t *testing.T) {
	got := barLine("reading g.csr", 25, 100, false, false, 10*time.Second, 0)
	want := "reading g.csr  25% |█████               | (25/100) [10s:30s]"
	if got != want {
		t.Errorf("barLine = %q\nwant      %q", got, want)
	}
	if got := barLine("writing", 3<<20, 0, true, false, 2*time.Second, 1); got != `writing \ (3.0 MiB) [2s]` {
		t.Errorf("barLine without a total = %q", got)
	}
	if got := barLine("x", 0, 10, false, false, time.Second, 0); !strings.HasSuffix(got, "[1s:?]") {
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

// TestProgressLinesWithoutTerminal: with stderr a file (a batch job's
// log), a run writes plain progress lines (stage, percent, elapsed, time
// left), one per progressLineInterval (shortened here), with no cursor
// movement; -quiet writes none.
func TestProgressLinesWithoutTerminal(t *testing.T) {
	t.Chdir(t.TempDir())
	defer func(d time.Duration) { progressLineInterval = d }(progressLineInterval)
	progressLineInterval = time.Nanosecond
	logged := func(args ...string) string {
		f, err := os.Create("stderr.log")
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var out strings.Builder
		if status := runMain(context.Background(), args, &out, f); status != 0 {
			b, _ := os.ReadFile("stderr.log")
			t.Fatalf("crawlsim %s: status %d\n%s", strings.Join(args, " "), status, b)
		}
		b, err := os.ReadFile("stderr.log")
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// One crawl at a time ("crawl bfs") or several at once ("crawls (2 at
	// once)"), as -j and the cores allow.
	line := regexp.MustCompile(`(?m)^run: crawls? .*: \d+% \([\d,]+ of [\d,]+\), \S+ elapsed, \S+ left; run \S+ elapsed, \d of 2 strategies done$`)
	log := logged("run", "-n", "30000", "-strategies", "bfs,opic")
	if !line.MatchString(log) {
		t.Errorf("no progress line of the crawl in\n%.3000s", log)
	}
	// Crawls at once: each one's downloads, named.
	both := regexp.MustCompile(`(?m)^run: crawls \(2 at once\): .*; downloaded: (bfs|opic) \d+% \([\d,]+ of [\d,]+\)(, (bfs|opic) \d+% \([\d,]+ of [\d,]+\))?; run \S+ elapsed, \d of 2 strategies done$`)
	if log := logged("run", "-j", "2", "-n", "30000", "-strategies", "bfs,opic"); !both.MatchString(log) {
		t.Errorf("no progress line naming the downloads of crawls at once in\n%.3000s", log)
	}
	if strings.Contains(log, "\x1b") || strings.Contains(log, "\r") {
		t.Errorf("terminal control in a log:\n%q", log)
	}
	// One crawl at a time: its downloads are the line's own count, said
	// once.
	if log := logged("run", "-j", "1", "-n", "30000", "-strategies", "bfs,opic"); strings.Contains(log, "downloaded:") {
		t.Errorf("a crawl's downloads said twice:\n%.3000s", log)
	}
	// A reproduction's crawls at once: each one's downloads, named, after
	// the count of crawls done.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	rep := regexp.MustCompile(`(?m)^000-fig4, 1 of 1: crawls \(2 at once\): \d+% \(\d of 6\), .*; downloaded: .+ \d+% \([\d,]+ of [\d,]+\)`)
	if log := logged("reproduce", "-n", "30000", "000"); !rep.MatchString(log) {
		t.Errorf("no progress line naming the downloads of a reproduction's crawls in\n%.3000s", log)
	}
	gen := logged("gen", "-n", "3000", "-o", "web.csr")
	if !regexp.MustCompile(`(?m)^generating.*: (\d+% \(.* of .*\), \S+ elapsed, \S+ left|.* so far, \S+ elapsed)$`).MatchString(gen) {
		t.Errorf("no progress line of gen in\n%.3000s", gen)
	}
	quiet := logged("run", "-quiet", "-n", "3000", "-strategies", "bfs,opic")
	if strings.Contains(quiet, "elapsed") || !strings.HasPrefix(quiet, "crawlsim run: done in ") {
		t.Errorf("-quiet wrote\n%.3000s", quiet)
	}
	if quiet := logged("gen", "-quiet", "-n", "3000", "-o", "web2.csr"); strings.Contains(quiet, "elapsed") {
		t.Errorf("gen -quiet wrote\n%.3000s", quiet)
	}
}

// TestProgressCrawlLines: on a terminal the crawls running at once each
// take a line under the bar, and a drawing of fewer lines than the last
// erases the lines left below it.
func TestProgressCrawlLines(t *testing.T) {
	var buf strings.Builder
	p := (&env{stderr: &buf, terminal: true}).newProgress("reproduce", false)
	p.start = p.start.Add(-time.Minute)
	p.showCrawls([]string{"fpr 50% (1 of 2)", "optimal 25% (1 of 4)"})
	p.set(1, 6)
	if got := buf.String(); !strings.Contains(got, "reproduce  16%") || !strings.Contains(got, "\n\r\x1b[2K  fpr 50% (1 of 2)\n\r\x1b[2K  optimal 25% (1 of 4)\n") {
		t.Errorf("drawing with two crawls: %q", got)
	}
	buf.Reset()
	p.last = time.Time{}
	p.showCrawls(nil)
	p.set(2, 6)
	if got := buf.String(); !strings.HasPrefix(got, "\x1b[3A") || !strings.HasSuffix(got, "\n\x1b[J") || strings.Contains(got, "fpr") {
		t.Errorf("drawing without crawls after three lines: %q", got)
	}
}

// fakeRun is a runProgress that reports fixed progress.
type fakeRun struct {
	run        step.Progress
	strategies []step.Progress
}

func (f fakeRun) Progress() step.Progress           { return f.run }
func (f fakeRun) StrategyProgress() []step.Progress { return f.strategies }

// TestRunLineTakesTheCrawlsCount: when the run's stage has no count of its
// own and a crawl goes on (the breadth-first crawl that counts the
// reachable pages ahead of the others), the line gives that crawl's
// downloads, and no time left when they are uneven.
func TestRunLineTakesTheCrawlsCount(t *testing.T) {
	defer func(d time.Duration) { progressLineInterval = d }(progressLineInterval)
	progressLineInterval = time.Nanosecond
	for _, uneven := range []bool{false, true} {
		var buf strings.Builder
		r := newRunBars(&env{stderr: &buf}, scenario.Scenario{Strategies: []scenario.Strategy{{Label: "bfs"}}})
		r.update(fakeRun{step.Progress{Stage: "reachable pages"}, []step.Progress{{Stage: "crawl", Done: 50, Total: 100, Uneven: uneven}}})
		line := buf.String()
		if !strings.HasPrefix(line, "run: reachable pages: 50% (50 of 100), ") || strings.Contains(line, "unknown left") != uneven {
			t.Errorf("uneven %v: %q", uneven, line)
		}
	}
}

// TestCrawlsBeside: the crawls under way with a total, named by their
// labels; none when the only one is what the line already counts.
func TestCrawlsBeside(t *testing.T) {
	strategies := []step.Progress{
		{Stage: "done", Done: 9, Total: 9},
		{Stage: "crawl", Done: 3, Total: 12},
		{Stage: "waiting", Total: 12},
		{Stage: "crawl", Done: 1500, Total: 2000},
	}
	labels := []string{"bfs", "fpr", "opic", "windowed-rankmass 5%"}
	got := crawlsBeside(step.Progress{Stage: "crawls (2 at once)", Done: 1, Total: 4}, labels, strategies)
	if want := []string{"fpr 25% (3 of 12)", "windowed-rankmass 5% 75% (1,500 of 2,000)"}; !slices.Equal(got, want) {
		t.Errorf("two crawls at once: %q, want %q", got, want)
	}
	if got := crawlsBeside(strategies[1], labels[:3], strategies[:3]); got != nil {
		t.Errorf("the one crawl the line counts: %q, want none", got)
	}
	if got := crawlsBeside(step.Progress{Stage: "crawls (2 at once)", Done: 3, Total: 4}, labels[:3], strategies[:3]); len(got) != 1 {
		t.Errorf("the last crawl of crawls at once: %q, want it named", got)
	}
}

// TestProgressText: a plain line gives the share, the counts grouped,
// the time elapsed and left, or without a total the count so far.
func TestProgressText(t *testing.T) {
	if got, want := progressText("run: crawl bfs", 2500, 10000, false, false, 30*time.Second), "run: crawl bfs: 25% (2,500 of 10,000), 30s elapsed, 1m30s left"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := progressText("reading x", 0, 0, true, false, 12*time.Second), "reading x: 0 bytes so far, 12s elapsed"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// Uneven units (step.Progress.Uneven): the share, but no time left.
	if got, want := progressText("run: crawls (2 at once)", 1, 6, false, true, 5*time.Minute), "run: crawls (2 at once): 16% (1 of 6), 5m0s elapsed, unknown left"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := barLine("reproduce", 99, 100, false, true, time.Minute, 0); !strings.HasSuffix(got, "(99/100) [1m0s:?]") {
		t.Errorf("barLine of uneven units = %q, want no time left", got)
	}
}

// TestCancelWriterStopsTheOrders: run -orders makes each crawl's order
// text through a cancelWriter, so that a stop signal ends the text of a
// long order within a buffer's worth of it (report.Orders writes through
// a bufio.Writer), not at its end.
func TestCancelWriterStopsTheOrders(t *testing.T) {
	const n = 1_000_000
	o := model.CrawlOrder{Label: "bfs", Order: make([]uint32, n), Importance: make([]float64, n)}
	for i := range o.Order {
		o.Order[i] = uint32(i)
		o.Importance[i] = 1 / float64(n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	w := &cancelAfterWrites{w: new(bytes.Buffer), cancel: cancel, left: 2}
	err := report.Orders(cancelWriter{ctx, w}, o)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled after two writes: %v, want context.Canceled", err)
	}
	if w.writes > 2 || w.w.Len() > 64<<10 {
		t.Errorf("%d writes (%d bytes) made, want 2 at most, a few kB", w.writes, w.w.Len())
	}
}

// cancelAfterWrites cancels a context once it has passed left writes on.
type cancelAfterWrites struct {
	w      *bytes.Buffer
	cancel context.CancelFunc
	left   int
	writes int
}

func (c *cancelAfterWrites) Write(b []byte) (int, error) {
	c.writes++
	if c.left--; c.left <= 0 {
		c.cancel()
	}
	return c.w.Write(b)
}

// TestProgressLinesSpanPieces: without a terminal, a command made of
// pieces each shorter than progressLineInterval (reproduce all, paper by
// paper) still writes a line once the interval has passed since the
// command's first progress, naming the piece under way then.
func TestProgressLinesSpanPieces(t *testing.T) {
	defer func(d time.Duration) { progressLineInterval = d }(progressLineInterval)
	progressLineInterval = 60 * time.Millisecond
	var buf strings.Builder
	e := &env{stderr: &buf}
	for k := range 6 {
		p := e.newProgress("piece "+strconv.Itoa(k), false)
		time.Sleep(progressLineInterval / 3)
		p.set(1, 2)
		p.finish()
	}
	if !strings.Contains(buf.String(), ": 50% (1 of 2), ") {
		t.Errorf("six pieces of a third of the interval each wrote %q", buf.String())
	}
}

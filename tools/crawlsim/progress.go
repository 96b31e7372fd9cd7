package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Progress bars (the command line shows a bar on
// stderr when it is a terminal, plain lines when it is not). Work that
// ends within progressDelay shows nothing; after it, its lines are drawn
// in place at most every barInterval and erased at the end. A bar with a
// known total gives its share done, its count and its time left,
// measured from the start of its stage: a new stage (gen's links after
// its pages, a PageRank after a file's reading) starts the clock again.
// Without a total a bar spins. When stderr is not a terminal (a batch
// job's log, a file) the same figures go out as plain lines, one every
// progressLineInterval, none for work shorter than that; -quiet silences
// both.

// progressDelay is how long work runs before a bar appears: short work
// stays quiet.
const progressDelay = time.Second

// barInterval is how often bars are redrawn.
const barInterval = 100 * time.Millisecond

// progressLineInterval is how often a plain progress line is written
// when stderr is not a terminal (a variable: the tests shorten it).
var progressLineInterval = 10 * time.Second

// barWidth is the cells of a bar.
const barWidth = 20

// barLine renders one bar: label, then with a known total (> 0) the share
// done, the bar, the count and the time elapsed and left (timeLeft), else
// a spinner, the count and the time elapsed. elapsed is the stage's time;
// bytes counts in bytes; uneven is step.Progress.Uneven; tick turns the
// spinner.
func barLine(label string, done, total int64, bytes, uneven bool, elapsed time.Duration, tick int) string {
	amount := func(n int64) string {
		if bytes {
			return graphio.BytesText(n)
		}
		return fmt.Sprint(n)
	}
	secs := func(d time.Duration) string { return d.Round(time.Second).String() }
	if total <= 0 {
		return fmt.Sprintf("%s %c (%s) [%s]", label, `-\|/`[tick%4], amount(done), secs(elapsed))
	}
	done = min(max(done, 0), total)
	share := float64(done) / float64(total)
	cells := int(share * barWidth)
	left := "?"
	if d, ok := timeLeft(done, total, uneven, elapsed); ok {
		left = secs(d)
	}
	return fmt.Sprintf("%s %3d%% |%s%s| (%s/%s) [%s:%s]", label, int(100*share),
		strings.Repeat("█", cells), strings.Repeat(" ", barWidth-cells), amount(done), amount(total), secs(elapsed), left)
}

// timeLeft is the time left when done of total units took elapsed, each
// unit as long as the ones done: not known (false) before the first unit,
// or when the units are uneven (step.Progress.Uneven).
func timeLeft(done, total int64, uneven bool, elapsed time.Duration) (time.Duration, bool) {
	if done <= 0 || uneven {
		return 0, false
	}
	return time.Duration(float64(elapsed) * float64(total-done) / float64(done)), true
}

// progressText renders one plain progress line, for a log: label, then
// with a known total (> 0) the share done, the count, the time elapsed
// in the stage and the time left (timeLeft), else the count and the time
// elapsed.
func progressText(label string, done, total int64, bytes, uneven bool, elapsed time.Duration) string {
	amount := func(n int64) string {
		if bytes {
			return graphio.BytesText(n)
		}
		return model.Count(n)
	}
	secs := func(d time.Duration) string { return d.Round(time.Second).String() }
	if total <= 0 {
		return fmt.Sprintf("%s: %s so far, %s elapsed", label, amount(done), secs(elapsed))
	}
	done = min(max(done, 0), total)
	left := "unknown"
	if d, ok := timeLeft(done, total, uneven, elapsed); ok {
		left = secs(d)
	}
	return fmt.Sprintf("%s: %d%% (%s of %s), %s elapsed, %s left", label, int(100*float64(done)/float64(total)), amount(done), amount(total), secs(elapsed), left)
}

// lineDrawer draws lines on a terminal and redraws them in place (ANSI
// cursor movement), each cut to the terminal's width so that none wraps
// and the cursor arithmetic holds.
type lineDrawer struct {
	w     io.Writer
	width int // the terminal's columns
	lines int // lines drawn last time
}

func newLineDrawer(w io.Writer) *lineDrawer {
	d := &lineDrawer{w: w, width: 100}
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 20 {
			d.width = cols
		}
	}
	return d
}

// draw replaces the lines drawn last time by lines.
func (d *lineDrawer) draw(lines []string) {
	var b strings.Builder
	if d.lines > 0 {
		fmt.Fprintf(&b, "\x1b[%dA", d.lines)
	}
	for _, line := range lines {
		b.WriteString("\r\x1b[2K")
		b.WriteString(cutToWidth(line, d.width-1))
		b.WriteByte('\n')
	}
	if len(lines) < d.lines {
		// fewer lines than last time: erase the ones left below
		b.WriteString("\x1b[J")
	}
	d.lines = len(lines)
	io.WriteString(d.w, b.String())
}

// clear erases the lines drawn.
func (d *lineDrawer) clear() {
	if d.lines > 0 {
		fmt.Fprintf(d.w, "\x1b[%dA\x1b[J", d.lines)
		d.lines = 0
	}
}

// cutToWidth keeps the first width runes of s.
func cutToWidth(s string, width int) string {
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	return string([]rune(s)[:width])
}

// progress is one bar on stderr, for one piece of work.
type progress struct {
	e     *env
	what  string
	bytes bool
	start time.Time // of the work: the bar appears progressDelay after
	stage time.Time // of the current stage: its time left
	last  time.Time // of the last drawing (a bar's; plain lines: env.lineAt)
	done  int64
	tick  int
	out   *lineDrawer // nil until drawn
	// crawls are the downloads of the crawls running at once
	// (downloadedText), shown after the line or under the bar.
	crawls []string
	// uneven is step.Progress.Uneven of the count (setUneven).
	uneven bool
}

// newProgress starts timing a piece of work described by what (which may
// name an input file: it is shown through terminalSafe). When bytes is
// true the bar counts bytes.
func (e *env) newProgress(what string, bytes bool) *progress {
	now := time.Now()
	p := &progress{e: e, what: terminalSafe(what), bytes: bytes, start: now, stage: now}
	if !e.terminal && e.lineAt.IsZero() {
		e.lineAt = now
	}
	return p
}

// set reports done units out of total (total <= 0 when unknown). A count
// that goes back starts a new stage.
func (p *progress) set(done, total int64) {
	if p == nil || p.e.quiet {
		return
	}
	now := time.Now()
	if done < p.done {
		p.stage = now
	}
	p.done = done
	if !p.e.terminal {
		if now.Sub(p.e.lineAt) >= progressLineInterval {
			p.e.lineAt = now
			line := progressText(p.what, done, total, p.bytes, p.uneven, now.Sub(p.stage))
			if len(p.crawls) > 0 {
				line += "; downloaded: " + strings.Join(p.crawls, ", ")
			}
			fmt.Fprintln(p.e.stderr, line)
		}
		return
	}
	if now.Sub(p.start) < progressDelay || now.Sub(p.last) < barInterval {
		return
	}
	p.last = now
	if p.out == nil {
		p.out = newLineDrawer(p.e.stderr)
	}
	p.tick++
	lines := []string{barLine(p.what, done, total, p.bytes, p.uneven, now.Sub(p.stage), p.tick)}
	for _, c := range p.crawls {
		lines = append(lines, "  "+c)
	}
	p.out.draw(lines)
}

// setUneven says whether the units counted are uneven
// (step.Progress.Uneven), so that the time left is not told.
func (p *progress) setUneven(uneven bool) {
	if p != nil {
		p.uneven = uneven
	}
}

// showCrawls sets the downloads of the crawls running at once
// (downloadedText of each), shown from the next drawing on; nil for none.
func (p *progress) showCrawls(crawls []string) {
	if p != nil {
		p.crawls = crawls
	}
}

// downloadedText describes a running crawl's downloads: its label, the
// share done and the count, as "fpr 45% (1,234 of 2,740)".
func downloadedText(label string, s step.Progress) string {
	return fmt.Sprintf("%s %d%% (%s of %s)", terminalSafe(label),
		100*min(max(s.Done, 0), s.Total)/s.Total, model.Count(s.Done), model.Count(s.Total))
}

// crawlsBeside returns downloadedText for each strategy whose crawl is
// under way with a known total, labels[k] naming strategy k, or nil when
// the only one is the crawl that p, the line's own progress, counts.
func crawlsBeside(p step.Progress, labels []string, strategies []step.Progress) []string {
	var out []string
	counted := false
	for k, s := range strategies {
		if s.Stage == "crawl" && s.Total > 0 && k < len(labels) {
			out = append(out, downloadedText(labels[k], s))
			counted = s.Done == p.Done && s.Total == p.Total
		}
	}
	if len(out) == 1 && counted {
		return nil
	}
	return out
}

// describe changes the bar's label, e.g. to show a residual.
func (p *progress) describe(what string) {
	if p != nil {
		p.what = terminalSafe(what)
	}
}

// restart starts the bar's count and clock again, for a new stage of
// the work, so that its time left is the stage's.
func (p *progress) restart() {
	if p != nil {
		p.stage, p.done = time.Now(), 0
	}
}

// finish removes the bar.
func (p *progress) finish() {
	if p != nil && p.out != nil {
		p.out.clear()
		p.out = nil
	}
}

// countingReader reports the bytes read through it to a progress, and
// fails once the context is cancelled.
type countingReader struct {
	ctx   context.Context
	r     io.Reader
	p     *progress
	n     int64
	total int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	k, err := c.r.Read(b)
	c.n += int64(k)
	c.p.set(c.n, c.total)
	return k, err
}

// progressWriter counts bytes for a progress bar and fails once the
// context is cancelled.
type progressWriter struct {
	ctx context.Context
	w   io.Writer
	p   *progress
	n   int64
}

func (pw *progressWriter) Write(b []byte) (int, error) {
	if err := pw.ctx.Err(); err != nil {
		return 0, err
	}
	k, err := pw.w.Write(b)
	pw.n += int64(k)
	pw.p.set(pw.n, 0)
	return k, err
}

// cancelWriter writes to w until the context is cancelled, then fails
// with its error.
type cancelWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c cancelWriter) Write(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(b)
}

// fileBars shows a bar per file the runner reads, counting its bytes, and
// makes the reading fail once ctx is cancelled. A file is read inside one
// step of the runner, when the run's own bars are not drawn; the bar of a
// file is removed when the next file is opened or the step ends.
type fileBars struct {
	ctx context.Context
	e   *env
	bar *progress
}

// wrap is the runner's Env.Wrap.
func (f *fileBars) wrap(name string, r io.Reader) io.Reader {
	f.finish()
	var size int64
	if st, err := os.Stat(name); err == nil {
		size = st.Size()
	}
	f.bar = f.e.newProgress("reading "+filepath.Base(name), true)
	return &countingReader{ctx: f.ctx, r: r, p: f.bar, total: size}
}

// finish removes the current file's bar.
func (f *fileBars) finish() {
	if f.bar != nil {
		f.bar.finish()
		f.bar = nil
	}
}

// runBars draws, on a terminal and once the run has taken longer than
// progressDelay, a bar for the run's current stage and one per strategy,
// redrawn in place at most every barInterval; elsewhere it writes a
// plain line every progressLineInterval: the run's stage, its share done,
// the time elapsed in the run and in the stage, the stage's time left,
// and how many strategies are done.
type runBars struct {
	e     *env
	start time.Time
	last  time.Time
	// stage and stageStart are the stage of the last plain line and
	// when it began.
	stage      string
	stageStart time.Time
	bars       []*stageBar // the run's, then one per strategy
	labels     []string    // the bars' labels, unpadded
	out        *lineDrawer
	tick       int
}

// stageBar is one line of runBars: the current stage of one computation,
// and when it began.
type stageBar struct {
	label string
	stage string
	start time.Time
}

func newRunBars(e *env, sc scenario.Scenario) *runBars {
	r := &runBars{e: e, start: time.Now()}
	labels := []string{"run"}
	for _, s := range sc.Strategies {
		labels = append(labels, terminalSafe(s.Label))
	}
	r.labels = labels
	if !e.terminal {
		r.last, r.stageStart = r.start, r.start
		return r
	}
	r.out = newLineDrawer(e.stderr)
	pad := 0
	for _, l := range labels {
		pad = max(pad, utf8.RuneCountInString(l))
	}
	for _, l := range labels {
		r.bars = append(r.bars, &stageBar{label: l + strings.Repeat(" ", pad-utf8.RuneCountInString(l))})
	}
	return r
}

// runProgress is what runBars reads of a scenario.Runner.
type runProgress interface {
	Progress() step.Progress
	StrategyProgress() []step.Progress
}

// update redraws the bars from the runner's progress, or writes a
// plain line when one is due.
func (r *runBars) update(runner runProgress) {
	if r.e.quiet {
		return
	}
	now := time.Now()
	if !r.e.terminal {
		p := runner.Progress()
		if p.Stage != r.stage {
			r.stage, r.stageStart = p.Stage, now
		}
		if now.Sub(r.last) < progressLineInterval {
			return
		}
		r.last = now
		done, strategies := 0, runner.StrategyProgress()
		for _, s := range strategies {
			switch {
			case s.Stage == "done":
				done++
			case s.Total <= 0 || s.Stage == "" || s.Stage == "waiting" || s.Stage == model.StageElsewhere:
			case p.Total <= 0:
				// The stage of a strategy's crawl: its downloads.
				p.Done, p.Total, p.Uneven = s.Done, s.Total, s.Uneven
			}
		}
		crawls := crawlsBeside(p, r.labels[1:], strategies)
		line := progressText("run: "+terminalSafe(p.Stage), p.Done, p.Total, false, p.Uneven, now.Sub(r.stageStart))
		if len(crawls) > 0 {
			line += "; downloaded: " + strings.Join(crawls, ", ")
		}
		fmt.Fprintf(r.e.stderr, "%s; run %s elapsed, %d of %d strategies done\n",
			line, now.Sub(r.start).Round(time.Second), done, len(strategies))
		return
	}
	if now.Sub(r.start) < progressDelay || now.Sub(r.last) < barInterval {
		return
	}
	r.last = now
	r.tick++
	progress := append([]step.Progress{runner.Progress()}, runner.StrategyProgress()...)
	var lines []string
	for i, p := range progress {
		if i >= len(r.bars) {
			break
		}
		lines = append(lines, r.bars[i].render(p, i > 0, now, r.tick))
	}
	r.out.draw(lines)
}

// render returns the bar's line for progress p at now: a bar while the
// computation works, a word before and after.
func (s *stageBar) render(p step.Progress, strategy bool, now time.Time, tick int) string {
	stage := p.Stage
	switch {
	case stage == "" || stage == "waiting":
		return s.label + "  waiting"
	case stage == "done" && strategy:
		return fmt.Sprintf("%s  done: %s", s.label, model.Counted(p.Done, "download", "downloads"))
	case strategy:
		stage = fmt.Sprintf("%-7s", stage) // crawl, metrics: the bars align
	}
	if stage != s.stage {
		s.stage, s.start = stage, now
	}
	return barLine(s.label+"  "+stage, p.Done, p.Total, false, p.Uneven, now.Sub(s.start), tick)
}

// finish erases the bars.
func (r *runBars) finish() {
	if r.out != nil {
		r.out.clear()
	}
}

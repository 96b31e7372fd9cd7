package main

import (
	"context"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progressDelay is how long work runs before a bar appears: short work
// stays quiet.
const progressDelay = time.Second

// progress draws a bar on stderr for work that takes longer than
// progressDelay, and only when stderr is a terminal.
type progress struct {
	e     *env
	what  string
	bytes bool
	start time.Time
	bar   *progressbar.ProgressBar
}

// newProgress starts timing a piece of work described by what (which may
// name an input file: it is shown through terminalSafe). When bytes is
// true the bar counts bytes.
func (e *env) newProgress(what string, bytes bool) *progress {
	return &progress{e: e, what: terminalSafe(what), bytes: bytes, start: time.Now()}
}

// set reports done units out of total (total <= 0 when unknown).
func (p *progress) set(done, total int64) {
	if p == nil || !p.e.terminal {
		return
	}
	if p.bar == nil {
		if time.Since(p.start) < progressDelay {
			return
		}
		if total <= 0 {
			total = -1 // a spinner
		}
		p.bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(p.e.stderr),
			progressbar.OptionSetDescription(p.what),
			progressbar.OptionShowBytes(p.bytes),
			progressbar.OptionShowCount(),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	if total > 0 {
		if done < total && p.bar.IsFinished() {
			// A new stage after a full one (a finished bar no longer
			// draws): the bar, its clock and its time left start again.
			p.bar.Reset()
		}
		p.bar.ChangeMax64(total)
	}
	_ = p.bar.Set64(done)
}

// describe changes the bar's label, e.g. to show a residual.
func (p *progress) describe(what string) {
	what = terminalSafe(what)
	p.what = what
	if p.bar != nil {
		p.bar.Describe(what)
	}
}

// restart starts the bar's count and clock again, for a new stage of
// the work, so that its time left is the stage's.
func (p *progress) restart() {
	if p != nil && p.bar != nil {
		p.bar.Reset()
	}
}

// finish removes the bar.
func (p *progress) finish() {
	if p != nil && p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
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

// Package step is the contract of crawlsim's long computations: they are
// values that do a bounded amount of work per call and report progress, never
// blocking calls (docs/architecture.md, "Steppable work"). The browser worker
// calls Step in time slices and returns to the JavaScript event loop between
// them; the command line calls Run.
package step

import "context"

// Progress says how far a computation is.
type Progress struct {
	// Stage names the current phase, e.g. "pagerank".
	Stage string
	// Done counts the units of work finished (iterations, pages, bytes).
	Done int64
	// Total is the number of units expected, or 0 when it is not known in
	// advance (an iteration that stops on a tolerance).
	Total int64
	// Uneven says that the units differ so much in cost that the share
	// done tells nothing of the time left: the downloads of a crawl whose
	// late ones cost far more than its early ones, or crawls of unequal
	// cost counted one unit each.
	Uneven bool
}

// Fraction returns Done/Total clamped to [0,1], or 0 when Total is unknown.
func (p Progress) Fraction() float64 {
	if p.Total <= 0 {
		return 0
	}
	f := float64(p.Done) / float64(p.Total)
	return min(max(f, 0), 1)
}

// Stepper is a computation that advances in bounded steps.
type Stepper interface {
	// Step does at most budget units of work (at least one when budget < 1)
	// and reports whether the computation has finished. After it reports
	// done, or an error, further calls do nothing and return the same.
	Step(budget int) (done bool, err error)
	// Progress reports the work done so far.
	Progress() Progress
}

// Run calls s.Step(budget) until s is done, the context is cancelled or a
// step fails. After every step it passes the progress to report, when
// report is not nil.
func Run(ctx context.Context, s Stepper, budget int, report func(Progress)) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		done, err := s.Step(budget)
		if report != nil {
			report(s.Progress())
		}
		if err != nil || done {
			return err
		}
	}
}

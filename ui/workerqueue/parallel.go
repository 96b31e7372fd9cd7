package workerqueue

import (
	"encoding/json"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// StageMerge is the progress stage while the first worker merges.
const StageMerge = "merging the workers' results"

// Parallel is a comparison spread over several workers: the first worker
// and helpers, one part of the strategies each (protocol.KindRun's Part
// and Parts), then the first worker merges the parts' results
// (protocol.KindMerge) into the result one worker gives.
type Parallel struct {
	// Scenario is the comparison.
	Scenario model.Scenario
	// Qs are the workers, the first worker's first, and IDs their parts'
	// requests; Results the parts' results as they arrive, Done their
	// number.
	Qs      []*Requests
	IDs     []int64
	Results []json.RawMessage
	Done    int
	// Last is each part's last progress.
	Last []*protocol.Progress
	// Merge is the merge request, once sent.
	Merge int64
	// Accept makes the scenario the permalink once a worker took it.
	Accept func()
}

// NewParallel returns the comparison s spread over the workers qs, the
// first worker's first, none of its parts sent yet.
func NewParallel(s model.Scenario, qs []*Requests, accept func()) *Parallel {
	return &Parallel{Scenario: s, Qs: qs, IDs: make([]int64, len(qs)), Results: make([]json.RawMessage, len(qs)),
		Last: make([]*protocol.Progress, len(qs)), Accept: accept}
}

// Uses reports whether q is one of pr's workers.
func (pr *Parallel) Uses(q *Requests) bool {
	for _, w := range pr.Qs {
		if w == q {
			return true
		}
	}
	return false
}

// Progress combines the parts' progress: the stage of the first part
// still running (or the merge), and every strategy's progress from the
// part that runs it, in the scenario's order.
func (pr *Parallel) Progress() *protocol.Progress {
	out := &protocol.Progress{Stage: "starting"}
	if pr.Merge != 0 {
		out.Stage, out.Done, out.Total = StageMerge, 0, 1
	}
	staged := pr.Merge != 0
	for p, pg := range pr.Last {
		if pg == nil {
			continue
		}
		if !staged && pr.Results[p] == nil {
			out.Stage, out.Done, out.Total, staged = pg.Stage, pg.Done, pg.Total, true
		}
		if len(out.Strategies) < len(pg.Strategies) {
			out.Strategies = append(out.Strategies, make([]protocol.StrategyProgress, len(pg.Strategies)-len(out.Strategies))...)
		}
		for i, sp := range pg.Strategies {
			switch {
			case sp.Stage == model.StageElsewhere:
				if out.Strategies[i].Label == "" {
					out.Strategies[i] = protocol.StrategyProgress{Label: sp.Label, Stage: "waiting"}
				}
				continue
			case pr.Results[p] != nil:
				sp.Stage, sp.Done = "done", sp.Total
			}
			out.Strategies[i] = sp
		}
	}
	return out
}

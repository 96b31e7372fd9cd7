package scenario

import (
	"cmp"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/crawlsim/crawlsim/engine/step"
)

// parallelCrawls runs the crawls and metrics of several strategies at once
// (Env.Parallel), each in a goroutine of its own for the length of a Step:
// each goroutine steps its strategy in chunks of parallelChunk units, at
// its own pace, until the running strategies have done the Step's budget
// each on average, or one of them has finished (so that the next may
// start), and the Step returns once every goroutine has ended its chunk.
// Between Steps nothing runs, so the progress reads no state a goroutine
// is changing, and no goroutine outlives a cancelled run; a goroutine's
// panic stops the others and is raised again in the Step's goroutine
// (step.Panics). A strategy's crawl and metrics depend
// on its label and the shared stages alone (crawlRand, metricsRand), so
// the result is the same whatever the number run at once; the download
// orders reach Env.Orders in the scenario's order, each held until those
// before it are handed over.
//
// The strategies start by decreasing Info.Cost (the costliest first, so
// that a long crawl does not begin last and run alone), and one starts
// only when its memory fits: with Env.MaxBytes, the graph, the importance
// vectors, every running crawl with what it took to run faster
// (grantSpare), the held orders and the new crawl must fit in it
// (crawlsNeed). One always runs.
type parallelCrawls struct {
	on      bool  // the crawls run in parallelStep
	queue   []int // strategies to run, in the order they start
	started int   // queue[:started] have started
	running []int
	emitted int // runs[:emitted] are done and their orders handed over
}

// planParallel lists the strategies to run in the order they start.
func (st *crawlStage) planParallel() {
	p := &st.par
	for k := range st.runs {
		if st.runs[k].state != StageElsewhere {
			p.queue = append(p.queue, k)
		}
	}
	slices.SortStableFunc(p.queue, func(a, b int) int {
		return -cmp.Compare(st.runs[a].info.Cost, st.runs[b].info.Cost)
	})
}

// parallelStep starts the strategies whose turn has come and whose memory
// fits, steps every running one by budget units at once, and hands over
// the orders of those done in the scenario's order.
func (st *crawlStage) parallelStep(budget int64) (int64, bool, error) {
	p := &st.par
	for p.started < len(p.queue) && len(p.running) < st.env.Parallel &&
		(len(p.running) == 0 || st.parallelFits()) {
		k := p.queue[p.started]
		st.grantSpare(k)
		p.running = append(p.running, k)
		p.started++
	}
	errs := make([]error, len(p.running))
	chunk := min(budget, parallelChunk)
	target := budget * int64(len(p.running))
	var done atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	var panics step.Panics
	for i, k := range p.running {
		wg.Add(1)
		step.Go(func() {
			defer wg.Done()
			defer func() {
				if panics.Caught() {
					stop.Store(true)
				}
			}()
			defer panics.Catch()
			for !stop.Load() {
				if errs[i] = st.advance(k, chunk); errs[i] != nil || st.runs[k].state == "done" {
					stop.Store(true)
					return
				}
				if done.Add(chunk) >= target {
					stop.Store(true)
				}
			}
		})
	}
	wg.Wait()
	panics.Raise()
	first := -1
	for i, err := range errs {
		if err != nil && (first < 0 || p.running[i] < p.running[first]) {
			first = i
		}
	}
	if first >= 0 {
		return budget, false, errs[first]
	}
	finished := false
	p.running = slices.DeleteFunc(p.running, func(k int) bool {
		done := st.runs[k].state == "done"
		finished = finished || done
		return done
	})
	for ; p.emitted < len(st.runs); p.emitted++ {
		sr := &st.runs[p.emitted]
		if sr.state == StageElsewhere {
			continue
		}
		if sr.state != "done" {
			break
		}
		if err := st.emit(p.emitted); err != nil {
			return budget, false, err
		}
	}
	if finished {
		st.release()
	}
	return budget, p.emitted == len(st.runs), nil
}

// parallelChunk is the most units a goroutine of parallelStep does before
// it looks whether the Step is over: a fraction of a millisecond natively.
const parallelChunk = 1024

// advance steps strategy k's crawl, then its metrics, by budget units.
func (st *crawlStage) advance(k int, budget int64) error {
	sr := &st.runs[k]
	for used := int64(0); used < budget && sr.state != "done"; {
		var u int64
		var err error
		if sr.state == "metrics" {
			u, _, err = st.measure(k, budget-used)
		} else {
			u, _, err = st.crawl(k, budget-used)
		}
		if err != nil {
			return err
		}
		used += max(u, 1)
	}
	return nil
}

// parallelFits reports whether one more crawl fits in Env.MaxBytes beside
// the running ones (crawlsNeed).
func (st *crawlStage) parallelFits() bool {
	return st.env.MaxBytes <= 0 || st.crawlsNeed() <= st.env.MaxBytes
}

// crawlsNeed is the memory of the graph, the importance vectors, the
// running crawls with what each may take beyond its arrays (grantSpare),
// one more crawl, the held orders and the result of a crawl that ran
// ahead (seedStage.share).
func (st *crawlStage) crawlsNeed() int64 {
	g := st.graph.g
	n := int64(g.NumNodes())
	held := graphBytes(g)
	if t := st.graph.transpose; t != nil {
		held += graphBytes(t)
	}
	need := st.crawlBaseBytes(n, held) + int64(len(st.par.running)+1)*st.crawlRunBytes(n)
	for _, k := range st.par.running {
		need += st.runs[k].spareHeld
	}
	for k := range st.runs {
		if o := st.runs[k].order; o != nil {
			need += 4*int64(len(o.Order)) + 8*int64(len(o.Times))
		}
		if r := st.runs[k].result; r != nil {
			need += 4*int64(len(r.Order)) + 8*int64(len(r.Times)+len(r.Guarantee))
		}
	}
	return need
}

// grantSpare sets what strategy k's crawl, about to start beside the
// running ones, may take beyond its arrays to run faster
// (crawl.Config.SpareBytes): with no Env.MaxBytes, no bound; else what
// its strategy takes (Info.SpareBytes on the whole graph) when that fits
// beside crawlsNeed; else, for a strategy that can run faster with less
// (Info.LeastSpareBytes), all that is left when it is at least that
// least, so that the crawls after it wait; else nothing.
func (st *crawlStage) grantSpare(k int) {
	sr := &st.runs[k]
	sr.spare, sr.spareHeld = 0, 0
	if st.env.MaxBytes <= 0 || sr.info.SpareBytes == nil {
		return
	}
	g := st.graph.g
	n, m := int64(g.NumNodes()), g.NumArcs()
	grant := sr.info.SpareBytes(n, m)
	if left := st.env.MaxBytes - st.crawlsNeed(); grant > left {
		grant = -1
		if least := sr.info.LeastSpareBytes; least != nil && least(n, m) <= left {
			grant = left
		}
	}
	sr.spare, sr.spareHeld = grant, max(grant, 0)
}

// parallelProgress reports the strategies done against those to run.
func (st *crawlStage) parallelProgress() step.Progress {
	p := &st.par
	done := int64(p.started - len(p.running))
	return step.Progress{
		Stage: fmt.Sprintf("crawls (%d at once)", st.env.Parallel),
		Done:  done,
		Total: int64(len(p.queue)),
	}
}

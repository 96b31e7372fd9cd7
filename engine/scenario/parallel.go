package scenario

import (
	"cmp"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/step"
)

// parallelCrawls runs the crawls and metrics of several strategies at once
// (Env.Parallel), each in a goroutine of its own for the length of a Step:
// each goroutine steps its strategy in chunks of parallelChunk units, at
// its own pace, until the running strategies have done the Step's budget
// each on average, or one of them has finished (so that the next may
// start), and the Step returns once every goroutine has ended its chunk;
// while a chunk begun before then still runs, the others go on with
// theirs.
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
//
// When the run has a breadth-first crawl, it counts the pages the seeds
// reach as it crawls (counter): it starts first, and the crawls that start
// before it has the count learn it as they go (crawl.Config.LearnReachable)
// and are given it (Crawl.SetReachable) once it is known, which changes
// neither their orders nor their results. The crawls that read the count
// before they end (reads) wait for it. Once its crawl is over, and before
// its metrics, the counter's goroutine counts with graph.Reach in its
// place when the budget stopped it before it had learnt the count
// (seedStage.countAfter), and the count is taken between Steps
// (seedStage.takeCount).
type parallelCrawls struct {
	on      bool  // the crawls run in parallelStep
	queue   []int // strategies to run, in the order they start
	started int   // queue[:started] have started
	running []int
	emitted int // runs[:emitted] are done and their orders handed over
	most    int // the most crawls run in one Step (the tests read it)
	// counter is the strategy whose breadth-first crawl counts the
	// reachable pages, -1 when none does or once they are counted;
	// counted is set by its goroutine once the count is known.
	counter int
	counted bool
	// reads[k] is set when strategy k's crawl reads the count of
	// reachable pages before it ends (readsCount); with a counter only.
	reads []bool
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

// planCount makes strategy k, a breadth-first crawl, count the reachable
// pages among the crawls (counter), starting first; none when k is -1.
func (st *crawlStage) planCount(k int) {
	p := &st.par
	p.counter = k
	if k < 0 {
		return
	}
	p.queue = slices.Insert(slices.DeleteFunc(p.queue, func(j int) bool { return j == k }), 0, k)
	p.reads = make([]bool, len(st.runs))
	for _, j := range p.queue {
		p.reads[j] = readsCount(st.runs[j].info, st.runs[j].params)
	}
}

// readsCount reports whether the crawl of strategy info with params reads
// the count of reachable pages before it ends (crawl.ReadsReachable).
func readsCount(info crawl.Info, params crawl.Values) bool {
	return crawl.ReadsReachable(info.New(params))
}

// mayStart reports whether strategy k's crawl may start: once the
// reachable pages are counted, or before when it learns their count.
func (st *crawlStage) mayStart(k int) bool {
	return st.seeds.reachable > 0 || st.par.reads == nil || !st.par.reads[k]
}

// parallelStep starts the strategies whose turn has come and whose memory
// fits, steps every running one by budget units at once, and hands over
// the orders of those done in the scenario's order.
func (st *crawlStage) parallelStep(budget int64) (int64, bool, error) {
	p := &st.par
	for p.started < len(p.queue) && len(p.running) < st.env.Parallel &&
		(len(p.running) == 0 || st.parallelFits()) {
		// The first in the queue that may start takes its place there.
		i := p.started
		for i < len(p.queue) && !st.mayStart(p.queue[i]) {
			i++
		}
		if i == len(p.queue) {
			break
		}
		k := p.queue[i]
		copy(p.queue[p.started+1:i+1], p.queue[p.started:i])
		p.queue[p.started] = k
		st.grantSpare(k)
		p.running = append(p.running, k)
		p.started++
	}
	if len(p.running) == 0 {
		return budget, false, errors.New("scenario: no crawl may start before the reachable pages are counted, and none counts them")
	}
	p.most = max(p.most, len(p.running))
	errs := stepAtOnce(len(p.running), min(budget, parallelChunk), budget*int64(len(p.running)),
		func(i int, chunk int64) (bool, error) { return st.advance(p.running[i], chunk) })
	first := -1
	for i, err := range errs {
		if err != nil && (first < 0 || p.running[i] < p.running[first]) {
			first = i
		}
	}
	if first >= 0 {
		return budget, false, errs[first]
	}
	if k := p.counter; k >= 0 && p.counted {
		st.takeCount(k)
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

// stepAtOnce runs advance(i, chunk) for i from 0 to n-1, each i in a
// goroutine of its own, chunk after chunk, until the chunks done add up to
// target units or an advance reports that its crawl is over, and returns
// once every goroutine has ended its chunk, with each one's error. An
// error or a panic ends every goroutine after its chunk; the panic is
// raised again here (step.Panics). One chunk can be long (a window's pass
// over every page downloaded, a PageRank recomputation), and while a
// chunk begun before the end still runs the other goroutines go on with
// theirs rather than leave their cores idle until it ends; once none
// remains, each ends with its current chunk.
func stepAtOnce(n int, chunk, target int64, advance func(i int, chunk int64) (over bool, err error)) []error {
	errs := make([]error, n)
	var done atomic.Int64
	// stop: the chunks reached the target, or a crawl is over; halt: an
	// error or a panic. early counts the goroutines in a chunk begun
	// before stop.
	var stop, halt atomic.Bool
	var early atomic.Int32
	var wg sync.WaitGroup
	var panics step.Panics
	for i := range n {
		wg.Add(1)
		step.Go(func() {
			defer wg.Done()
			defer func() {
				if panics.Caught() {
					halt.Store(true)
				}
			}()
			defer panics.Catch()
			for !halt.Load() && !(stop.Load() && early.Load() == 0) {
				begunEarly := !stop.Load()
				if begunEarly {
					early.Add(1)
				} else {
					// Past the Step's end, waiting on another's chunk:
					// on one thread without preemption (js/wasm) the
					// other goroutine runs only if this one yields.
					runtime.Gosched()
				}
				var over bool
				over, errs[i] = advance(i, chunk)
				if begunEarly {
					early.Add(-1)
				}
				switch {
				case errs[i] != nil:
					halt.Store(true)
					return
				case over:
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
	return errs
}

// parallelChunk is the most units a goroutine of parallelStep does before
// it looks whether the Step is over: a fraction of a millisecond natively.
const parallelChunk = 1024

// advance steps strategy k's crawl, then its metrics, by budget units,
// and reports whether the Step should end: k is done, or it is the
// counter and the count is known, to be taken before its metrics.
func (st *crawlStage) advance(k int, budget int64) (bool, error) {
	sr := &st.runs[k]
	p := &st.par
	for used := int64(0); used < budget && sr.state != "done"; {
		var u int64
		var err error
		switch {
		case k == p.counter && sr.state == "metrics":
			u, p.counted, err = st.seeds.countAfter(sr.crawl, budget-used)
			if err == nil && p.counted {
				return true, nil
			}
		case sr.state == "metrics":
			u, _, err = st.measure(k, budget-used)
		default:
			u, _, err = st.crawl(k, budget-used)
		}
		if err != nil {
			return false, err
		}
		used += max(u, 1)
	}
	return sr.state == "done", nil
}

// takeCount takes the count of reachable pages from strategy k, the
// counter, whose goroutine has it (seedStage.takeCount), and gives it to
// the running crawls that learn it.
func (st *crawlStage) takeCount(k int) {
	p := &st.par
	st.seeds.takeCount(k)
	p.counter, p.counted = -1, false
	st.runs[k].total = int64(st.runs[k].crawl.Downloads())
	for _, j := range p.running {
		if sr := &st.runs[j]; sr.state == "crawl" {
			sr.crawl.SetReachable(st.seeds.reachable)
			sr.total = sr.crawl.Progress().Total
		}
	}
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

// parallelProgress reports the strategies done against those to run:
// units of unequal cost (Uneven).
func (st *crawlStage) parallelProgress() step.Progress {
	p := &st.par
	done := int64(p.started - len(p.running))
	return step.Progress{
		Stage:  fmt.Sprintf("crawls (%d at once)", st.env.Parallel),
		Done:   done,
		Total:  int64(len(p.queue)),
		Uneven: true,
	}
}

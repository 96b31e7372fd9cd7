package scenario

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
)

// A comparison can run in parallel (the page's web workers): each worker
// runs the whole scenario's shared stages on its own copy of the graph
// and crawls one part of the strategies (Env.Only); Merge then puts the
// parts' results together into the Result one run gives. A strategy's
// crawl and metrics depend only on the shared stages and on its label
// (its random stream, crawlRand; tau's sample, metricsRand, is the same
// for every strategy), never on the other strategies, so a part's
// strategy results are those of the whole run.

// StageElsewhere is the progress stage (Runner.StrategyProgress) of a
// strategy that Env.Only leaves to another part of the comparison
// (model.StageElsewhere, which the page reads).
const StageElsewhere = model.StageElsewhere

// Split deals the strategies of the normalized scenario norm out to at
// most parts parts, for as many parallel runs (Env.Only): each part lists
// strategy indices in increasing order, no part is empty, and there are
// min(parts, len(norm.Strategies)) of them. The assignment is the longest
// processing time first rule on the strategies' costs (crawl.Info.Cost):
// the costliest strategy first, each to the part with the least cost so
// far (the first such part on a tie), so that the slowest part, which the
// whole comparison waits for, is as short as the rule can make it
// (within 4/3 of the best). It depends only on norm and parts, so every
// worker computes the same split.
func Split(norm Scenario, parts int) [][]int {
	n := len(norm.Strategies)
	parts = min(parts, n)
	if parts < 1 {
		return nil
	}
	cost := make([]float64, n)
	order := make([]int, n)
	for i, st := range norm.Strategies {
		cost[i] = crawl.DefaultCost
		if info, ok := crawl.Lookup(st.ID); ok {
			cost[i] = info.Work()
		}
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cost[b], cost[a]) })
	out := make([][]int, parts)
	load := make([]float64, parts)
	for _, i := range order {
		least := 0
		for p := range load {
			if len(out[p]) == 0 {
				// an empty part takes the strategy: none stays empty
				least = p
				break
			}
			if load[p] < load[least] {
				least = p
			}
		}
		out[least] = append(out[least], i)
		load[least] += cost[i]
	}
	for _, p := range out {
		slices.Sort(p)
	}
	return out
}

// only marks the strategies that Env.Only leaves out (nil: none), after
// checking that it lists strategy indices in increasing order.
func (st *crawlStage) only(list []int) error {
	if list == nil {
		return nil
	}
	for j, i := range list {
		if i < 0 || i >= len(st.runs) {
			return fmt.Errorf("scenario: Env.Only[%d] = %d is not the index of one of the scenario's %d strategies", j, i, len(st.runs))
		}
		if j > 0 && i <= list[j-1] {
			return fmt.Errorf("scenario: Env.Only[%d] = %d: the indices must increase", j, i)
		}
	}
	for k := range st.runs {
		if _, listed := slices.BinarySearch(list, k); !listed {
			st.runs[k].state = StageElsewhere
		}
	}
	return nil
}

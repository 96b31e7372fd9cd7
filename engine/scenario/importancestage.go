package scenario

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/step"
)

// importanceStage is the pages' importance: uniform PageRank (docs/algorithms.md
// section 1), which top-pagerank seeds rank by, read from Env's
// importance file or computed; the personalized PageRank of the seeds
// when the importance is personalized.
type importanceStage struct {
	*shared
	graph *graphStage

	pagerank *rank.PageRank // the PageRank being computed
	uniform  rank.Result
	// scores is the importance the crawls collect, teleport the
	// personalized PageRank's teleport vector (nil when uniform).
	scores   []float64
	teleport []float64
	summary  ImportanceSummary
	// file is Env.ImportanceFile's vector once read.
	file *graphio.Importance
}

// iterate runs PageRank iterations of p on g worth at most budget units
// (at least one) and reports whether it is done. Its error is the
// PageRank's: Env.Cancel's, or a list that failed to decode.
func iterate(p *rank.PageRank, g *graph.Graph, budget int64) (int64, bool, error) {
	cost := pageRankUnits(g)
	iters := max(budget/cost, 1)
	before := p.Progress().Done
	done, err := p.Step(int(min(iters, math.MaxInt32)))
	return (p.Progress().Done - before) * cost, done, err
}

// iterationProgress reports a PageRank's iterations, out of its estimate
// of the iterations it will take (0 until it has one).
func iterationProgress(stage string, p *rank.PageRank) step.Progress {
	out := step.Progress{Stage: stage}
	if p != nil {
		out.Done = p.Progress().Done
		out.Total = int64(p.IterationsEstimate())
	}
	return out
}

// uniformPageRank computes uniform PageRank, which top-pagerank seeds rank
// by and which is the importance unless it is personalized.
func (st *importanceStage) uniformPageRank(budget int64) (int64, bool, error) {
	if st.fileIsPageRank() {
		st.useFileImportance()
		return 1, true, nil
	}
	g := st.graph.g
	if st.pagerank == nil {
		p, err := rank.NewPageRank(g, st.graph.transpose, st.graphRankOptions(nil))
		if err != nil {
			return 0, false, st.transposeError(err)
		}
		st.pagerank = p
		return scanUnits(g.NumNodes(), 0), false, nil
	}
	used, done, err := iterate(st.pagerank, g, budget)
	if err != nil {
		return used, false, err
	}
	if done {
		st.uniform = st.pagerank.Result()
		st.pagerank = nil
		st.release()
		if st.file != nil {
			st.useFileImportance()
		} else if st.s.Importance == ImportancePageRank {
			st.setImportance(st.uniform, nil)
		}
	}
	return used, done, nil
}

// personalizedPageRank computes PageRank with the trust vector as its
// teleport vector (docs/algorithms.md sections 1 and 2): uniform over the seeds, or,
// with trust "pagerank", the uniform PageRank vector.
func (st *importanceStage) personalizedPageRank(budget int64, seeds []uint32) (int64, bool, error) {
	g := st.graph.g
	if st.pagerank == nil {
		t := st.trustVector()
		if t == nil {
			var err error
			if t, err = rank.UniformTeleport(g.NumNodes(), seeds); err != nil {
				return 0, false, err
			}
		}
		p, err := rank.NewPageRank(g, st.graph.transpose, st.graphRankOptions(t))
		if err != nil {
			return 0, false, st.transposeError(err)
		}
		st.pagerank, st.teleport = p, t
		return scanUnits(g.NumNodes(), 0), false, nil
	}
	used, done, err := iterate(st.pagerank, g, budget)
	if err != nil {
		return used, false, err
	}
	if done {
		res := st.pagerank.Result()
		st.pagerank = nil
		st.release()
		st.setImportance(res, st.teleport)
	}
	return used, done, nil
}

// graphRankOptions are the options of PageRank on the run's graph: it
// pushes along the out-lists when its in-arc layout does not fit
// (graphStage.push).
func (st *importanceStage) graphRankOptions(teleport []float64) rank.Options {
	opt := st.rankOptions(teleport)
	opt.Push = st.graph.push
	return opt
}

// setImportance makes res the importance, with its teleport vector.
func (st *importanceStage) setImportance(res rank.Result, teleport []float64) {
	st.scores, st.teleport = res.Scores, teleport
	st.summary = ImportanceSummary{Kind: st.s.Importance, Iterations: res.Iterations, Residual: res.Residual}
	if !res.Converged {
		st.warn("importance: PageRank stopped after %s iterations with a change of %.3g, above the tolerance %g",
			model.Count(res.Iterations), res.Residual, st.s.Tolerance)
	}
}

// trustVector is the trust vector t of docs/algorithms.md section 2 when it is not
// uniform over the seeds: the uniform PageRank vector with trust
// "pagerank", else nil. It is not copied: nothing writes to it.
func (st *importanceStage) trustVector() []float64 {
	if st.s.Trust == TrustPageRank {
		return st.uniform.Scores
	}
	return nil
}

// crawlTrust is the trust vector the crawls start from (crawl.Config.Trust):
// the uniform PageRank vector with trust "pagerank", also when the
// importance is plain pagerank, so that the RankMass family's guarantees
// start from the seeds' share of it; else the personalized importance's
// teleport, which is uniform over the seeds (nil, the same, without it).
func (st *importanceStage) crawlTrust() []float64 {
	if t := st.trustVector(); t != nil {
		return t
	}
	return st.teleport
}

// seedTrust is 1-δ = Σ_{i∈seeds} t_i, the share of the trust the seeds
// hold (docs/algorithms.md section 2): 1 when the trust is uniform over them. A page
// given twice as a seed counts once.
func (st *importanceStage) seedTrust(seeds []uint32) float64 {
	t := st.trustVector()
	if t == nil {
		return 1
	}
	seen := make(map[uint32]bool, len(seeds))
	sum := 0.0
	for _, p := range seeds {
		if !seen[p] && int(p) < len(t) {
			seen[p] = true
			sum += t[p]
		}
	}
	return sum
}

// transposeError names the file of the transpose (Env.Transpose) and of
// the graph in err when PageRank found that the one is not the other's
// transpose (rank.ErrNotTranspose); any other error is returned as it is.
func (st *importanceStage) transposeError(err error) error {
	if !errors.Is(err, rank.ErrNotTranspose) || st.env.Transpose == "" {
		return err
	}
	detail := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "rank: "), rank.ErrNotTranspose.Error()+": ")
	return fmt.Errorf("%s is not the transpose of %s: %s", st.env.Transpose, st.s.Graph.File, detail)
}

package scenario

import (
	"fmt"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
)

// RunBytes estimates the memory a comparison needs on a graph of n pages
// and m links (model.RunBytes): the graph and PageRank's in-arc layout,
// and about 160 bytes per page for the importance vectors and one crawl.
func RunBytes(n, m int64) int64 { return model.RunBytes(n, m) }

// previousBytes estimates the memory of a previous snapshot of n pages
// and m links: the graph, PageRank's in-arc layout and its vectors.
func previousBytes(n, m int64) int64 {
	return 2*(12*n+4*m) + 40*n
}

// loadBytes is the memory a graph file may take to load: Env.MaxBytes
// less g, the graph already loaded (when the previous snapshot is read
// after it; nil when none), 0 when there is no limit.
func (c *shared) loadBytes(g *graph.Graph) int64 {
	if c.env.MaxBytes <= 0 {
		return 0
	}
	held := int64(0)
	if g != nil {
		held = 12*int64(g.NumNodes()) + 4*g.NumArcs()
	}
	return max(c.env.MaxBytes-held, 1)
}

// checkGenerateMemory refuses, before the generator allocates anything,
// a generated graph whose generation and comparison would need more than
// Env.MaxBytes (gen.Params.EstimatedBytes, then RunBytes with the
// expected links).
func (c *shared) checkGenerateMemory(p gen.Params) error {
	if c.env.MaxBytes <= 0 {
		return nil
	}
	links := int64(float64(p.Pages) * p.MeanOutDegree)
	need := p.EstimatedBytes() + RunBytes(int64(p.Pages), links)
	if need <= c.env.MaxBytes {
		return nil
	}
	return fmt.Errorf("graph.generate: %w", &graphio.TooLargeError{Pages: int64(p.Pages), Links: links, Need: need, Limit: c.env.MaxBytes, Of: "bytes", Purpose: "to generate and compare strategies"})
}

// Bytes per page of the stages of a run after the graph is loaded, for
// runBytes. The stages follow one another and each drops its state before
// the next (Env.Release), so the peak is the largest of them beside the
// graph and the importance vectors.
const (
	// pageRankBytesPerPage: PageRank's in-arc layout, as large as a
	// transpose (12 bytes a page and 4 a link with 8-byte offsets), and
	// its three vectors of 8 bytes a page (rank.NewPageRank).
	pageRankBytesPerPage = 12 + 24
	// crawlBytesPerPage: one crawl, at most 40 bytes a page for every
	// strategy (BenchmarkStrategies, B/page), and its metrics.
	crawlBytesPerPage = 48
	// lowerBoundBytesPerPage: the generic lower bound's vectors, when the
	// metrics compute it.
	lowerBoundBytesPerPage = 32
)

// runBytes estimates the memory the run needs on its graph of n pages and
// m links: the graph (12n + 4m bytes), the importance (8 bytes a page;
// with personalized importance also the uniform PageRank and the teleport
// vector), and the largest of the stages that follow one another: a
// PageRank (none with an importance file, taken to hold PageRank), the
// search for the reachable pages (5 bytes a page) and one crawl with its
// metrics. At 125 M pages and 1e9 links with an importance file, 12.5 GB;
// RunBytes, the estimate of a generated graph, counts a transpose and
// 160 bytes a page.
func (c *shared) runBytes(n, m int64) int64 {
	stage := c.crawlRunBytes(n)
	if c.env.ImportanceFile == "" || c.s.Importance == ImportancePersonalized {
		stage = max(stage, pageRankBytesPerPage*n+4*m)
	}
	return c.crawlBaseBytes(n, m) + stage
}

// crawlBaseBytes is what runBytes counts besides its stages: the graph and
// the importance vectors.
func (c *shared) crawlBaseBytes(n, m int64) int64 {
	vectors := int64(8)
	if c.s.Importance == ImportancePersonalized {
		vectors = 24
	}
	return 12*n + 4*m + vectors*n
}

// crawlRunBytes is the memory of one crawl and its metrics: a stage of
// runBytes, and what each crawl run at once adds (parallel.go).
func (c *shared) crawlRunBytes(n int64) int64 {
	b := crawlBytesPerPage * n
	if c.s.Metrics.LowerBound > 0 {
		b += lowerBoundBytesPerPage * n
	}
	return b
}

// checkRunMemory refuses, once the graph (and the previous snapshot) are
// in memory and before PageRank's layout and the per-page vectors are
// allocated, a comparison that would need more than Env.MaxBytes
// (runBytes); prev is the previous snapshot, nil when none is held.
func (st *graphStage) checkRunMemory(prev *graph.Graph) error {
	if st.env.MaxBytes <= 0 || st.memoryChecked {
		return nil
	}
	st.memoryChecked = true
	n, m := int64(st.g.NumNodes()), st.g.NumArcs()
	need := st.runBytes(n, m)
	if prev != nil {
		need += previousBytes(int64(prev.NumNodes()), prev.NumArcs())
	}
	if need <= st.env.MaxBytes {
		return nil
	}
	return fmt.Errorf("%s: %w", st.sourceName, &graphio.TooLargeError{Pages: n, Links: m, Need: need, Limit: st.env.MaxBytes, Of: "bytes", Purpose: "to compare strategies"})
}

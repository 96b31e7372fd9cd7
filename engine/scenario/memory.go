package scenario

import (
	"fmt"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// RunBytes estimates the memory a comparison needs on a graph of n pages
// and m links (model.RunBytes): the graph and PageRank's in-arc layout,
// and about 160 bytes per page for the importance vectors and one crawl.
func RunBytes(n, m int64) int64 { return model.RunBytes(n, m) }

// previousBytes estimates the memory of the previous snapshot prev: the
// graph (graphBytes), PageRank's in-arc layout and its vectors.
func previousBytes(prev *graph.Graph) int64 {
	n, m := int64(prev.NumNodes()), prev.NumArcs()
	return graphBytes(prev) + 12*n + 4*m + 40*n
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
		held = graphBytes(g)
	}
	return max(c.env.MaxBytes-held, 1)
}

// graphBytes is the memory a loaded graph holds beside what the operating
// system maps: CSR arrays take 12 bytes a page and 4 a link (8-byte
// offsets, a 4-byte host), a BVGraph read in place 8 bytes a page for its
// lists' positions and 4 for a host, its links staying in the mapped file,
// and packed lists their bytes (graph.Graph.HeldBytes) and 4 for a host.
func graphBytes(g *graph.Graph) int64 {
	n := int64(g.NumNodes())
	if g.IsCSR() {
		return 12*n + 4*g.NumArcs()
	}
	if _, ok := g.Lists.(*graph.PackedLists); ok {
		return 4*n + g.HeldBytes()
	}
	return 12 * n
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
	// strategy (BenchmarkStrategies, B/page), and its metrics. What a
	// strategy takes beyond that to run faster (crawl.Info.SpareBytes)
	// is counted apart, and only when it fits (grantSpare).
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
// count of the reachable pages (graph.Reach, half a byte a page) and one
// crawl with its metrics. At 125 M pages and 1e9 links with an importance file, 12.5 GB;
// RunBytes, the estimate of a generated graph, counts a transpose and
// 160 bytes a page.
//
// A graph held in place (not CSR) counts graphBytes, and a given
// transpose (Env.Transpose, held likewise) spares PageRank its layout of
// 4 bytes a link.
func (c *shared) runBytes(n, m int64) int64 {
	return c.runBytesOf(n, m, 12*n+4*m, pageRankLayout)
}

// pageRankWay is how the run's PageRank sweeps.
type pageRankWay int

const (
	pageRankLayout pageRankWay = iota // on the in-arc layout it builds
	pageRankPull                      // along a given transpose
	pageRankPush                      // pushing along the out-lists (rank.Options.Push)
)

// runBytesOf is runBytes for a graph that holds held bytes, with
// PageRank computed the given way.
func (c *shared) runBytesOf(n, m, held int64, way pageRankWay) int64 {
	stage := c.crawlRunBytes(n)
	if c.env.ImportanceFile == "" || c.s.Importance == ImportancePersonalized {
		switch way {
		case pageRankLayout:
			stage = max(stage, pageRankBytesPerPage*n+4*m)
		case pageRankPull:
			stage = max(stage, pageRankBytesPerPage*n)
		case pageRankPush:
			stage = max(stage, rank.PushBytes(n, c.s.Importance == ImportancePersonalized))
		}
	}
	return c.crawlBaseBytes(n, held) + stage
}

// crawlBaseBytes is what runBytesOf counts besides its stages: the graph,
// which holds held bytes, and the importance vectors of n pages.
func (c *shared) crawlBaseBytes(n, held int64) int64 {
	vectors := int64(8)
	if c.s.Importance == ImportancePersonalized {
		vectors = 24
	}
	return held + vectors*n
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
// Given no transpose, it sets push when PageRank's in-arc layout does not
// fit while pushing along the out-lists does (rank.ChoosePush, as the
// command line's rank chooses), unless the seeds are community seeds,
// whose extraction builds a transpose of the graph (4 bytes a link) that
// the layout's need stands for.
func (st *graphStage) checkRunMemory(prev *graph.Graph) error {
	if st.env.MaxBytes <= 0 || st.memoryChecked {
		return nil
	}
	st.memoryChecked = true
	n, m := int64(st.g.NumNodes()), st.g.NumArcs()
	held := graphBytes(st.g)
	way := pageRankLayout
	if st.transpose != nil {
		held += graphBytes(st.transpose)
		way = pageRankPull
	}
	need := st.runBytesOf(n, m, held, way)
	p := int64(0)
	if prev != nil {
		p = previousBytes(prev)
	}
	if spec, err := seeds.Parse(st.s.Seeds); way == pageRankLayout && (err != nil || spec.Kind != seeds.Community) {
		push := st.runBytesOf(n, m, held, pageRankPush)
		if rank.ChoosePush(st.env.MaxBytes, need+p, push+p) {
			st.push, need = true, push
		}
	}
	if prev != nil {
		if p > need {
			// The snapshot is the larger part: name it.
			return st.tooLarge(st.s.Previous.File, prev, need+p, "to rank the previous snapshot and compare strategies")
		}
		need += p
	}
	return st.tooLarge(st.sourceName, st.g, need, "to compare strategies")
}

// tooLarge returns the refusal of need bytes for the graph g of the file
// name, or nil when they fit Env.MaxBytes.
func (st *graphStage) tooLarge(name string, g *graph.Graph, need int64, purpose string) error {
	if need <= st.env.MaxBytes {
		return nil
	}
	return fmt.Errorf("%s: %w", name, &graphio.TooLargeError{Pages: int64(g.NumNodes()), Links: g.NumArcs(), Need: need, Limit: st.env.MaxBytes, Of: "bytes", Purpose: purpose})
}

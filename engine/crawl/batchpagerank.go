package crawl

// batchPageRank is the batch PageRank ordering of Baeza-Yates et al. 2005 (section 4.1;
// docs/algorithms.md section 3): at the start, whenever the list of estimated pages is
// used up, and whenever K pages were downloaded since the last computation,
// it computes uniform PageRank on the known graph (nodes D ∪ F, arcs the
// out-arcs of D, the pages of F dangling; knownRank in knowngraph.go) and
// downloads F in decreasing estimate. Pages discovered between two
// computations are parked until the next one. K is a fraction of n (the
// paper recomputed every 100,000 pages of about 3-4 million, hence the
// default 2%). Each computation counts one Cost.Recomputations and its
// iterations in Cost.PageRankIterations.
type batchPageRank struct{ est knownRank }

// Defaults shared by batch-pagerank and partial-pagerank. The estimate only
// orders pages, so its tolerance is looser than the ground truth's 1e-10:
// an L1 error of 1e-6 spread over n pages is far below the gaps between
// their scores (about 1/n). Each recomputation starts from the previous
// estimate and pushes only what changed since (knownRank).
const (
	defaultBatch             = 0.02
	defaultEstimateTolerance = 1e-6
)

// batchParams are the parameters of batch-pagerank and partial-pagerank.
var batchParams = []Param{
	{
		Name:    "batch",
		Doc:     "K as a fraction of the graph's pages: the estimate is recomputed after K = max(1, ceil(batch·n)) downloads; each recomputation costs a PageRank on the known graph, so tiny batches make the crawl quadratic",
		Default: defaultBatch,
		Min:     1e-9,
		Max:     1,
	},
	{
		Name:    "tolerance",
		Doc:     "L1 distance to the exact PageRank of the known graph within which each recomputation of the estimate stops",
		Default: defaultEstimateTolerance,
		Min:     1e-15,
		Max:     1e-2,
	},
}

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "batch-pagerank",
			Rank:    4,
			Presets: map[string]int{PresetCountry: 5},
			Name:    "Batch PageRank",
			Paper:   "004",
			Section: "§4.1",
			Summary: "Every so often computes PageRank on the pages found so far and downloads the highest first.",
			Doc: "Recomputes PageRank on the known graph (downloaded and frontier pages, links of the downloaded ones) " +
				"at the start, when its list is used up and every K downloads; downloads the frontier in decreasing estimate.",
			Params: batchParams,
			Cost:   440, // 57 PageRank recomputations (2,150 iterations) on cnr-2000
		},
		New: func(v Values) Strategy {
			return &batchPageRank{est: knownRank{batch: v["batch"], tolerance: v["tolerance"]}}
		},
	})
}

func (s *batchPageRank) Start(c *Crawl) error { s.est.start(c); return nil }

// Discover parks every page until the next estimate.
func (s *batchPageRank) Discover(page, _ uint32) { s.est.joined(page) }

func (s *batchPageRank) Downloaded(i uint32) { s.est.counted(i) }

func (s *batchPageRank) Refill(budget int) (int, bool, error) { return s.est.refill(budget) }

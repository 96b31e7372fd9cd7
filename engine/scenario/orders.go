package scenario

// CrawlOrder is one crawl's download order (SPEC.md section 4: "Download
// order"), which a Runner hands to Env.Orders as each strategy's metrics
// are complete, so that any other tool can check or re-score the crawl.
// Its slices are the Runner's own, valid only during the call.
type CrawlOrder struct {
	// Label is the strategy's label (StrategyResult.Label).
	Label string
	// Order lists the downloaded pages in download order.
	Order []uint32
	// Times holds the simulated time, in seconds, at which each download
	// finished on the politeness clock; nil for a crawl without it (the
	// optimal reference always).
	Times []float64
	// Importance is the vector the curves sum, one entry per page: the
	// prefix sums of Importance over Order, in order, are the crawl's
	// C(k) exactly.
	Importance []float64
	// URLs holds the graph's URLs, one per page, or nil when it has none.
	URLs []string
}

package model

// StageElsewhere is the progress stage of a strategy that a part of a
// comparison run in parallel leaves to another part
// (scenario.Runner.StrategyProgress with scenario.Env.Only).
const StageElsewhere = "elsewhere"

// RunBytes estimates the memory a comparison needs on a graph of n pages
// and m links: the graph and PageRank's in-arc layout, as large as a
// transpose (12n + 4m bytes each with 8-byte offsets), and about 160
// bytes per page for the importance vectors, one crawl's state, frontier
// and order, and its metrics (the strategies run one after another, so one
// crawl's state is live at a time). It is the engine's estimate
// (scenario.RunBytes), here so that the page sizes its workers without
// the engine.
func RunBytes(n, m int64) int64 {
	return 2*(12*n+4*m) + 160*n
}

package main

// SeedsPanel chooses the importance that scores a crawl, the trust, the
// seed set, the random seed, the page budget and whether downloads to X
// are relative (docs/algorithms.md sections 1, 2 and 4).
type SeedsPanel struct {
	App *App
}

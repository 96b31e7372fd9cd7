package main

// SeedsPanel chooses the importance that scores a crawl, the seed set, the
// random seed and the page budget (SPEC.md sections 1 and 2).
type SeedsPanel struct {
	App *App
}

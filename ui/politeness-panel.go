package main

// PolitenessPanel puts the crawl on the politeness clock of SPEC.md
// section 5: connections, the wait between two downloads from one host,
// latency, page size and bandwidth.
type PolitenessPanel struct {
	App *App
}

package main

// PolitenessPanel puts the crawl on the politeness clock of docs/algorithms.md
// section 5: connections, the wait between two downloads from one host,
// latency, page size and bandwidth.
type PolitenessPanel struct {
	App *App
}

// DescribedBy is the politeness checkbox's aria-describedby: the note on
// what it means on this graph, when there is one.
func (c *PolitenessPanel) DescribedBy() string {
	if c.App.PolitenessNote() != "" {
		return "timed-note"
	}
	return ""
}

package reproduce

import "github.com/crawlsim/crawlsim/engine/crawl"

// The papers' short citations (Paper.Short), which every text a reader
// sees cites them by: run and chart titles, notes, verdicts' reasons. They
// are crawl.ShortCitation's, which `crawlsim strategies` and the page
// cite by too. seeds/README.md numbers the papers, but a student who has
// only the page or a report has no seeds/ folder, nor SPEC.md, to look in.
var (
	// citeFPR is seeds/000.
	citeFPR = crawl.ShortCitation("000")
	// citeRankMass is seeds/001.
	citeRankMass = crawl.ShortCitation("001")
	// citeRevisits is seeds/002.
	citeRevisits = crawl.ShortCitation("002")
	// citeCommunity is seeds/003.
	citeCommunity = crawl.ShortCitation("003")
	// citeCountry is seeds/004.
	citeCountry = crawl.ShortCitation("004")
)

package reproduce

import "github.com/crawlsim/crawlsim/engine/crawl"

// The papers' short citations (Paper.Short), which every text a reader
// sees cites them by: run and chart titles, notes, verdicts' reasons. They
// are crawl.ShortCitation's, which `crawlsim strategies` and the page
// cite by too. docs/algorithms.md numbers the papers, but a student who has
// only the page or a report has no seeds/ folder, nor docs/algorithms.md, to look in.
var (
	// citeFPR is Alam et al..
	citeFPR = crawl.ShortCitation("000")
	// citeRankMass is Cho and Schonfeld 2007.
	citeRankMass = crawl.ShortCitation("001")
	// citeRevisits is Singhal et al. 2012.
	citeRevisits = crawl.ShortCitation("002")
	// citeCommunity is Daneshpajouh et al. 2008.
	citeCommunity = crawl.ShortCitation("003")
	// citeCountry is Baeza-Yates et al. 2005.
	citeCountry = crawl.ShortCitation("004")
)

package reproduce

// The papers' short citations (Paper.Short), which every text a reader
// sees cites them by: run and chart titles, notes, verdicts' reasons.
// seeds/README.md numbers the papers, but a student who has only the page
// or a report has no seeds/ folder, nor SPEC.md, to look in.
const (
	// citeFPR is seeds/000, whose text gives no year (it extends the
	// authors' Fractional PageRank crawler of DASFAA 2009).
	citeFPR = "Alam et al."
	// citeRankMass is seeds/001 (VLDB 2007).
	citeRankMass = "Cho and Schonfeld 2007"
	// citeRevisits is seeds/002 (International Journal of Engineering
	// and Technology 4(4), 2012).
	citeRevisits = "Singhal et al. 2012"
	// citeCommunity is seeds/003 (WEBIST 2008).
	citeCommunity = "Daneshpajouh et al. 2008"
	// citeCountry is seeds/004 (WWW 2005).
	citeCountry = "Baeza-Yates et al. 2005"
)

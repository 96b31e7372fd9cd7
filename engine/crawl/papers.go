package crawl

import (
	"sort"
	"strings"
)

// Paper is one of the papers the strategies come from; Info.Paper cites it
// by its number.
type Paper struct {
	// Number is the paper's number in seeds/README.md ("000" to "004").
	Number string `json:"number"`
	// Citation gives its authors, title and venue.
	Citation string `json:"citation"`
}

// paperCitations are the papers of seeds/README.md that strategies come
// from. A strategy from another of them adds its citation here.
var paperCitations = []Paper{
	{"000", "Alam, Ha, Sim and Lee, \"The impact of inter-host links in crawling important pages early\" (extends their Fractional PageRank crawler, DASFAA 2009)"},
	{"001", "Cho and Schonfeld, \"RankMass crawler: a crawler with high personalized PageRank coverage guarantee\", VLDB 2007"},
	{"004", "Baeza-Yates, Castillo, Marin and Rodriguez, \"Crawling a country: better strategies than breadth-first for web page ordering\", WWW 2005"},
}

// Papers returns the papers the registered strategies cite (Info.Paper
// lists their numbers, separated by ", "), sorted by number. A number with
// no citation is given with an empty Citation.
func Papers() []Paper {
	cited := map[string]bool{}
	for _, info := range registry {
		for _, number := range strings.Split(info.Paper, ", ") {
			cited[number] = true
		}
	}
	var out []Paper
	for number := range cited {
		p := Paper{Number: number}
		for _, c := range paperCitations {
			if c.Number == number {
				p = c
			}
		}
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out
}

package crawl

import (
	"sort"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Paper is one of the papers the strategies come from (model.Paper);
// Info.Paper cites it by its number.
type Paper = model.Paper

// paperCitations are the papers of docs/algorithms.md, all five: the
// strategies cite 000, 001 and 004, the seeds panel's community seeds 003
// and the revisit planner 002. The URLs: 003's DOI is printed in its text;
// 001 is the VLDB Endowment's copy (Proceedings of VLDB 2007, pages
// 375-386); 002 is the journal's abstract page (International Journal of
// Engineering and Technology 4(4), 2012, pages 246-253); 000 and 004 name
// no DOI in their texts, so they link dblp's search for their title.
var paperCitations = []Paper{
	{Number: "000", Citation: "Alam, Ha, Sim and Lee, \"The impact of inter-host links in crawling important pages early\" (extends their Fractional PageRank crawler, DASFAA 2009)",
		URL: "https://dblp.org/search?q=The+impact+of+inter-host+links+in+crawling+important+pages+early"},
	{Number: "001", Citation: "Cho and Schonfeld, \"RankMass crawler: a crawler with high personalized PageRank coverage guarantee\", VLDB 2007",
		URL: "https://www.vldb.org/conf/2007/papers/research/p375-cho.pdf"},
	{Number: "002", Citation: "Singhal, Dixit, Agarwal and Sharma, \"Regulating frequency of a migrating web crawler based on users interest\", International Journal of Engineering and Technology 4(4), 2012",
		URL: "http://enggjournals.com/ijet/abstract.html?file=12-04-04-035"},
	{Number: "003", Citation: "Daneshpajouh, Mohammadi Nasiri and Ghodsi, \"A fast community based algorithm for generating web crawler seeds set\", WEBIST 2008",
		URL: "https://doi.org/10.5220/0001527400980105"},
	{Number: "004", Citation: "Baeza-Yates, Castillo, Marin and Rodriguez, \"Crawling a country: better strategies than breadth-first for web page ordering\", WWW 2005",
		URL: "https://dblp.org/search?q=Crawling+a+country+better+strategies+than+breadth-first+for+web+page+ordering"},
}

// AllPapers returns the citations of every paper of docs/algorithms.md, with
// their short citations (ShortCitation), sorted by number, whether a
// strategy cites it or not: the page's About section lists them.
func AllPapers() []Paper {
	out := append([]Paper(nil), paperCitations...)
	for i := range out {
		out[i].Short = ShortCitation(out[i].Number)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out
}

// Papers returns the papers the registered strategies cite (Info.Paper
// lists their numbers, separated by ", "), sorted by number, each with its
// short citation (ShortCitation). A number with no citation is given with
// an empty Citation.
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
		p.Short = ShortCitation(number)
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out
}

// paperShorts cite the papers of paperCitations by their authors and
// year, as every text a reader sees does (the reproductions' titles and
// notes, engine/reproduce/cite.go): a reader of the command line or the
// page has no seeds/ folder to look a number up in. 000's text gives no
// year.
var paperShorts = map[string]string{
	"000": "Alam et al.",
	"001": "Cho and Schonfeld 2007",
	"002": "Singhal et al. 2012",
	"003": "Daneshpajouh et al. 2008",
	"004": "Baeza-Yates et al. 2005",
}

// ShortCitation cites the paper of the given number (Info.Paper's
// numbers, Paper.Number) by its authors and year: "Baeza-Yates et al.
// 2005". It returns "" for a number that is no paper.
func ShortCitation(number string) string { return paperShorts[number] }

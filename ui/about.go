package main

import (
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// About is the page's About section: what crawlsim is, and each paper it
// implements, listed once with its full citation, a link to the paper and
// what of the page comes from it.
type About struct {
	App *App
}

// AboutPaper is one paper of the About section.
type AboutPaper struct {
	model.Paper
	// LinkText says where the link goes.
	LinkText string
	// Uses lists what of the page comes from the paper.
	Uses string
}

// paperUses says what of the page comes from each paper besides its
// strategies (docs/algorithms.md, The papers).
var paperUses = map[string]string{
	"002": "the Revisits panel (how often to revisit a site)",
	"003": "community seeds (the Community seeds panel)",
	"004": "the crawl simulator, its politeness model and the metrics avg cum. and tau",
	"001": "the guaranteed curves and the optimal reference",
}

// AboutPapers lists every paper with its link and what of the page comes
// from it: its strategies by name, then the panels.
func AboutPapers() []AboutPaper {
	var out []AboutPaper
	for _, p := range catalogue.Papers {
		var uses []string
		for _, s := range catalogue.Strategies {
			for _, n := range strings.Split(s.Paper, ", ") {
				if n == p.Number {
					uses = append(uses, s.Name)
				}
			}
		}
		if u := paperUses[p.Number]; u != "" {
			uses = append(uses, u)
		}
		out = append(out, AboutPaper{Paper: p, LinkText: linkText(p.URL), Uses: strings.Join(uses, ", ")})
	}
	return out
}

// linkText names where a paper's link goes.
func linkText(url string) string {
	switch {
	case strings.Contains(url, "doi.org/"):
		return "doi:" + url[strings.Index(url, "doi.org/")+len("doi.org/"):]
	case strings.Contains(url, "dblp.org/search"):
		return "find it on dblp"
	case strings.HasSuffix(url, ".pdf"):
		return "the publisher's PDF"
	}
	return "the publisher's page"
}

// AboutBuild is the page's build as `crawlsim version` gives the command
// line's (model.Build.Short), for the About section.
func AboutBuild() string {
	b, ok := model.ReadBuild()
	if !ok {
		return "of an unknown build"
	}
	return b.Short()
}

// PaperAnchor is the id of a paper's entry in the About section.
func PaperAnchor(number string) string { return "paper-" + number }

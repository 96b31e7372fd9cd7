package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
)

// TestAboutListsEachPaperOnce: the About section lists each paper of
// docs/algorithms.md once, at the id the strategies link to, with its full
// citation and a link to it.
func TestAboutListsEachPaperOnce(t *testing.T) {
	es := built(t, &About{App: NewApp("", "")})
	for _, p := range crawl.AllPapers() {
		var items []element
		for _, e := range es {
			if e.tag == "li" && strings.Contains(e.text, p.Citation) {
				items = append(items, e)
			}
		}
		if len(items) != 1 || items[0].attr["id"] != "paper-"+p.Number {
			t.Errorf("paper %s: %d items cite it (want one, with id paper-%s)", p.Number, len(items), p.Number)
		}
		links := 0
		for _, e := range es {
			if e.tag == "a" && e.attr["href"] == p.URL && p.URL != "" {
				links++
			}
		}
		if links != 1 {
			t.Errorf("paper %s: %d links to %q, want one", p.Number, links, p.URL)
		}
	}
}

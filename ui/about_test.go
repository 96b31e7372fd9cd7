package main

import (
	"runtime"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
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

// TestAboutBuild: the About section names the page's build as crawlsim
// version names the command line's, with its Go version.
func TestAboutBuild(t *testing.T) {
	b, ok := model.ReadBuild()
	if got := AboutBuild(); !ok || got != b.Short() || !strings.HasSuffix(got, runtime.Version()) {
		t.Errorf("AboutBuild() = %q; want the build in crawlsim version's words, ending with %s", got, runtime.Version())
	}
}

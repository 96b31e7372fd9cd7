package main

import (
	"os"
	"path/filepath"
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

// TestPanelsCitePapersWithTheirYear: a panel's text that cites a paper
// by its authors cites it as the strategies and the command line do,
// with the year (crawl.ShortCitation): the Revisits and Community panels
// said "(Singhal et al.)" where the strategies say "Cho and Schonfeld
// 2007".
func TestPanelsCitePapersWithTheirYear(t *testing.T) {
	files, err := filepath.Glob("*.vugu")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range crawl.AllPapers() {
		authors, year, ok := strings.Cut(p.Short, " 20")
		if !ok {
			continue // a paper cited without a year
		}
		for _, name := range files {
			text, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for rest := string(text); ; {
				i := strings.Index(rest, authors)
				if i < 0 {
					break
				}
				rest = rest[i+len(authors):]
				if !strings.HasPrefix(rest, " 20"+year) {
					t.Errorf("%s cites %q without its year (%s)", name, authors+rest[:min(len(rest), 12)], p.Short)
				}
			}
		}
	}
}

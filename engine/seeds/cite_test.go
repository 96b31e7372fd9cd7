package seeds

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// TestCommunityWithoutHostsCitesThePaper: the refusal of community seeds
// on a graph without hosts cites the paper by its authors and year, not
// by Daneshpajouh et al. 2008, a repository path a reader cannot open.
func TestCommunityWithoutHostsCitesThePaper(t *testing.T) {
	b := graph.NewBuilder(2)
	b.Add(0, 1)
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewExtractor(g, CommunityOptions{K: 1})
	if err == nil || !strings.Contains(err.Error(), "(Daneshpajouh et al. 2008, section 3.3.1)") || strings.Contains(err.Error(), "seeds/") {
		t.Errorf("got %v, want the refusal citing Daneshpajouh et al. 2008", err)
	}
}

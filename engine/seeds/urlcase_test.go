package seeds

import (
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// TestSelectURLCase: a seed URL names the page whose URL differs from it
// only in the letter case of the scheme or the host, which RFC 3986
// (sections 3.1 and 3.2.2) makes case-insensitive, as the host table
// lower-cases hosts; the path stays case-sensitive. So
// "http://WWW.HOLLINS.EDU/" is hollins's home page, not "no page has the
// URL".
func TestSelectURLCase(t *testing.T) {
	b := graph.NewBuilder(4)
	b.Add(0, 1)
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	g, err = g.WithURLs([]string{"http://www.hollins.edu/", "http://www.hollins.edu/About", "HTTPS://User@Mixed.Example:8080/Path", "http://www.hollins.edu/about?Q=A"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		item string
		want uint32
	}{
		{"http://www.hollins.edu/", 0},
		{"http://WWW.HOLLINS.EDU/", 0},
		{"HTTP://Www.Hollins.Edu/", 0},
		{"http://WWW.hollins.edu/About", 1},
		{"https://User@mixed.example:8080/Path", 2},
		{"http://WWW.HOLLINS.EDU/about?Q=A", 3},
	} {
		got, err := Select(g, Spec{Kind: List, Items: []string{c.item}}, Options{})
		if err != nil || !slices.Equal(got, []uint32{c.want}) {
			t.Errorf("list %q = %v, %v; want [%d]", c.item, got, err, c.want)
		}
	}
	// The path, the query and the user are not folded.
	for _, item := range []string{"http://www.hollins.edu/ABOUT", "http://www.hollins.edu/about?q=a", "https://user@mixed.example:8080/Path"} {
		if got, err := Select(g, Spec{Kind: List, Items: []string{item}}, Options{}); err == nil {
			t.Errorf("list %q = %v; want no page", item, got)
		}
	}
}

// TestSelectURLCaseAmbiguous: where two pages' URLs differ only in the case
// of their host, each URL as typed names its own page, and a third spelling
// of both is refused naming them (folding the hosts' case would resolve the
// exact URL of the second page to the first).
func TestSelectURLCaseAmbiguous(t *testing.T) {
	b := graph.NewBuilder(5)
	b.Add(0, 1)
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	g, err = g.WithURLs([]string{"http://A.example/x", "http://b.example/", "http://a.example/x", "http://c.example/", "http://c.example/"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		item string
		want uint32
	}{
		{"http://A.example/x", 0},
		{"http://a.example/x", 2},
		{"http://B.EXAMPLE/", 1},
		// Two pages with one URL are no ambiguity: the first has it.
		{"http://C.example/", 3},
	} {
		got, err := Select(g, Spec{Kind: List, Items: []string{c.item}}, Options{})
		if err != nil || !slices.Equal(got, []uint32{c.want}) {
			t.Errorf("list %q = %v, %v; want [%d]", c.item, got, err, c.want)
		}
	}
	_, err = Select(g, Spec{Kind: List, Items: []string{"http://A.EXAMPLE/x"}}, Options{})
	if err == nil || !strings.Contains(err.Error(), `the URL "http://A.EXAMPLE/x" is that of pages 0 and 2, whose URLs differ only in the case of their scheme or host`) {
		t.Errorf("a URL of two pages in other cases: %v", err)
	}
}

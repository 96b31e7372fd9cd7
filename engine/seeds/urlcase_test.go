package seeds

import (
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// TestSelectURLCase: a seed URL names the page whose URL differs from it
// only in the letter case of the scheme or the host, which RFC 3986
// (sections 3.1 and 3.2.2) makes case-insensitive, as the host table
// lower-cases hosts; the path stays case-sensitive. A review found
// "http://WWW.HOLLINS.EDU/" refused with "no page has the URL".
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

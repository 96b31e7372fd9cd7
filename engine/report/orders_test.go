package report

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestOrdersPageColumn: the page column gives crawlsim's page number, or
// the page's id or label in the graph file when the order carries them
// (CrawlOrder.PageIDs, PageNames), a label quoted as CSV needs, and a
// page past them (added by an evolution) as "new page N".
func TestOrdersPageColumn(t *testing.T) {
	imp := []float64{0.25, 0.25, 0.25, 0.25}
	for _, c := range []struct {
		o    model.CrawlOrder
		want string
	}{
		{model.CrawlOrder{Label: "bfs", Order: []uint32{1, 0}, Importance: imp},
			"bfs,1,1,,0.25,\nbfs,2,0,,0.25,\n"},
		{model.CrawlOrder{Label: "bfs", Order: []uint32{1, 0, 3}, Importance: imp, PageIDs: []uint64{100, 200, 300}},
			"bfs,1,200,,0.25,\nbfs,2,100,,0.25,\nbfs,3,new page 3,,0.25,\n"},
		{model.CrawlOrder{Label: "bfs", Order: []uint32{1, 0}, Importance: imp, PageNames: []string{"a", "b,c"}},
			"bfs,1,\"b,c\",,0.25,\nbfs,2,a,,0.25,\n"},
	} {
		var b strings.Builder
		if err := Orders(&b, c.o); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("Orders(%+v):\n%s\nwant\n%s", c.o, b.String(), c.want)
		}
	}
}

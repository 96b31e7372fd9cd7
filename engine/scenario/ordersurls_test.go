package scenario

import "testing"

// TestOrdersCarryURLs: when the download orders are asked for (Env.Orders),
// a graph file's URLs are loaded even for seeds that do not read them, so
// that the orders' url column (docs/algorithms.md section 4, "URL when known") is not
// empty; crawlsim run -orders with -urls wrote no URL at all before.
func TestOrdersCarryURLs(t *testing.T) {
	var orders []CrawlOrder
	s := Scenario{
		Graph:      Source{File: "now.edges", URLs: "now.urls"},
		Seeds:      "top-pagerank:2",
		Strategies: []Strategy{{ID: "bfs"}},
	}
	r, err := New(s, Env{FS: testFS, Orders: func(o CrawlOrder) error { orders = append(orders, o); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	stepToEnd(t, r, 1)
	if len(orders) != 1 {
		t.Fatalf("%d orders, want bfs's", len(orders))
	}
	o := orders[0]
	if len(o.URLs) == 0 {
		t.Fatal("the order carries no URLs though the graph has them")
	}
	for _, p := range o.Order {
		if int(p) >= len(o.URLs) || o.URLs[p] == "" {
			t.Errorf("page %d has no URL in the order", p)
		}
	}
}

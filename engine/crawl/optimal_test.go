package crawl

import "testing"

// TestOptimalOrder: optimal ignores links. Four pages are reachable from 0,
// so it downloads the four most important of all five: 3 (0.35), 2 (0.3),
// then 1 and 4 (0.15 each; the smaller id first). Page 0 (0.05) is left
// out. With a budget of 2 it stops after 3 and 2.
func TestOptimalOrder(t *testing.T) {
	cfg := omniscientGraph(t)
	res := crawlToEnd(t, cfg, "optimal", nil)
	expectOrder(t, "optimal", res.Order, []uint32{3, 2, 1, 4})
	if res.Reachable != 4 {
		t.Errorf("reachable %d, want 4", res.Reachable)
	}
	cfg.Budget = 2
	expectOrder(t, "optimal (budget 2)", crawlToEnd(t, cfg, "optimal", nil).Order, []uint32{3, 2})
	if info, ok := Lookup("optimal"); !ok || !info.Reference {
		t.Errorf("optimal is registered %v with Reference = %v, want a reference", ok, info.Reference)
	}
}

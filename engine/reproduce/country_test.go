package reproduce

import "testing"

// TestRankedText: labelled values are written in their true order, so
// that "0.52, 0.50 > 0.50, 0.52" (the claim's grouping with figures that
// do not follow it) cannot be read as a false inequality.
func TestRankedText(t *testing.T) {
	labels := []string{"opic", "larger-sites-first", "bfs", "batch-pagerank", "partial-pagerank", "backlink"}
	values := []float64{0.5212, 0.5012, 0.5012, 0.5231, 0.5209, 0.5180}
	want := "batch-pagerank 0.52 ≈ opic 0.52 ≈ partial-pagerank 0.52 ≈ backlink 0.52 > larger-sites-first 0.50 = bfs 0.50"
	if got := rankedText(labels, values, 0.005); got != want {
		t.Errorf("rankedText = %q,\nwant %q", got, want)
	}
}

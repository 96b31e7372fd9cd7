package main

import "testing"

// TestComparedTextAgreesWithItsCounts: the line under the chart takes the
// singular for one ordering and one page; it said "Downloaded by 1 crawl
// orderings on 1 pages".
func TestComparedTextAgreesWithItsCounts(t *testing.T) {
	for _, tc := range []struct {
		n     int
		pages int64
		want  string
	}{
		{1, 1, "Downloaded by 1 crawl ordering on 1 page."},
		{2, 1000, "Downloaded by 2 crawl orderings on 1,000 pages."},
	} {
		if got := comparedText(tc.n, tc.pages, "g", true); got != tc.want {
			t.Errorf("comparedText(%d, %d) = %q, want %q", tc.n, tc.pages, got, tc.want)
		}
	}
}

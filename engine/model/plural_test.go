package model

import "testing"

// TestCounted: the noun agrees with the count, which takes thousands
// separators.
func TestCounted(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{{0, "0 pages"}, {1, "1 page"}, {2, "2 pages"}, {-1, "-1 pages"}, {1234567, "1,234,567 pages"}} {
		if got := Counted(tc.n, "page", "pages"); got != tc.want {
			t.Errorf("Counted(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

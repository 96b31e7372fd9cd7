package rank

import (
	"cmp"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func TestTop(t *testing.T) {
	scores := []float64{0.1, 0.3, 0.2, 0.3, 0.05}
	// Pages 1 and 3 tie at 0.3: the smaller id first.
	if got := Top(scores, 3); !slices.Equal(got, []uint32{1, 3, 2}) {
		t.Fatalf("Top(3) = %v, want [1 3 2]", got)
	}
	if got := Top(scores, 0); got != nil {
		t.Fatalf("Top(0) = %v, want nil", got)
	}
	if got := Top(scores, 9); len(got) != 5 {
		t.Fatalf("Top(9) of 5 pages = %v", got)
	}
}

// TestTopMatchesStableSort compares Top with a full stable sort by
// decreasing score on random vectors with many ties.
func TestTopMatchesStableSort(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		scores := rapid.SliceOf(rapid.SampledFrom([]float64{0, 0.1, 0.2, 0.5, 1})).Draw(t, "scores")
		k := rapid.IntRange(0, len(scores)+2).Draw(t, "k")
		ids := make([]uint32, len(scores))
		for i := range ids {
			ids[i] = uint32(i)
		}
		slices.SortStableFunc(ids, func(a, b uint32) int { return cmp.Compare(scores[b], scores[a]) })
		want := ids[:min(k, len(ids))]
		if got := Top(scores, k); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("Top(%v, %d) = %v, want %v", scores, k, got, want)
		}
	})
}

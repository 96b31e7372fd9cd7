package model

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestOrderStrategies checks the one order of a result's strategies: the
// reference first, then the catalogue's order, copies by their
// parameters, unknown ids last; whatever order the scenario gave.
func TestOrderStrategies(t *testing.T) {
	catalogue := []StrategyInfo{{ID: "random"}, {ID: "bfs"}, {ID: "opic"}, {ID: "optimal", Reference: true}, {ID: "fpr-m"}}
	want := []string{"optimal", "random", "bfs", "opic", "fpr-m m=10", "fpr-m", "fpr-m m=1000", "zzz-new"}
	list := []StrategyResult{
		{ID: "optimal", Label: "optimal", Reference: true},
		{ID: "random", Label: "random"},
		{ID: "bfs", Label: "bfs"},
		{ID: "opic", Label: "opic"},
		{ID: "fpr-m", Label: "fpr-m m=10", Params: Values{"m": 10}},
		{ID: "fpr-m", Label: "fpr-m", Params: Values{"m": 100}},
		{ID: "fpr-m", Label: "fpr-m m=1000", Params: Values{"m": 1000}},
		{ID: "zzz-new", Label: "zzz-new"},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		shuffled := slices.Clone(list)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		OrderStrategies(shuffled, catalogue)
		var got []string
		for _, s := range shuffled {
			got = append(got, s.Label)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("order %q, want %q", got, want)
		}
	}
	if p := CataloguePlace(catalogue, "opic"); p != 2 {
		t.Errorf("CataloguePlace(opic) = %d, want 2", p)
	}
	if p := CataloguePlace(catalogue, "nope"); p != -1 {
		t.Errorf("CataloguePlace(nope) = %d, want -1", p)
	}
}

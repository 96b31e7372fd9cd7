package crawl

import (
	"context"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// TestStepBudgetBoundsRankMass checks that a Step of rankmass does at most
// its budget of downloads and virtual re-expansions together, untimed and on
// the politeness clock (whose events count too), and that the crawl does not
// depend on the budgets: the browser worker relies on both to keep its
// slices short.
func TestStepBudgetBoundsRankMass(t *testing.T) {
	p := gen.DefaultParams()
	p.Pages, p.Hosts, p.Seed = 4000, 40, 7
	g, err := gen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := rank.PageRankOf(context.Background(), g, rank.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seeds := rank.Top(pr.Scores, 20)
	pol := DefaultPoliteness()
	pol.Connections, pol.Wait = 4, 2
	for _, polite := range []*Politeness{nil, &pol} {
		cfg := Config{Graph: g, Importance: pr.Scores, Seeds: seeds, Politeness: polite}
		whole := crawlToEnd(t, cfg, "rankmass", nil)
		if whole.Cost.VirtualReexpansions == 0 {
			t.Fatal("the graph gives rankmass no virtual re-expansions to bound")
		}
		for _, budget := range []int{1, 3, 16} {
			info, vals, err := Resolve("rankmass", nil)
			if err != nil {
				t.Fatal(err)
			}
			c, err := New(cfg, info.New(vals))
			if err != nil {
				t.Fatal(err)
			}
			for done := false; !done; {
				before := int64(c.Downloads()) + c.cost.VirtualReexpansions
				if done, err = c.Step(budget); err != nil {
					t.Fatal(err)
				}
				if did := int64(c.Downloads()) + c.cost.VirtualReexpansions - before; did > int64(budget) {
					t.Fatalf("politeness %v, budget %d: one step did %d downloads and re-expansions", polite != nil, budget, did)
				}
			}
			res := c.Result()
			if !slices.Equal(res.Order, whole.Order) || !slices.Equal(res.Guarantee, whole.Guarantee) ||
				res.Cost.VirtualReexpansions != whole.Cost.VirtualReexpansions {
				t.Fatalf("politeness %v, budget %d: the crawl differs from one run with a large budget", polite != nil, budget)
			}
		}
	}
}

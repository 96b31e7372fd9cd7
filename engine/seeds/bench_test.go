package seeds

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/step"
)

// BenchmarkCommunity extracts 10 community seeds from a generated web of
// 100,000 pages (about 78,000 links between its 500 hosts) and evaluates
// them against random and top-PageRank seeds.
func BenchmarkCommunity(b *testing.B) {
	p := gen.DefaultParams()
	p.Pages, p.Seed = 100000, 3
	g, err := gen.Generate(p)
	if err != nil {
		b.Fatal(err)
	}
	pr, err := rank.PageRankOf(context.Background(), g, rank.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("extract", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e, err := NewExtractor(g, CommunityOptions{K: 10, Rand: rand.New(rand.NewPCG(1, 2))})
			if err != nil {
				b.Fatal(err)
			}
			if err := step.Run(context.Background(), e, 8, nil); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(e.Result().Rounds), "rounds/op")
		}
	})
	e, _ := NewExtractor(g, CommunityOptions{K: 10, Rand: rand.New(rand.NewPCG(1, 2))})
	step.Run(context.Background(), e, 8, nil)
	res := e.Result()
	var cores [][]uint32
	for _, c := range res.Cores {
		cores = append(cores, append(append([]uint32{}, c.Hubs...), c.Authorities...))
	}
	b.Run("evaluate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ev, err := NewEvaluator(g, EvaluationOptions{Sets: []NamedSet{{"community", res.Seeds}, {"top", rank.Top(pr.Scores, 10)}},
				Cores: cores, Importance: pr.Scores, Rand: rand.New(rand.NewPCG(3, 4))})
			if err != nil {
				b.Fatal(err)
			}
			if err := step.Run(context.Background(), ev, 64, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}

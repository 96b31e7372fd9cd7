package report

import (
	"io"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// The seed study's text writes its counts with thousands separators and
// a count of one in the singular, as the run table's header does: a
// review found "estimated from 1500 breadth-first searches". The counts
// here are made up, large enough for separators or exactly one.
func TestSeedStudyCountsGroupDigits(t *testing.T) {
	r := sampleResult()
	r.SeedStudy = &scenario.SeedStudyResult{
		Names: []string{"3"},
		Community: &seeds.CommunityResult{Seeds: []uint32{3}, Cores: []seeds.Core{{Hubs: []uint32{3}, Authorities: []uint32{4}, Density: 100}},
			Skipped: 1, Rounds: 1, PrunedLinks: 401208},
		Evaluation: seeds.Evaluation{
			Profiles: []seeds.DepthProfile{
				{Name: "community:1", Seeds: 1, Pages: []int64{1, 12000}, MeanImportance: []float64{0.2, 0.05}, Reached: 12001, Importance: 0.75},
			},
			Cores:           seeds.CoreDistances{Cores: 1200, Pairs: 1, Unreachable: 1438799, Min: 2, Mean: 2, Max: 2},
			AverageDistance: 2.5, DistanceSamples: 1500,
		},
		Older: &scenario.OlderSeeds{Extracted: 1200, Survived: 1},
	}
	table := string(render(t, func(w io.Writer) error { return SeedTable(w, r) }))
	for _, want := range []string{
		"1 community seed from 1 round of HITS on 401,208 links between hosts (1 core without hubs skipped)\n",
		"  12,000  ", "  all       12,001  0.75 in all\n",
		"distances between the 1,200 cores (shortest directed path on the full graph): min 2, mean 2.00, max 2 over 1 ordered pair; 1,438,799 pairs without a path\n",
		"(estimated from 1,500 breadth-first searches)\n",
		"previous snapshot: 1,200 community seeds extracted, 1 of them still in the graph",
	} {
		if !strings.Contains(table, want) {
			t.Errorf("the seed table lacks %q:\n%s", want, table)
		}
	}
}

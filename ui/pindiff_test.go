package main

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestPinnedDifferences: the pinned caption says what differs between the
// pinned scenario and this run's, or that it is the same scenario.
func TestPinnedDifferences(t *testing.T) {
	base := func() *scenario.Result {
		s, err := scenario.Normalize(scenario.Scenario{Graph: model.Source{Generate: &model.Generate{Pages: 20000, Seed: 1}},
			Strategies: []model.Strategy{{ID: "optimal"}, {ID: "bfs"}, {ID: "opic"}}})
		if err != nil {
			t.Fatal(err)
		}
		r := twoCurves(20000, 0.3, 0.5)
		r.Scenario = s
		return r
	}
	for _, c := range []struct {
		name   string
		change func(s *model.Scenario)
		want   string
	}{
		{"same", func(*model.Scenario) {}, "Same scenario as this run."},
		{"politeness", func(s *model.Scenario) { p := model.DefaultPoliteness(); s.Politeness = &p },
			"What differs, pinned → this run: politeness off → on."},
		{"pages, strategies, seeds", func(s *model.Scenario) {
			s.Graph.Generate.Pages = 50000
			s.Strategies = append(s.Strategies[:2], model.Strategy{ID: "fpr", Label: "fpr"})
			s.Seeds = "random:10"
		}, "What differs, pinned → this run: pages 20,000 → 50,000; seeds top-pagerank:160 → random:10; strategies added: fpr; strategies removed: opic."},
		{"importance, budget, wait", func(s *model.Scenario) {
			s.Importance = "personalized"
			s.Budget = 5000
			p := model.DefaultPoliteness()
			s.Politeness = &p
			p.Wait = model.Float(2)
		}, "What differs, pinned → this run: importance PageRank → personalized PageRank; page budget no limit → 5,000; politeness off → on."},
		{"graph file", func(s *model.Scenario) { s.Graph = model.Source{File: "hollins.edges"} },
			"What differs, pinned → this run: graph generated → hollins.edges."},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := NewApp("", "")
			a.Result = base()
			a.drawChart()
			a.Pin()
			now := base()
			c.change(&now.Scenario)
			if c.name == "graph file" {
				now.Graph.SourceName = "hollins.edges"
				a.Pinned.Result.Graph.SourceName = "generated"
			}
			a.Result = now
			if got := a.PinnedDifference(); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
	// Both on the politeness clock with other settings: each setting.
	a := NewApp("", "")
	r := base()
	p := model.DefaultPoliteness()
	r.Scenario.Politeness = &p
	a.Result = r
	a.Pin()
	now := base()
	q := model.DefaultPoliteness()
	q.Connections, q.Wait = 4, model.Float(2)
	now.Scenario.Politeness = &q
	a.Result = now
	if got, want := a.PinnedDifference(), "What differs, pinned → this run: connections 1 → 4; wait 15 s → 2 s."; got != want {
		t.Errorf("politeness settings: got %q, want %q", got, want)
	}
	// The settings a link brings from the command line
	// (-bandwidth-model shared, -page-sizes lognormal:2:3).
	q = model.DefaultPoliteness()
	q.BandwidthModel = model.BandwidthShared
	q.PageSizes = &model.PageSizes{Distribution: model.PageSizeLogNormal, Sigma: model.Float(2), Seed: 3}
	now.Scenario.Politeness = &q
	if got, want := a.PinnedDifference(), "What differs, pinned → this run: bandwidth per connection → shared by the connections; page sizes all the same → log-normal (sigma 2, seed 3)."; got != want {
		t.Errorf("bandwidth model and page sizes: got %q, want %q", got, want)
	}
	// Sizes from a file, in the words of the run's table.
	a.Pinned.Result.Scenario.Politeness = &q
	f := q
	f.PageSizes = &model.PageSizes{File: "sizes.txt"}
	now.Scenario.Politeness = &f
	if got, want := a.PinnedDifference(), "What differs, pinned → this run: page sizes log-normal (sigma 2, seed 3) → read from sizes.txt."; got != want {
		t.Errorf("page sizes from a file: got %q, want %q", got, want)
	}
}

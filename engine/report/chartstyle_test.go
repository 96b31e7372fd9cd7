package report

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// lookCatalogue is a catalogue of strategies for the looks' tests.
var lookCatalogue = []model.StrategyInfo{{ID: "random"}, {ID: "bfs"}, {ID: "opic"}, {ID: "optimal", Reference: true}, {ID: "fpr"}, {ID: "fpr-m"}}

// looksOf returns the look of each strategy of list, by label.
func looksOf(list ...model.StrategyResult) map[string]line {
	out := map[string]line{}
	for i, l := range strategyLooks(lookCatalogue, list)[0] {
		out[list[i].Label] = l
	}
	return out
}

// TestStrategyLooksFixedByID: a strategy's colour, dash and marker come
// from its id's place in the catalogue, whatever else is drawn and in
// whatever order; a copy with other parameters keeps the hue and differs
// by dash and marker; every id of the catalogue looks different.
func TestStrategyLooksFixedByID(t *testing.T) {
	alone := looksOf(model.StrategyResult{ID: "opic", Label: "opic"})["opic"]
	with := looksOf(
		model.StrategyResult{ID: "fpr", Label: "fpr"},
		model.StrategyResult{ID: "random", Label: "random"},
		model.StrategyResult{ID: "opic", Label: "opic"},
	)
	if w := with["opic"]; w.colour != alone.colour || w.dash != alone.dash || w.marker != alone.marker {
		t.Errorf("opic drawn %+v beside others, %+v alone", with["opic"], alone)
	}
	copies := looksOf(
		model.StrategyResult{ID: "fpr-m", Label: "fpr-m"},
		model.StrategyResult{ID: "fpr-m", Label: "fpr-m m=10", Params: model.Values{"m": 10}},
	)
	first, second := copies["fpr-m"], copies["fpr-m m=10"]
	if first.colour != second.colour || first.dash == second.dash || first.marker == second.marker {
		t.Errorf("copies of fpr-m drawn %+v and %+v: want one hue, other dashes and markers", first, second)
	}
	// Every registered strategy has its own dash and marker (apart in
	// greyscale), and the strategies of each preset, compared together,
	// differ in colour as far as the palette allows.
	cat := scenario.Catalogue()
	all := cat.Strategies
	seen := map[string]string{}
	colourOf := map[string]string{}
	for _, s := range all {
		if s.Reference {
			continue
		}
		l := strategyLooks(all, []model.StrategyResult{{ID: s.ID}})[0][0]
		colourOf[s.ID] = l.colour
		key := l.dash + " " + l.marker
		if other, dup := seen[key]; dup {
			t.Errorf("%s and %s both drawn %q in greyscale", other, s.ID, key)
		}
		seen[key] = s.ID
	}
	for preset, ids := range cat.Presets {
		count := map[string]int{}
		n := 0
		for _, id := range ids {
			if c, ok := colourOf[id]; ok {
				count[c]++
				n++
			}
		}
		most := (n + len(palette) - 1) / len(palette)
		for c, k := range count {
			if k > most {
				t.Errorf("preset %s: %d of its %d strategies drawn %s, want at most %d", preset, k, n, c, most)
			}
		}
	}
}

// TestMergedCurveKeepsTheFirstLook: identical curves drawn as one line
// keep the look of the first strategy listed.
func TestMergedCurveKeepsTheFirstLook(t *testing.T) {
	c := model.Curve{K: []int64{1, 2}, Value: []float64{0.5, 1}}
	r := &model.Result{Reachable: 2, Strategies: []model.StrategyResult{
		{ID: "opic", Label: "opic", Curve: c},
		{ID: "fpr", Label: "fpr", Curve: c},
	}}
	lines, _, err := chartLines(r, ChartOptions{X: XFraction, Catalogue: lookCatalogue})
	if err != nil {
		t.Fatal(err)
	}
	want := looksOf(r.Strategies...)["opic"]
	if len(lines) != 1 || lines[0].entry != "opic = fpr" || lines[0].colour != want.colour || lines[0].dash != want.dash || lines[0].marker != want.marker {
		t.Errorf("merged lines %+v; want one, opic = fpr, in opic's look %+v", lines, want)
	}
}

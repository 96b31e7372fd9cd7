package crawl

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// specStrategies are the strategies docs/algorithms.md section 3 lists, top to
// bottom.
var specStrategies = []string{"random", "bfs", "backlink", "batch-pagerank", "partial-pagerank", "opic",
	"larger-sites-first", "hist-pagerank-omniscient", "hist-pagerank-random", "hist-pagerank-zero",
	"hist-pagerank-parent", "omniscient", "optimal", "l-neighbor", "rankmass", "windowed-rankmass",
	"fpr", "fpr-m"}

// TestStrategiesOrder checks that Strategies lists the strategies of docs/algorithms.md
// section 3's list in its order, which their Rank fields give, and that no
// two strategies share a rank. (A strategy added later may go anywhere.)
func TestStrategiesOrder(t *testing.T) {
	want := specStrategies
	var got []string
	ranks := map[int]string{}
	for _, info := range Strategies() {
		if slices.Contains(want, info.ID) {
			got = append(got, info.ID)
		}
		if other, dup := ranks[info.Rank]; dup {
			t.Errorf("%s and %s share rank %d", other, info.ID, info.Rank)
		}
		ranks[info.Rank] = info.ID
	}
	if !slices.Equal(got, want) {
		t.Errorf("Strategies() = %v, want %v", got, want)
	}
}

// TestPresets checks the presets the strategies join: the scenario's
// default comparison (its doc comment says why these) and the comparisons
// of the papers (Baeza-Yates et al. 2005 section 4, Cho and Schonfeld 2007 section 5, Alam et al.
// section 4), each in the order it is shown.
func TestPresets(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{PresetDefault, []string{"optimal", "omniscient", "fpr", "fpr-m", "windowed-rankmass",
			"opic", "backlink", "larger-sites-first", "bfs", "random"}},
		{PresetCountry, []string{"optimal", "omniscient", "bfs", "backlink", "batch-pagerank", "partial-pagerank", "opic", "larger-sites-first", "random"}},
		{PresetRankMassCrawler, []string{"optimal", "l-neighbor", "rankmass", "windowed-rankmass", "bfs"}},
		{PresetFractionalPageRank, []string{"optimal", "fpr", "fpr-m", "opic", "bfs", "backlink"}},
		{"no-such-preset", nil},
	} {
		if got := Preset(tc.name); !slices.Equal(got, tc.want) {
			t.Errorf("Preset(%q) = %v, want %v", tc.name, got, tc.want)
		}
		positions := map[int]string{}
		for _, info := range Strategies() {
			pos, ok := info.Presets[tc.name]
			if !ok {
				continue
			}
			if other, dup := positions[pos]; dup {
				t.Errorf("preset %s: %s and %s share position %d", tc.name, other, info.ID, pos)
			}
			positions[pos] = info.ID
		}
	}
}

// TestNeedsHosts checks which strategies of docs/algorithms.md section 3 say they need
// hosts, and that every strategy that does says what happens without them:
// those of docs/algorithms.md also for a student, naming themselves once
// (model.NamePlaceholder), so that the page need not know them.
func TestNeedsHosts(t *testing.T) {
	var got []string
	for _, info := range Strategies() {
		if info.NeedsHosts && slices.Contains(specStrategies, info.ID) {
			got = append(got, info.ID)
			if strings.Count(info.NoHostsExplained, model.NamePlaceholder) != 1 || !strings.HasSuffix(info.NoHostsExplained, ".") {
				t.Errorf("%s: NoHostsExplained %q, want sentences naming it once with %s", info.ID, info.NoHostsExplained, model.NamePlaceholder)
			}
		}
		if info.NeedsHosts != (info.NoHostsWarning != "") {
			t.Errorf("%s: NeedsHosts %v with warning %q", info.ID, info.NeedsHosts, info.NoHostsWarning)
		}
		if info.NoHostsExplained != "" && !info.NeedsHosts {
			t.Errorf("%s needs no hosts but explains what it does without them", info.ID)
		}
	}
	if want := []string{"larger-sites-first", "fpr-m"}; !slices.Equal(got, want) {
		t.Errorf("strategies that need hosts: %v, want %v", got, want)
	}
}

// TestPapers checks that every paper a strategy cites has its citation,
// that Papers lists each once, by number, and that it lists the papers of
// docs/algorithms.md section 3's strategies.
func TestPapers(t *testing.T) {
	var numbers []string
	for _, p := range Papers() {
		numbers = append(numbers, p.Number)
		if p.Citation == "" {
			t.Errorf("paper %s is cited by a strategy but has no citation", p.Number)
		}
	}
	// bfs cites 004 and 001, the FPR family 000 (docs/algorithms.md, The papers).
	for _, want := range []string{"000", "001", "004"} {
		if !slices.Contains(numbers, want) {
			t.Errorf("Papers() numbers %v lack %s", numbers, want)
		}
	}
	if !slices.IsSorted(numbers) || len(slices.Compact(slices.Clone(numbers))) != len(numbers) {
		t.Errorf("Papers() numbers %v, want each once, in order", numbers)
	}
}

// TestImportanceRequired checks the error of the strategies that read the
// importance vector when it is missing.
func TestImportanceRequired(t *testing.T) {
	cfg := omniscientGraph(t)
	cfg.Importance = nil
	cfg.Previous = &Previous{Scores: []float64{math.NaN(), 0, 0, 0, 0}}
	for _, id := range []string{"omniscient", "optimal", "hist-pagerank-omniscient"} {
		_, err := newStrategyCrawl(t, cfg, id, nil).Run(t.Context(), nil)
		if err == nil || !strings.Contains(err.Error(), "importance") {
			t.Errorf("%s without importance: error %v, want one naming the importance vector", id, err)
		}
	}
}

// TestRegistryEntries checks the registry entries of the strategies from the
// papers 004 and 001 that are not in the RankMass family, and fpr-m's parameter.
func TestRegistryEntries(t *testing.T) {
	for _, tc := range []struct{ id, paper string }{
		{"random", "004"}, {"backlink", "004"}, {"opic", "004"}, {"larger-sites-first", "004"},
		{"hist-pagerank-omniscient", "004"}, {"hist-pagerank-random", "004"}, {"hist-pagerank-zero", "004"},
		{"hist-pagerank-parent", "004"}, {"omniscient", "004"}, {"optimal", "001"}, {"fpr-m", "000"},
	} {
		info, ok := Lookup(tc.id)
		if !ok {
			t.Errorf("%s is not registered", tc.id)
			continue
		}
		if info.Paper != tc.paper || info.Section == "" || info.Doc == "" || info.Name == "" || info.Guaranteed {
			t.Errorf("%s: paper %q section %q name %q guaranteed %v", tc.id, info.Paper, info.Section, info.Name, info.Guaranteed)
		}
	}
	_, vals, err := Resolve("fpr-m", nil)
	if err != nil || vals["m"] != 100 {
		t.Errorf("fpr-m default m = %v (%v), want 100", vals["m"], err)
	}
	if _, _, err := Resolve("fpr-m", Values{"m": 0}); err == nil {
		t.Errorf("fpr-m accepts m = 0")
	}
}

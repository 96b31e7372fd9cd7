package report

import (
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// The comparison table's notes, shared by Table (which prints them under
// the table) and the page (whose glossary defines each column with them).
const (
	// NoteAvgCumulative defines the column "avg cum.".
	NoteAvgCumulative = "average cumulative importance"
	// NoteNormalised defines the column "norm.".
	NoteNormalised = "the same with the curve scaled to end at 1 (C(k)/C(N))"
	// NoteToLevel defines the columns "to X%".
	NoteToLevel = "downloads until the importance downloaded reaches X"
	// NoteActualGuaranteed says how a "to X%" cell reads.
	NoteActualGuaranteed = "actual/guaranteed for a strategy that gives a guarantee, else actual"
	// NoteNone defines the mark "—" (None): a level never reached, by
	// the crawl or by its guarantee.
	NoteNone = "never reached"
)

// None is the mark of a figure that does not exist: a level never
// reached, or a strategy without a guaranteed curve.
const None = none

// CostCounter is one counter of the cost column: its abbreviation and
// what it counts.
type CostCounter struct {
	Abbrev, Meaning string
}

// CostCounters are the counters of the cost column, in the order Table's
// note gives them.
var CostCounters = []CostCounter{
	{"upd", "priority updates"},
	{"recomp", "PageRank recomputations (it: their iterations)"},
	{"virt", "virtual re-expansions"},
	{"iter", "windows or levels"},
}

// NoteNotApplicable defines the mark "n/a" in a run scored by the named
// importance (the second line is Table's continuation).
func NoteNotApplicable(importance string) (first, second string) {
	return "the guarantees bound personalized PageRank (Cho and Schonfeld 2007, section 4), not the " + importance + " scoring this run;",
		"the JSON and CSV keep their values, and a personalized importance compares them"
}

// costNote is the table's note on the cost column.
func costNote() string {
	parts := make([]string, len(CostCounters))
	for i, c := range CostCounters {
		parts[i] = c.Abbrev + " " + c.Meaning
	}
	return "cost: " + strings.Join(parts, ", ")
}

// ImportanceName names the importance scoring r's curves, as Table's notes
// and the chart's axis do ("PageRank", "personalized PageRank", ...).
func ImportanceName(r *model.Result) string { return importanceName(r) }

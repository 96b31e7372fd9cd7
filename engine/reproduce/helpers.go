package reproduce

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// crawlScenario is a comparison on in's graph with the given seeds,
// importance and strategies.
func crawlScenario(in Input, seeds, importance string, strategies ...scenario.Strategy) *scenario.Scenario {
	return &scenario.Scenario{
		Version:    scenario.Version,
		Graph:      in.Graph,
		Importance: importance,
		Seeds:      seeds,
		Strategies: strategies,
		RandomSeed: in.RandomSeed,
	}
}

// strategy is a strategy of a comparison, labelled, with parameters.
func strategy(id, label string, params crawl.Values) scenario.Strategy {
	return scenario.Strategy{ID: id, Label: label, Params: params}
}

// byLabel returns the result of the strategy labelled label, nil when
// there is none.
func byLabel(r *scenario.Result, label string) *scenario.StrategyResult {
	for i := range r.Strategies {
		if r.Strategies[i].Label == label {
			return &r.Strategies[i]
		}
	}
	return nil
}

// normalizedAvg is the normalised average cumulative importance of docs/algorithms.md
// section 4, (1/N) Σ C(k)/C(N) (crawl.Summary.NormalisedAvgCumulative),
// what Baeza-Yates et al. 2005's Table 2 reports.
func normalizedAvg(s crawl.Summary) float64 {
	return s.NormalisedAvgCumulative
}

// downloadsTo returns the downloads to reach level, actually and by the
// guarantee (-1: never, or no guarantee), and whether the level is one of
// the summary's.
func downloadsTo(s crawl.Summary, level float64) (actual, guaranteed int64, ok bool) {
	for _, t := range s.DownloadsTo {
		if t.Level == level {
			return t.Actual, t.Guaranteed, true
		}
	}
	return -1, -1, false
}

// f2 and f4 write a value with 2 or 4 decimals.
func f2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
func f4(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }

// relGap is the gap between a and b relative to b (to 1e-12 when b is 0).
func relGap(a, b float64) float64 { return math.Abs(a-b) / max(math.Abs(b), 1e-12) }

// near says whether a lies within bound of b, relative to b (relGap): the
// closeness nearText prints, judged the same way (a NaN is never near).
func near(a, b, bound float64) bool { return relGap(a, b) <= bound }

// nearText writes a closeness a verdict judges against a relative bound
// of crawlsim's (the paper gives no figure): "0.9565 vs 0.9410: 1.6%
// apart, beyond crawlsim's bound of 1%".
func nearText(a, b, bound float64) string {
	gap := relGap(a, b)
	side := "within"
	if !near(a, b, bound) {
		side = "beyond"
	}
	// One decimal, or the more it takes to tell the gap from the bound:
	// "1.0% apart, beyond crawlsim's bound of 1%" read as a contradiction.
	pct := fixedFrom(1, 0, 100*gap, 100*bound)
	return fmt.Sprintf("%s vs %s: %s%% apart, %s crawlsim's bound of %s%%", f4(a), f4(b), pct(100*gap), side, strconv.FormatFloat(100*bound, 'f', -1, 64))
}

// fixedFor returns a formatter of the values with at least four decimals
// and as many more (up to 12) as it takes for every two values that
// differ by more than tol to print differently, so that a verdict that
// tells them apart is not printed beside equal numbers.
func fixedFor(tol float64, values ...float64) func(float64) string {
	return fixedFrom(4, tol, values...)
}

// fixedFrom is fixedFor with at least least decimals (Table 2's two).
func fixedFrom(least int, tol float64, values ...float64) func(float64) string {
	d := least
	for ; d < 12; d++ {
		ok := true
		for i := range values {
			for j := i + 1; j < len(values) && ok; j++ {
				a, b := values[i], values[j]
				if math.Abs(a-b) > tol && printedAs(a, d) == printedAs(b, d) {
					ok = false
				}
			}
		}
		if ok {
			break
		}
	}
	return func(x float64) string { return strconv.FormatFloat(x, 'f', d, 64) }
}

// printedAs is x as it reads with d decimals (-0 and 0 alike).
func printedAs(x float64, d int) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', d, 64), 64)
	return v
}

// shortest formats x with the fewest digits that read back as x.
func shortest(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// joinFloats lists v as "a, b, c", each number formatted by format.
func joinFloats(v []float64, format func(float64) string) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = format(x)
	}
	return strings.Join(s, ", ")
}

// count writes a number of downloads; -1 is "never".
func count(n int64) string {
	if n < 0 {
		return "never"
	}
	return model.Count(n)
}

// curveChart draws r's curves with opt (report.SVG) at opt's width: a
// narrow chart (a phone's) takes its legend below the plot, and
// report.SVG draws every width Input.ChartWidth allows. The strategies
// are listed in the one order of every listing and drawn in the looks of
// their ids (model.OrderStrategies, ChartOptions.Catalogue), as the
// command line and the page draw them.
func curveChart(name, title string, r *scenario.Result, opt report.ChartOptions) (Chart, error) {
	var b bytes.Buffer
	opt.Title = title
	opt.Catalogue = scenario.Catalogue().Strategies
	ordered := *r
	ordered.Strategies = slices.Clone(r.Strategies)
	model.OrderStrategies(ordered.Strategies, opt.Catalogue)
	r = &ordered
	if err := report.SVG(&b, r, opt); err != nil {
		return Chart{}, err
	}
	return Chart{Name: name, Title: title, SVG: b.Bytes()}, nil
}

// only returns a copy of r with only the strategies labelled keep, in
// keep's order (labels not in r are skipped): a chart of some of the
// curves.
func only(r *scenario.Result, keep ...string) *scenario.Result {
	out := *r
	out.Strategies = nil
	for _, k := range keep {
		if s := byLabel(r, k); s != nil {
			out.Strategies = append(out.Strategies, *s)
		}
	}
	return &out
}

package report

import (
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// The headers of ReadableRows: each says what its figures count, and the
// range of a score.
const (
	// ColStrategy heads the strategies' labels.
	ColStrategy = "strategy"
	// ColDownloads heads the pages each crawl downloaded.
	ColDownloads = "pages downloaded"
	// ColAvgCumulative heads the average cumulative importance.
	ColAvgCumulative = "avg. importance (0–1)"
	// ColNormalised heads the normalised average cumulative importance.
	ColNormalised = "normalised (0–1)"
	// ColTau heads Kendall's tau-b.
	ColTau = "tau (−1 to 1)"
	// ColToLevel, then a level ("50%"), heads the downloads a crawl took
	// to reach that share of the importance.
	ColToLevel = "pages to "
	// ColGuaranteed, then a level, heads the downloads after which the
	// strategy's guarantee promised that share.
	ColGuaranteed = "guaranteed pages to "
	// ColCost heads the cost counters, written in words.
	ColCost = "work choosing pages"
	// ColScheduling heads the scheduling time.
	ColScheduling = "time choosing pages"
)

// The words ReadableRows writes where Rows writes a mark.
const (
	// WordNever is a level the crawl, or its guarantee, never reached.
	WordNever = "never"
	// WordNoGuarantee is the guarantee of a strategy that has none.
	WordNoGuarantee = "none"
	// WordUndefined is a tau-b that is not defined (every sampled page
	// equally important, or fewer than two sampled).
	WordUndefined = "undefined"
)

// ReadableRows returns the comparison table of r as the page shows it, for
// a reader new to it: the figures of Rows, each in a cell of its own, under
// headers that say what each counts (ColStrategy and the other Col*
// constants), with words where Rows writes marks (WordNever,
// WordNoGuarantee, WordUndefined) and the cost counters in words.
// Downloads to a level and the guarantee's downloads to it are separate
// columns; the guarantee's are there only when they bound the importance
// scoring r (personalized PageRank computed for the run, Cho and
// Schonfeld 2007, section 4) and some strategy has one: where Rows writes
// "n/a" they are left out, and the run's warnings say why.
func ReadableRows(r *model.Result) (head []string, rows [][]string) {
	bounded := importanceKind(r) == model.ImportancePersonalized && r.Importance.File == ""
	guarantees := false
	for _, s := range r.Strategies {
		guarantees = guarantees || (bounded && hasGuarantee(s))
	}
	head = []string{ColStrategy, ColDownloads, ColAvgCumulative, ColNormalised, ColTau}
	for _, level := range model.Thresholds {
		head = append(head, ColToLevel+percent(level))
	}
	if guarantees {
		for _, level := range model.Thresholds {
			head = append(head, ColGuaranteed+percent(level))
		}
	}
	head = append(head, ColCost, ColScheduling)
	for _, s := range r.Strategies {
		sum := s.Summary
		tau := tauString(sum)
		if tau == none {
			tau = WordUndefined
		}
		row := []string{
			s.Label,
			model.Count(sum.Downloads),
			strconv.FormatFloat(sum.AvgCumulative, 'f', 4, 64),
			strconv.FormatFloat(sum.NormalisedAvgCumulative, 'f', 4, 64),
			tau,
		}
		for _, level := range model.Thresholds {
			row = append(row, readableCount(threshold(sum.DownloadsTo, level).Actual))
		}
		if guarantees {
			for _, level := range model.Thresholds {
				if !hasGuarantee(s) {
					row = append(row, WordNoGuarantee)
					continue
				}
				row = append(row, readableCount(threshold(sum.DownloadsTo, level).Guaranteed))
			}
		}
		row = append(row, costWords(s.Cost), schedulingTime(s.Cost.SchedulingSeconds))
		rows = append(rows, row)
	}
	return head, rows
}

// hasGuarantee reports whether s has a guaranteed curve: Rows writes its
// guaranteed half, ReadableRows its guaranteed columns.
func hasGuarantee(s model.StrategyResult) bool {
	if s.Guarantee != nil {
		return true
	}
	for _, t := range s.Summary.DownloadsTo {
		if t.Guaranteed >= 0 {
			return true
		}
	}
	return false
}

// threshold is the entry of ts for level, or one never reached.
func threshold(ts []model.Threshold, level float64) model.Threshold {
	for _, t := range ts {
		if t.Level == level {
			return t
		}
	}
	return model.Threshold{Level: level, Actual: -1, Guaranteed: -1}
}

// readableCount writes a count of downloads, WordNever when negative.
func readableCount(k int64) string {
	if k < 0 {
		return WordNever
	}
	return model.Count(k)
}

// costWords writes the cost counters that are not zero, in words, with
// the counts costString writes: "12.3k priority updates, 3 PageRank
// recomputations (150 iterations)".
func costWords(c model.Cost) string {
	parts := []string{compactCount(c.PriorityUpdates) + " " + plural(c.PriorityUpdates, "priority update", "priority updates")}
	if c.Recomputations > 0 {
		parts = append(parts, compactCount(c.Recomputations)+" "+plural(c.Recomputations, "PageRank recomputation", "PageRank recomputations")+
			" ("+compactCount(c.PageRankIterations)+" "+plural(c.PageRankIterations, "iteration", "iterations")+")")
	}
	if c.VirtualReexpansions > 0 {
		parts = append(parts, compactCount(c.VirtualReexpansions)+" "+plural(c.VirtualReexpansions, "virtual re-expansion", "virtual re-expansions"))
	}
	if c.Iterations > 0 {
		parts = append(parts, compactCount(c.Iterations)+" "+plural(c.Iterations, "window or level", "windows or levels"))
	}
	return strings.Join(parts, ", ")
}

// plural is one when n is 1, else many.
func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

package report

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// figures are the numbers of a cell, in order ("12.3k", "3", "150").
var figures = regexp.MustCompile(`[0-9][0-9.,]*[kMG]?`)

// TestReadableRowsAgreeWithRows: the page's table (ReadableRows) has the
// command line's figures (Rows), cell by cell, for the sample result
// scored by PageRank (rankmass's guarantee n/a), by personalized PageRank
// (its guarantee shown) and with politeness: the same labels, counts,
// averages, tau and costs; "actual/guaranteed" split into two columns,
// "—" written never, none or undefined; and no cell reads "n/a" or holds
// a slash.
func TestReadableRowsAgreeWithRows(t *testing.T) {
	personalized := sampleResult()
	personalized.Importance.Kind = scenario.ImportancePersonalized
	for _, c := range []struct {
		name       string
		r          *model.Result
		guarantees bool
	}{{"pagerank", sampleResult(), false}, {"personalized", personalized, true}, {"timed", timedResult(), false}} {
		head, rows, _ := Rows(c.r)
		rhead, rrows := ReadableRows(c.r)
		levels := len(model.Thresholds)
		wantCols := len(head) + levels*boolInt(c.guarantees)
		if len(rhead) != wantCols || len(rrows) != len(rows) {
			t.Fatalf("%s: %d columns and %d rows, want %d and %d: %q", c.name, len(rhead), len(rrows), wantCols, len(rows), rhead)
		}
		if rhead[5] != "pages to 50%" || (c.guarantees && rhead[5+levels] != "guaranteed pages to 50%") {
			t.Errorf("%s: head %q", c.name, rhead)
		}
		for i, row := range rows {
			got := rrows[i]
			if len(got) != len(rhead) {
				t.Fatalf("%s: row %q has %d cells for %d columns", c.name, got, len(got), len(rhead))
			}
			for j := range 4 {
				if got[j] != row[j] {
					t.Errorf("%s %s: column %q reads %q, the command line's %q", c.name, row[0], rhead[j], got[j], row[j])
				}
			}
			if tau := row[4]; got[4] != tau && !(tau == None && got[4] == WordUndefined) {
				t.Errorf("%s %s: tau %q, the command line's %q", c.name, row[0], got[4], tau)
			}
			for k := range levels {
				actual, guaranteed, slash := strings.Cut(row[5+k], "/")
				if a := got[5+k]; a != actual && !(actual == None && a == WordNever) {
					t.Errorf("%s %s: %s reads %q, the command line's %q", c.name, row[0], rhead[5+k], a, row[5+k])
				}
				if !c.guarantees {
					continue
				}
				// the command line gives a guaranteed half only to a
				// strategy with a guarantee
				g := got[5+levels+k]
				if !slash && g != WordNoGuarantee || slash && g != guaranteed && !(guaranteed == None && g == WordNever) {
					t.Errorf("%s %s: %s reads %q, the command line's %q", c.name, row[0], rhead[5+levels+k], g, row[5+k])
				}
			}
			cost, rcost := row[len(row)-2], got[len(got)-2]
			if !slices.Equal(figures.FindAllString(cost, -1), figures.FindAllString(rcost, -1)) {
				t.Errorf("%s %s: cost %q, the command line's %q", c.name, row[0], rcost, cost)
			}
			if got[len(got)-1] != row[len(row)-1] {
				t.Errorf("%s %s: scheduling %q, the command line's %q", c.name, row[0], got[len(got)-1], row[len(row)-1])
			}
			for j, cell := range got[1:] {
				if strings.Contains(cell, "n/a") || strings.Contains(cell, "/") {
					t.Errorf("%s %s: column %q reads %q", c.name, row[0], rhead[j+1], cell)
				}
			}
		}
	}
}

// TestReadableRowsWords: a strategy without a guarantee reads none beside
// one with it, the cost counters are named in words, singular for one.
func TestReadableRowsWords(t *testing.T) {
	r := sampleResult()
	r.Importance.Kind = scenario.ImportancePersonalized
	head, rows := ReadableRows(r)
	row := func(label string) []string {
		for _, row := range rows {
			if row[0] == label {
				return row
			}
		}
		t.Fatalf("no row %q in %q", label, rows)
		return nil
	}
	levels := len(model.Thresholds)
	if got := row("bfs")[5+levels]; got != WordNoGuarantee {
		t.Errorf("bfs's guarantee to 50%% reads %q, want %q", got, WordNoGuarantee)
	}
	if got := row("rankmass")[5+levels]; got != "5" {
		t.Errorf("rankmass's guarantee to 50%% reads %q, want 5 (head %q)", got, head)
	}
	if got := row("batch-pagerank k=5")[len(head)-2]; got != "25 priority updates, 3 PageRank recomputations (150 iterations)" {
		t.Errorf("batch-pagerank's cost reads %q", got)
	}
	if got := costWords(model.Cost{PriorityUpdates: 1, Iterations: 1}); got != "1 priority update, 1 window or level" {
		t.Errorf("one of each reads %q", got)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

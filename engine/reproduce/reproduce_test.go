package reproduce

import (
	"context"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
)

// reproduceOn plans paper p on in, runs it and assesses it.
func reproduceOn(t *testing.T, p *Paper, in Input, env scenario.Env) *Report {
	t.Helper()
	runs, notes := p.Plan(in)
	rep, err := p.Assess(in, runs, notes, runPlannedOn(t, runs, env))
	if err != nil {
		t.Fatalf("paper %s: %v", p.ID, err)
	}
	return rep
}

// runPlanned runs the runs of a plan and returns their results.
func runPlanned(t *testing.T, runs []Run) Results {
	t.Helper()
	return runPlannedOn(t, runs, scenario.Env{})
}

func runPlannedOn(t *testing.T, runs []Run, env scenario.Env) Results {
	t.Helper()
	rp := NewReproduction(runs, env)
	if err := step.Run(context.Background(), rp, scenario.RunBudget, nil); err != nil {
		t.Fatalf("%v", err)
	}
	return rp.Results()
}

// smallWeb is a generated web small enough for every paper to run in a
// second or two.
func smallWeb() Input { return GeneratedInput(3000, 1) }

func TestEveryPaperOnASmallWeb(t *testing.T) {
	for _, p := range Papers() {
		t.Run(p.ID, func(t *testing.T) {
			rep := reproduceOn(t, p, smallWeb(), scenario.Env{})
			var b strings.Builder
			if err := WriteText(&b, rep); err != nil {
				t.Fatal(err)
			}
			t.Log("\n" + b.String())
			if len(rep.Tables) == 0 || len(rep.Findings) == 0 || len(rep.Charts) == 0 {
				t.Fatalf("paper %s: %d tables, %d findings, %d charts; want some of each", p.ID, len(rep.Tables), len(rep.Findings), len(rep.Charts))
			}
			for _, tb := range rep.Tables {
				for _, row := range tb.Rows {
					if len(row) != len(tb.Head) {
						t.Errorf("table %q: row %q has %d cells, head %d", tb.Title, row, len(row), len(tb.Head))
					}
				}
			}
			for _, f := range rep.Findings {
				switch f.Verdict {
				case SameValue, SameOrder, SameTrend, Differs, NotRun:
				default:
					t.Errorf("finding %q: verdict %q", f.Claim, f.Verdict)
				}
				// A difference names the case that fails, and what is
				// not run says what is missing (docs/algorithms.md
				// section 8).
				if (f.Verdict == Differs || f.Verdict == NotRun) && f.Reason == "" {
					t.Errorf("finding %q: %q (%s) without a reason", f.Claim, f.Verdict, f.Ours)
				}
			}
			for _, c := range rep.Charts {
				if !strings.HasPrefix(string(c.SVG), "<svg") || !strings.HasPrefix(c.Name, p.ID+"-") {
					t.Errorf("chart %s: not an SVG named after the paper", c.Name)
				}
				if !strings.HasPrefix(c.Title, p.Short+", ") || strings.Count(c.Title, p.Short) != 1 {
					t.Errorf("chart %s: title %q does not begin by citing the paper once (%s)", c.Name, c.Title, p.Short)
				}
			}
			checkCitesPapers(t, "paper "+p.ID, append(reportTexts(rep), b.String())...)
		})
	}
}

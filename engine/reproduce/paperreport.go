package reproduce

import (
	"path/filepath"

	"github.com/crawlsim/crawlsim/engine/model"
)

// PaperReportOptions say what PaperReportOf carries besides the paper,
// its notes, tables and findings.
type PaperReportOptions struct {
	// Runs lists the report's runs (`crawlsim reproduce -json`).
	Runs bool
	// ScenarioDir, when not "", is the folder the runs' scenario files
	// were written to (reproduce -o DIR): each run names its file there,
	// DIR/NAME.json.
	ScenarioDir string
	// Charts carries the charts' SVG as text (the page).
	Charts bool
}

// PaperReportOf is rep as data (model.PaperReport), for the command
// line's JSON and the page: its tables and findings as they are, with
// the runs and the charts opts asks for. Tables and findings are never
// nil, so that JSON says [] for none; so are the runs when asked for.
func PaperReportOf(rep *Report, opts PaperReportOptions) model.PaperReport {
	p := rep.Paper
	out := model.PaperReport{ID: p.ID, Name: p.Name, Citation: p.Citation, Reproduces: p.Reproduces, Notes: rep.Notes,
		Tables: []model.PaperTable{}, Findings: []model.PaperFinding{}}
	if opts.Runs {
		out.Runs = []model.PaperRun{}
		for _, r := range rep.Runs {
			run := model.PaperRun{Name: r.Name, Title: r.Title, Command: "run"}
			if r.Refresh != nil {
				run.Command = "refresh"
			}
			if opts.ScenarioDir != "" {
				run.Scenario = filepath.Join(opts.ScenarioDir, r.Name+".json")
			}
			out.Runs = append(out.Runs, run)
		}
	}
	for _, t := range rep.Tables {
		out.Tables = append(out.Tables, model.PaperTable{Title: t.Title, Source: t.Source, Head: t.Head, Rows: t.Rows})
	}
	for _, f := range rep.Findings {
		out.Findings = append(out.Findings, model.PaperFinding{Figure: f.Figure, Claim: f.Claim, Published: f.Published,
			Ours: f.Ours, Verdict: string(f.Verdict), Reason: f.Reason})
	}
	if opts.Charts {
		for _, c := range rep.Charts {
			out.Charts = append(out.Charts, model.PaperChart{Name: c.Name, Title: c.Title, SVG: string(c.SVG)})
		}
	}
	return out
}

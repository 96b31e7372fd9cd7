package main

import (
	"io"
	"path/filepath"

	"github.com/crawlsim/crawlsim/engine/reproduce"
)

// reproductionJSON is what reproduce -json prints: the graph and, per
// paper, its notes, tables and findings with their verdicts, as the
// terminal shows them.
type reproductionJSON struct {
	Version     string      `json:"crawlsim"`
	Graph       string      `json:"graph"`
	Fingerprint string      `json:"fingerprint"`
	Seconds     float64     `json:"seconds"`
	Papers      []paperJSON `json:"papers"`
}

// paperJSON is one paper's reproduction.
type paperJSON struct {
	ID         string        `json:"id"`
	Name       string        `json:"name"`
	Citation   string        `json:"citation"`
	Reproduces string        `json:"reproduces"`
	Notes      []string      `json:"notes,omitempty"`
	Runs       []runJSON     `json:"runs"`
	Tables     []tableJSON   `json:"tables"`
	Findings   []findingJSON `json:"findings"`
}

// runJSON is one scenario a paper's reproduction ran; Scenario is the
// file -o DIR wrote it to ("" without -o).
type runJSON struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	Command  string `json:"command"`
	Scenario string `json:"scenario,omitempty"`
}

// tableJSON is a table of the paper's figures beside crawlsim's, its
// cells as the terminal writes them.
type tableJSON struct {
	Title  string     `json:"title"`
	Source string     `json:"source"`
	Head   []string   `json:"head"`
	Rows   [][]string `json:"rows"`
}

// findingJSON is a published figure or claim beside crawlsim's, with its
// verdict ("same value", "same order", "same trend", "differs" or "not
// run") and the known reason of a difference.
type findingJSON struct {
	Figure    string `json:"figure"`
	Claim     string `json:"claim"`
	Published string `json:"published"`
	Ours      string `json:"crawlsim"`
	Verdict   string `json:"verdict"`
	Reason    string `json:"reason,omitempty"`
}

// writeReproductionJSON prints reps as JSON on w; dir is -o DIR, or "".
func writeReproductionJSON(w io.Writer, reps []*reproduce.Report, meta reproduce.Meta, dir string) error {
	out := reproductionJSON{Version: meta.Version, Graph: meta.Graph, Fingerprint: meta.Checksum, Seconds: meta.Seconds, Papers: []paperJSON{}}
	for _, rep := range reps {
		p := paperJSON{ID: rep.Paper.ID, Name: rep.Paper.Name, Citation: rep.Paper.Citation, Reproduces: rep.Paper.Reproduces, Notes: rep.Notes,
			Runs: []runJSON{}, Tables: []tableJSON{}, Findings: []findingJSON{}}
		for _, r := range rep.Runs {
			rj := runJSON{Name: r.Name, Title: r.Title, Command: "run"}
			if r.Refresh != nil {
				rj.Command = "refresh"
			}
			if dir != "" {
				rj.Scenario = filepath.Join(dir, r.Name+".json")
			}
			p.Runs = append(p.Runs, rj)
		}
		for _, t := range rep.Tables {
			p.Tables = append(p.Tables, tableJSON{Title: t.Title, Source: t.Source, Head: t.Head, Rows: t.Rows})
		}
		for _, f := range rep.Findings {
			p.Findings = append(p.Findings, findingJSON{Figure: f.Figure, Claim: f.Claim, Published: f.Published, Ours: f.Ours, Verdict: string(f.Verdict), Reason: f.Reason})
		}
		out.Papers = append(out.Papers, p)
	}
	return writeJSON(w, out)
}

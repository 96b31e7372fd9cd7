package main

import (
	"io"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/reproduce"
)

// reproductionJSON is what reproduce -json prints: the graph and, per
// paper, its notes, runs, tables and findings with their verdicts, as the
// terminal shows them (model.PaperReport, without charts).
type reproductionJSON struct {
	Version     string              `json:"crawlsim"`
	Graph       string              `json:"graph"`
	Fingerprint string              `json:"fingerprint"`
	Seconds     float64             `json:"seconds"`
	Papers      []model.PaperReport `json:"papers"`
}

// writeReproductionJSON prints reps as JSON on w; dir is -o DIR, or "".
func writeReproductionJSON(w io.Writer, reps []*reproduce.Report, meta reproduce.Meta, dir string) error {
	out := reproductionJSON{Version: meta.Version, Graph: meta.Graph, Fingerprint: meta.Checksum, Seconds: meta.Seconds, Papers: []model.PaperReport{}}
	for _, rep := range reps {
		out.Papers = append(out.Papers, reproduce.PaperReportOf(rep, reproduce.PaperReportOptions{Runs: true, ScenarioDir: dir}))
	}
	return writeJSON(w, out)
}

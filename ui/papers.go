package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// Papers is the state of the Papers panel: the papers' experiments
// (`crawlsim reproduce`) run in the worker on the form's graph, and the
// reports that came back as text tables and SVG charts.
type Papers struct {
	// panelRequest is the reproduction in flight and the panel's error.
	panelRequest
	// Paper is the paper chosen: a number of protocol.Papers, or "all".
	Paper string
	// Result is the last reproduction.
	Result *protocol.Reproduction
	// Announce is what the panel's live region says when a reproduction
	// starts and ends.
	Announce string
}

// newPapers returns the panel's state with paper 004, the quickest
// paper with a chart of the comparison, chosen.
func newPapers(q *workerqueue.Requests) Papers {
	return Papers{panelRequest: panelRequest{q: q}, Paper: "004"}
}

// Choose chooses the paper to reproduce.
func (p *Papers) Choose(paper string) { p.Paper = paper }

// Run runs the chosen paper's experiments in the worker on the graph of
// form f (the generated graph's parameters or the uploaded file) with its
// random seed; the papers set their own strategies, seeds, importance
// and politeness.
func (p *Papers) Run(f Form) {
	p.Error = ""
	s, err := f.Setting()
	if err != nil {
		p.Error = err.Error()
		return
	}
	if s.RandomSeed == 0 {
		// The worker would run seed 1 (protocol.Reproduce); crawlsim
		// reproduce refuses -random-seed 0 in the same words.
		p.Error = "random seed 0: want a positive seed"
		return
	}
	req := p.q.Request(protocol.KindReproduce)
	req.Reproduce = &protocol.Reproduce{Paper: p.Paper, Graph: s.Graph, RandomSeed: s.RandomSeed,
		ChartWidth: panelChartWidth(papersBoxID, 0)}
	started := p.start(req, &workerqueue.Pending{
		Done: p.done,
		Failed: func(msg string) {
			p.Error = msg
			p.Announce = "The reproduction failed."
		},
		Cancelled: func() { p.Announce = "Reproduction cancelled." },
	})
	if started {
		p.Announce = "Reproducing " + p.chosenName() + "…"
	}
}

// done takes the reports.
func (p *Papers) done(r protocol.Response) {
	var rep protocol.Reproduction
	if err := json.Unmarshal(r.Result, &rep); err != nil {
		p.Error = "the worker's reproduction: " + err.Error()
		return
	}
	p.Result = &rep
	p.Announce = "Done: " + verdictCounts(rep) + " The tables and charts are below."
}

// chosenName names the chosen paper in words.
func (p *Papers) chosenName() string {
	if p.Paper == "all" {
		return "every paper"
	}
	for _, n := range protocol.Papers {
		if n.ID == p.Paper {
			return paperTitle(n.ID, "paper "+n.ID+" ("+n.Name+")")
		}
	}
	return "paper " + p.Paper
}

// verdictCounts says how many findings of rep got each verdict, in the
// order of their first appearance.
func verdictCounts(rep protocol.Reproduction) string {
	counts := map[string]int{}
	var order []string
	total := 0
	for _, r := range rep.Reports {
		for _, f := range r.Findings {
			if counts[f.Verdict] == 0 {
				order = append(order, f.Verdict)
			}
			counts[f.Verdict]++
			total++
		}
	}
	parts := make([]string, len(order))
	for i, v := range order {
		parts[i] = fmt.Sprintf("%d %s", counts[v], v)
	}
	return fmt.Sprintf("%s reproduced, %s (%s).", model.Counted(int64(len(rep.Reports)), "paper", "papers"), model.Counted(int64(total), "finding", "findings"), strings.Join(parts, ", "))
}

// verdictClass is the CSS class of a verdict's cell ("verdict
// same-order").
func verdictClass(v string) string {
	return "verdict " + strings.ReplaceAll(v, " ", "-")
}

package session

import (
	"errors"
	"fmt"

	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/reproduce"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// startReproduce makes a reproduction of the papers' experiments the
// current request: the papers' runs, planned on the request's graph as
// `crawlsim reproduce` plans them, run one after the other in slices
// (reproduce.Reproduction), then assessed into text tables and SVG charts.
func (s *Session) startReproduce(id int64, rq protocol.Reproduce, budget int64) error {
	papers, err := reproduce.Find(rq.Paper)
	if err != nil {
		return err
	}
	if rq.RandomSeed == 0 {
		rq.RandomSeed = model.DefaultRandomSeed
	}
	in, desc, fileBytes, err := s.reproduceInput(rq, budget)
	if err != nil {
		return err
	}
	plans := reproduce.PlanPapers(papers, in)
	rp := reproduce.NewReproduction(plans.Runs, s.env(budget, fileBytes))
	sizeErr := func(err error) error { return s.tooLarge(err, budget, fileBytes, "crawlsim reproduce") }
	s.task = s.newTask(id, sizeErrors{rp, sizeErr}, resultOf(id, func() (protocol.Reproduction, error) {
		out := protocol.Reproduction{Graph: desc, Reports: []protocol.PaperReport{}}
		reps, err := plans.Assess(rp.Results())
		if err != nil {
			return out, err
		}
		for _, rep := range reps {
			out.Reports = append(out.Reports, reproduce.PaperReportOf(rep, reproduce.PaperReportOptions{Charts: true}))
		}
		return out, nil
	}, func(r protocol.Reproduction) ([]byte, error) { return protocol.Encode(r) }))
	return nil
}

// reproduceInput describes the request's graph for the papers' plans, as
// the command line does: a generated graph by its parameters (it has
// hosts, and its evolution is the previous snapshot of paper 004), an
// uploaded one read once for its hosts and size. It checks the graph
// against the memory budget and returns the bytes held beside the runs:
// the uploaded files they read and the graph the session keeps.
func (s *Session) reproduceInput(rq protocol.Reproduce, budget int64) (reproduce.Input, string, int64, error) {
	sc, err := scenario.Normalize(scenario.Scenario{Graph: rq.Graph})
	if err != nil {
		return reproduce.Input{}, "", 0, err
	}
	src := sc.Graph
	if g := src.Generate; g != nil {
		p, need := generatedRunBytes(*g)
		if need > budget {
			return reproduce.Input{}, "", 0, fmt.Errorf("the papers' runs on a generated graph of %s pages need about %s, above this page's memory budget of %s; use the command line (crawlsim reproduce) for graphs this large",
				model.Count(p.Pages), bytesText(need), bytesText(budget))
		}
		if err := s.fitsBesideUpload("the papers' runs on a generated graph of "+model.Count(p.Pages)+" pages", "crawlsim reproduce", need, budget); err != nil {
			return reproduce.Input{}, "", 0, err
		}
		in := reproduce.Input{Graph: src, Hosts: true, Pages: int64(p.Pages), RandomSeed: rq.RandomSeed, ChartWidth: rq.ChartWidth}
		return in, describeGenerate(*g), s.heldBytes(), nil
	}
	if src.File == "" {
		return reproduce.Input{}, "", 0, errors.New("graph: give a file loaded before, or the generator's parameters")
	}
	if _, err := s.uploadedBytes(src.File, src.URLs); err != nil {
		return reproduce.Input{}, "", 0, err
	}
	// The runs read the files again, beside all that the session keeps:
	// every file of the upload and the graph read from them.
	fileBytes := s.heldBytes()
	format, err := graphio.ParseFormat(src.Format)
	if err != nil {
		return reproduce.Input{}, "", 0, err
	}
	opts := loadLimits(budget, fileBytes)
	opts.Format, opts.URLs = format, src.URLs
	g, _, err := graphio.Load(s.files, src.File, opts)
	if err != nil {
		return reproduce.Input{}, "", 0, s.tooLarge(err, budget, fileBytes, "crawlsim reproduce")
	}
	hosts := "no hosts"
	if g.HasHosts() {
		hosts = model.Count(g.NumHosts()) + " hosts"
	}
	in := reproduce.Input{Graph: src, Hosts: g.HasHosts(), Pages: int64(g.NumNodes()), RandomSeed: rq.RandomSeed, ChartWidth: rq.ChartWidth}
	return in, fmt.Sprintf("%s (%s pages, %s links, %s)", src.File, model.Count(g.NumNodes()), model.Count(g.NumArcs()), hosts), fileBytes, nil
}

package scenario

import (
	"fmt"
	"math"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/step"
)

// graphStage is the first stage of a run: the graph crawled, loaded or
// generated, and its summary.
type graphStage struct {
	*shared
	// needURLs says whether anything in the run reads the pages' URLs
	// (needsURLs in urls.go).
	needURLs bool

	g          *graph.Graph
	transpose  *graph.Graph // Env.Transpose once loaded, else nil
	labels     *graphio.Labels
	sourceName string
	// generatedWith is a generated graph's settings but its pages
	// (model.GeneratorSettings), with its evolution when it was evolved;
	// "" for a graph read from a file
	generatedWith string
	generator     *gen.Generator
	summary       GraphSummary
	scanned       int // pages of g counted into summary
	links         graph.Successors
	// memoryChecked is set once checkRunMemory has run.
	memoryChecked bool
	// push is set by checkRunMemory when the importance's PageRank
	// pushes along the out-lists: its in-arc layout does not fit.
	push bool
}

// loadGraph reads the graph file.
func (st *graphStage) loadGraph() (int64, error) {
	src := st.s.Graph
	if st.env.Loaded != nil && !src.Renumber {
		if g, labels, ok := st.env.Loaded(src.File, src.URLs, src.Format); ok {
			st.g, st.labels, st.sourceName = g, st.keptLabels(src.File, labels), src.File
			return 1, nil
		}
	}
	g, labels, err := st.load(src.File, src.Format, src.URLs, src.Renumber, nil, st.needURLs)
	if err != nil {
		return 0, err
	}
	st.g, st.labels, st.sourceName = g, labels, src.File
	if st.env.Transpose != "" {
		// The transpose's format follows its own name, whatever the
		// graph's: a .csr graph may have a BVGraph transpose.
		tr, _, err := st.load(st.env.Transpose, "", "", false, g, false)
		if err != nil {
			return 0, err
		}
		if tr.NumNodes() != g.NumNodes() || tr.NumArcs() != g.NumArcs() {
			return 0, fmt.Errorf("%s: %s pages and %s links, but the graph %s has %s and %s: it is not its transpose",
				st.env.Transpose, model.Count(tr.NumNodes()), model.Count(tr.NumArcs()), src.File, model.Count(g.NumNodes()), model.Count(g.NumArcs()))
		}
		st.transpose = tr
	}
	return scanUnits(g.NumNodes(), g.NumArcs()), nil
}

// generate runs the generator.
func (st *graphStage) generate(budget int64) (int64, bool, error) {
	p := GeneratorParams(*st.s.Graph.Generate)
	if st.generator == nil {
		if err := st.checkGenerateMemory(p); err != nil {
			return 0, false, err
		}
		g, err := gen.NewGenerator(p)
		if err != nil {
			return 0, false, err
		}
		st.generator = g
	}
	done, err := st.generator.Step(int(min(budget, math.MaxInt32)))
	if err != nil || !done {
		return budget, false, err
	}
	st.g = st.generator.Graph()
	st.generator = nil
	st.sourceName = model.GeneratedGraphName(p.Pages, p.Hosts, p.MeanOutDegree, p.Seed)
	st.generatedWith = model.GeneratorSettings(p.Hosts, p.MeanOutDegree, p.Seed)
	return budget, true, nil
}

// generateProgress is the generator's progress.
func (st *graphStage) generateProgress() step.Progress {
	if st.generator == nil {
		return step.Progress{Stage: "generate"}
	}
	return within("generate", st.generator.Progress())
}

// within names p's stage as a part of the stage named stage: "generate
// (links)".
func within(stage string, p step.Progress) step.Progress {
	p.Stage = stage + " (" + p.Stage + ")"
	return p
}

// summarize counts the graph's inter-host links and dangling pages, once
// the run's memory is checked beside prev, the previous snapshot (nil
// when none is held).
func (st *graphStage) summarize(budget int64, prev *graph.Graph) (int64, bool, error) {
	if err := st.checkRunMemory(prev); err != nil {
		return 0, false, err
	}
	g := st.g
	n := g.NumNodes()
	if st.scanned == 0 {
		st.summary = GraphSummary{Pages: int64(n), Links: g.NumArcs(), SourceName: st.sourceName}
		if g.HasHosts() {
			st.summary.Hosts = g.NumHosts()
		}
		st.links = g.Successors()
	}
	limit := budget * scanItemsPerUnit
	did := int64(0)
	var hostOf []uint32
	if g.HasHosts() {
		hostOf = g.Hosts.Of
	}
	for ; st.scanned < n && did < limit; st.scanned++ {
		p := uint32(st.scanned)
		out := st.links.Out(p)
		if len(out) == 0 {
			st.summary.Dangling++
		}
		if hostOf != nil {
			h := hostOf[p]
			for _, q := range out {
				if hostOf[q] != h {
					st.summary.InterHost++
				}
			}
		}
		did += int64(len(out)) + 1
	}
	if err := st.links.Err(); err != nil {
		return 0, false, err
	}
	return did/scanItemsPerUnit + 1, st.scanned == n, nil
}

// summaryProgress counts the pages summarized.
func (st *graphStage) summaryProgress() step.Progress {
	total := int64(0)
	if st.g != nil {
		total = int64(st.g.NumNodes())
	}
	return step.Progress{Stage: "graph summary", Done: int64(st.scanned), Total: total}
}

// pageNames names pages as the graph file does (SeedStudyResult.Names).
func (st *graphStage) pageNames(pages []uint32) []string {
	names := make([]string, len(pages))
	for i, p := range pages {
		switch {
		case st.g.URLs != nil:
			names[i] = st.g.URLs[p]
		case st.labels != nil && int(p) < len(st.labels.IDs):
			names[i] = strconv.FormatUint(st.labels.IDs[p], 10)
		case st.labels != nil && int(p) < len(st.labels.Names):
			names[i] = st.labels.Names[p]
		case st.labels != nil:
			// A page that previous.evolve added has no name in the file.
			names[i] = "new page " + strconv.FormatUint(uint64(p), 10)
		default:
			names[i] = strconv.FormatUint(uint64(p), 10)
		}
	}
	return names
}

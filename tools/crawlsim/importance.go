package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// Importance files (doc.go, "Importance files"): rank -o NAME.imp writes
// the vector in crawlsim's binary format (graphio.WriteImportance), tied to
// the graph by its pages, links and fingerprint; run -importance-file
// reads it back, or a vector of another engine (graphio.ReadImportanceWith:
// text, keyed text, raw float64 or float32, as -importance-format and
// -importance-column say), instead of computing PageRank.

// importanceExt is the name ending that makes rank -o write the binary
// format instead of CSV.
const importanceExt = ".imp"

// isImportanceOutput reports whether rank -o path writes an importance
// file: its name ends in .imp, or .imp.gz (written gzip-compressed), in
// any case.
func isImportanceOutput(path string) bool {
	return strings.HasSuffix(strings.TrimSuffix(strings.ToLower(path), ".gz"), importanceExt)
}

// writePageRankImportance writes the PageRank result res of g, computed
// with opt (personalized when seedSpec is not ""), as an importance file;
// opt.Cancel can stop the pass over g's links its fingerprint takes.
func writePageRankImportance(w io.Writer, g *graph.Graph, opt rank.Options, seedSpec string, res rank.Result) error {
	kind := graphio.ImportancePageRank
	if seedSpec != "" {
		kind = graphio.ImportancePersonalized
	}
	return graphio.WriteImportanceCancel(w, g, &graphio.Importance{
		Scores: res.Scores, Kind: kind, Damping: opt.Damping, Tolerance: opt.Tolerance,
		Iterations: res.Iterations, Residual: res.Residual, Converged: res.Converged, Seeds: seedSpec,
	}, opt.Cancel)
}

// writeAuthorityImportance writes HITS's authorities as an importance
// file.
func writeAuthorityImportance(w io.Writer, g *graph.Graph, res rank.HITSResult) error {
	return graphio.WriteImportance(w, g, &graphio.Importance{
		Scores: res.Authorities, Kind: graphio.ImportanceAuthorities, Iterations: res.Iterations,
	})
}

// importanceInput is run's -importance-file with how to read it.
type importanceInput struct {
	file   string
	format graphio.ImportanceFileFormat
	column string
}

// importanceInput returns the -importance-* flags, checked by
// checkImportanceFile.
func (f *runFlags) importanceInput() importanceInput {
	format, _ := graphio.ParseImportanceFormat(f.impFmt)
	return importanceInput{file: f.impFile, format: format, column: f.impCol}
}

// setEnv gives the scenario the importance file to read.
func (in importanceInput) setEnv(env *scenario.Env) {
	env.ImportanceFile, env.ImportanceFormat, env.ImportanceColumn = in.file, in.format, in.column
}

// checkImportanceFile checks run's -importance-file before anything runs:
// it must exist, the importance it replaces must be pagerank, and
// -importance-format and -importance-column need it.
func (f *runFlags) checkImportanceFile(sc scenario.Scenario) error {
	if _, err := graphio.ParseImportanceFormat(f.impFmt); err != nil {
		return usagef("-importance-format: %v", err)
	}
	if f.impFile == "" {
		switch {
		case f.impFmt != "":
			return usagef("-importance-format says how to read -importance-file, which is not given")
		case f.impCol != "":
			return usagef("-importance-column chooses a column of -importance-file, which is not given")
		}
		return nil
	}
	if sc.Importance != scenario.ImportancePageRank {
		return usagef("-importance-file gives the pagerank importance; the importance %s is computed from the seeds, so choose one", sc.Importance)
	}
	if err := mustExist(f.impFile); err != nil {
		return ofFlag("importance-file", err)
	}
	return nil
}

// importanceSeedsText is the seed set's text an importance file records:
// spec as -seeds writes it, "" for uniform PageRank, and a count for a
// list too long for the file's header.
func importanceSeedsText(spec seeds.Spec) string {
	if spec.Kind == "" {
		return ""
	}
	s := spec.String()
	if len(s) > graphio.ImportanceMaxSeedsText {
		s = fmt.Sprintf("list of %d pages", len(spec.Items))
	}
	return s
}

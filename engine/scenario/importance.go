package scenario

import (
	"fmt"
	"io"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// An importance file (Env.ImportanceFile, the manual, tools/crawlsim/doc.go,
// "Importance files") replaces the uniform PageRank a run would compute. It is
// read after the graph (and its evolution) and checked to be the graph's by
// graphio.ReadImportanceWith: crawlsim's own format by the graph's pages,
// links and fingerprint, a vector of another engine by its number of scores
// (or its keys) and by one PageRank step from it, whose change says whether it
// is the graph's PageRank at the scenario's damping and, when it is not, what
// it looks like (importancecheck.go): a warning, not a refusal.
//
// What the vector then does depends on what it is:
//   - uniform PageRank (rank -o NAME.imp) or a vector of another engine,
//     taken to be PageRank: it scores every crawl and ranks the
//     top-pagerank seeds, and no PageRank is computed;
//   - personalized PageRank or HITS (rank -seeds or -hits -o NAME.imp):
//     it scores every crawl, and the uniform PageRank the top-pagerank
//     seeds need is computed as without a file.
//
// The scenario's importance must be pagerank: personalized importance is
// computed from the scenario's own seeds.

// checkImportanceFile refuses an importance file that the normalized
// scenario s cannot use.
func checkImportanceFile(s Scenario, env Env) error {
	if env.ImportanceFile == "" {
		return nil
	}
	if env.FS == nil {
		return fmt.Errorf("scenario: the importance is the file %q, but no file system was given to read it from", env.ImportanceFile)
	}
	if s.Importance != ImportancePageRank {
		return fmt.Errorf("scenario: the importance is %s, which the run computes from its seeds; the importance file %s can only stand for the pagerank importance",
			s.Importance, env.ImportanceFile)
	}
	return nil
}

// loadImportance reads Env.ImportanceFile for the graph (one step).
func (st *importanceStage) loadImportance() (int64, error) {
	name := st.env.ImportanceFile
	f, err := st.env.FS.Open(name)
	if err != nil {
		return 0, fmt.Errorf("importance file: %w", err)
	}
	defer f.Close()
	var in io.Reader = f
	if st.env.Wrap != nil {
		in = st.env.Wrap(name, f)
	}
	graphName := st.graph.sourceName
	if with := st.graph.generatedWith; with != "" {
		// sourceName is the generator's description ("generated: 100
		// pages, 5 hosts, ..."), not a name an error can put where a
		// file's goes; the error gives the pages and links itself
		graphName = "the graph generated with " + with
	}
	opt := graphio.ImportanceOptions{Format: st.env.ImportanceFormat, Column: st.env.ImportanceColumn, Cancel: st.env.Cancel}
	if l := st.graph.labels; l != nil && (l.IDs != nil || l.Names != nil) {
		// Built on the first page key only: raw vectors need no map.
		var pageOf func(string) (uint32, bool)
		opt.PageOf = func(name string) (uint32, bool) {
			if pageOf == nil {
				pageOf = l.PageOf()
			}
			return pageOf(name)
		}
	}
	v, err := graphio.ReadImportanceWith(in, name, st.graph.g, graphName, opt)
	if err != nil {
		return 0, err
	}
	st.file = v
	switch {
	case v.Kind == graphio.ImportanceForeign:
		note, err := foreignNote(name, v, st.graph.g, graphName, st.s.Damping, st.env.Cancel)
		if err != nil {
			return 0, err
		}
		st.warn("%s", note)
	case v.Kind != graphio.ImportancePageRank:
		st.warn("importance: %s holds %s%s, not uniform PageRank: it scores the crawls, and top-pagerank seeds rank by the PageRank computed here",
			name, v.Kind, seedsNote(v.Seeds))
	}
	if v.Kind == graphio.ImportancePageRank || v.Kind == graphio.ImportancePersonalized {
		if v.Damping != st.s.Damping {
			st.warn("importance: %s was computed with damping %g; the strategies use the scenario's %g", name, v.Damping, st.s.Damping)
		}
		if v.Tolerance > st.s.Tolerance {
			st.warn("importance: %s was computed to the tolerance %g, looser than the scenario's %g", name, v.Tolerance, st.s.Tolerance)
		}
	}
	if v.Scaled {
		st.warn("importance: the scores of %s sum to %.9g; they were scaled to sum 1", name, v.Sum)
	}
	if v.Kind == graphio.ImportanceForeign {
		return scanUnits(len(v.Scores), st.graph.g.NumArcs()), nil
	}
	return scanUnits(len(v.Scores), 0), nil
}

// foreignNote is the warning about a vector whose file does not say what
// it is (text or raw scores, of another engine or rank -o NAME.csv), checked
// by one PageRank step from it (importancecheck.go) against the PageRank
// of g with damping d; cancel (Env.Cancel) can stop the check.
func foreignNote(name string, v *graphio.Importance, g *graph.Graph, graphName string, d float64, cancel func() error) (string, error) {
	what := fmt.Sprintf("%s (%s, %d scores%s)", name, v.Format, len(v.Scores), keyedNote(v))
	rep, err := checkPageRank(g, v.Scores, d, cancel)
	if err != nil {
		return "", err
	}
	if rep.fits {
		return fmt.Sprintf("importance: %s does not say what it holds (only a .imp file does); one PageRank step from it changes it by less than %g (L1): it is the PageRank of %s with damping %g",
			what, fixedPointTolerance, graphName, d), nil
	}
	return fmt.Sprintf("importance: %s does not say what it holds (only a .imp file does) and is not the PageRank of %s with damping %g: one PageRank step from it changes it by %.2g (L1); it looks like %s. It is used as given, taken to be PageRank",
		what, graphName, d, rep.residual, rep.why), nil
}

// keyedNote says how keyed text was read: ", column C, keyed by K", or
// ", column C, rows in page order" for a file without a key column.
func keyedNote(v *graphio.Importance) string {
	switch {
	case v.Format != graphio.ImportanceKeyed:
		return ""
	case v.Key == "":
		return fmt.Sprintf(", column %s, rows in page order", v.Column)
	}
	return fmt.Sprintf(", column %s, keyed by %s", v.Column, v.Key)
}

// importanceNeedsURLs reports whether Env.ImportanceFile is keyed by URL,
// so that the graph must keep its URLs (graphio.ImportanceNeedsURLs).
func importanceNeedsURLs(env Env) bool {
	if env.ImportanceFile == "" || env.FS == nil {
		return false
	}
	f, err := env.FS.Open(env.ImportanceFile)
	if err != nil {
		return false // loadImportance reports it
	}
	defer f.Close()
	return graphio.ImportanceNeedsURLs(f, env.ImportanceFile, graphio.ImportanceOptions{Format: env.ImportanceFormat, Column: env.ImportanceColumn})
}

// seedsNote is ", seeds S" for a seed set's text, else "".
func seedsNote(s string) string {
	if s == "" {
		return ""
	}
	return ", seeds " + s
}

// fileIsPageRank reports whether the importance file stands for the
// uniform PageRank, which then need not be computed.
func (st *importanceStage) fileIsPageRank() bool {
	v := st.file
	return v != nil && (v.Kind == graphio.ImportancePageRank || v.Kind == graphio.ImportanceForeign)
}

// useFileImportance makes the importance file the run's importance, and
// its uniform PageRank when it stands for it.
func (st *importanceStage) useFileImportance() {
	v := st.file
	res := rank.Result{Scores: v.Scores, Iterations: v.Iterations, Residual: v.Residual,
		Converged: v.Converged || v.Kind == graphio.ImportanceForeign || v.Kind == graphio.ImportanceAuthorities || v.Kind == graphio.ImportanceHubs}
	if st.fileIsPageRank() {
		st.uniform = res
	}
	st.setImportance(res, nil)
	st.summary.File = st.env.ImportanceFile
	st.summary.Kind = fileImportanceKind(v.Kind)
	if v.Kind == graphio.ImportancePageRank || v.Kind == graphio.ImportancePersonalized {
		st.summary.Damping, st.summary.Seeds = v.Damping, v.Seeds
	}
}

// fileImportanceKind is the importance summary's kind of a file's vector:
// what the file says it is, model.ImportanceUnknown for a vector of
// another engine.
func fileImportanceKind(k graphio.ImportanceKind) string {
	switch k {
	case graphio.ImportancePageRank:
		return model.ImportancePageRank
	case graphio.ImportancePersonalized:
		return model.ImportancePersonalized
	case graphio.ImportanceAuthorities:
		return model.ImportanceHITSAuthorities
	case graphio.ImportanceHubs:
		return model.ImportanceHITSHubs
	}
	return model.ImportanceUnknown
}

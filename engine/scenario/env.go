package scenario

import (
	"fmt"
	"io"
	"io/fs"
	"time"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// Env is what a Runner may use from its host program.
type Env struct {
	// FS holds the files a scenario names (graph files, URL lists); nil
	// is an error for a scenario that names a file.
	FS fs.FS
	// Clock, when set, returns a monotonic time; each crawl's scheduling
	// time (Cost.SchedulingSeconds) is measured with it. The engine has no
	// clock of its own.
	Clock func() time.Duration
	// Workers is the number of goroutines of each PageRank iteration
	// (rank.Options.Workers): the command line uses the number of CPUs,
	// the browser worker 1. Results do not depend on it.
	Workers int
	// Parallel is the number of strategies crawled and measured at once,
	// each in a goroutine of its own (parallel.go): the command line uses
	// GOMAXPROCS, or its -j flag. 0 or 1 runs them one after another.
	// Results do not depend on it.
	Parallel int
	// MaxLinks, when positive, refuses graph files with more links
	// (graphio.LoadOptions.MaxLinks): the browser worker sets it from its
	// memory budget.
	MaxLinks int64
	// MaxPages, when positive, refuses graph files and URL lists with
	// more pages (graphio.LoadOptions.MaxPages).
	MaxPages int64
	// MaxBytes, when positive, is the memory the run may use: each file
	// is read with graphio.LoadOptions.MaxBytes, a generated graph is
	// refused before it is generated when gen.Params.EstimatedBytes and
	// RunBytes exceed it, and a loaded one before PageRank and the crawls
	// allocate anything when the run's estimate (runBytes in memory.go,
	// and the previous snapshot's share) exceeds it. The
	// error wraps a *graphio.TooLargeError.
	MaxBytes int64
	// Cancel, when set, is polled every few milliseconds within the
	// Steps whose single items grow with the graph: while graph files are
	// decoded (graphio.LoadOptions.Cancel), an importance file is checked
	// against the graph, and PageRank builds its layout and sweeps
	// (rank.Options.Cancel). Its error stops the run.
	Cancel func() error
	// Wrap, when set, wraps every file the Runner reads (the graph, its
	// URL list, the previous snapshot and its URL list, the other files of
	// a BVGraph) before reading it (graphio.LoadOptions.Wrap): the command
	// line counts the bytes for a progress bar and stops reading when the
	// user interrupts. An error the wrapped reader returns ends the run,
	// and errors.Is finds it in the Runner's error.
	Wrap func(name string, r io.Reader) io.Reader
	// Release, when set, is called each time the Runner has dropped
	// per-page state it no longer needs and before it allocates more: a
	// crawl once its metrics are done, a PageRank once it has converged,
	// the search for the reachable pages. The command line returns the
	// freed memory to the operating system there (debug.FreeOSMemory), so
	// that the next crawl's arrays are not laid on top of the last one's
	// garbage: the peak is then one crawl beside the graph and the
	// importance, whatever the number of strategies.
	Release func()
	// InPlace keeps a BVGraph that FS does not map compressed in memory
	// (graphio.LoadOptions.InPlace), as a mapped one is kept: the
	// command line sets it, the browser worker decodes uploads into CSR
	// arrays.
	InPlace bool
	// Pack, when above 0, is the most memory a graph file read in place
	// (and its transpose) may take once packed into graph.PackedLists,
	// which crawls and PageRank decode several times faster
	// (graphio.LoadOptions.Pack); the command line sets a third of its
	// memory budget.
	Pack int64
	// Transpose, when set, names a file of FS holding the transpose of
	// the scenario's graph file (LAW's NAME-t beside NAME, or one written
	// by crawlsim convert -transpose), loaded as the graph is but in the
	// format its own name says (not Source.Format): PageRank
	// pulls along it instead of building an in-arc layout of 4 bytes a
	// link, which a BVGraph read in place makes the largest part of a
	// run. It is ignored for a generated graph.
	Transpose string
	// ImportanceFile, when set, names a file of FS holding the importance
	// vector of the graph (graphio.ReadImportanceWith: crawlsim rank -o
	// NAME.imp, or a vector of another engine, checked by one PageRank
	// step from it: importancecheck.go), which replaces
	// the PageRank the run would compute (see importance.go). It is read
	// through Wrap; the scenario's importance must be pagerank.
	ImportanceFile string
	// ImportanceFormat and ImportanceColumn say how to read a vector of
	// another engine (graphio.ImportanceOptions: "" tells the format from
	// the bytes, and keyed text's score column from the column names).
	ImportanceFormat graphio.ImportanceFileFormat
	ImportanceColumn string
	// Orders, when set, is given every crawl's download order (CrawlOrder)
	// once its metrics are complete, in the scenario's order of
	// strategies, before the crawl is dropped; an error it returns ends
	// the run. The command line's -orders writes them.
	Orders func(CrawlOrder) error
	// Only, when not nil, lists the strategies to crawl, by their index
	// in the scenario's Strategies, in increasing order: one part of a
	// comparison run in parallel (Split, Merge). The stages the
	// strategies share (graph, previous snapshot, importance, seeds,
	// reachable pages) run as for the whole scenario, and so do their
	// warnings; the Result holds the listed strategies alone, and the
	// others' progress is StageElsewhere.
	Only []int
	// Loaded, when set, is asked for the graph file before it is read: a
	// host that holds graphs already read (the browser worker reads an
	// upload once, when it arrives) returns the graph and labels that
	// graphio.Load gives for the file, its URL list and format, and true,
	// and the Runner reads nothing. Nothing may change the graph while a
	// run holds it; the Runner does not.
	Loaded func(file, urls, format string) (*graph.Graph, *graphio.Labels, bool)
}

// shared is what every stage of a run reads: the normalized scenario, the
// host's Env, and the warnings the stages give, in the order given.
type shared struct {
	s        Scenario // normalized
	env      Env
	warnings []string
}

// warn records a warning for the result.
func (c *shared) warn(format string, args ...any) {
	c.warnings = append(c.warnings, fmt.Sprintf(format, args...))
}

// release calls Env.Release, when set.
func (c *shared) release() {
	if c.env.Release != nil {
		c.env.Release()
	}
}

// rankOptions are the options of the run's PageRanks.
func (c *shared) rankOptions(teleport []float64) rank.Options {
	return rank.Options{Damping: c.s.Damping, Tolerance: c.s.Tolerance, Teleport: teleport, Workers: c.env.Workers, Cancel: c.env.Cancel}
}

// load reads a graph file of Env.FS (one step) beside held, the graph
// already in memory (nil when none), with its URLs only when needURLs,
// and with an edge list's ids renumbered when renumber is set; it says so
// in a warning, with the ids dropped.
func (c *shared) load(name, format, urls string, renumber bool, held *graph.Graph, needURLs bool) (*graph.Graph, *graphio.Labels, error) {
	f, err := graphio.ParseFormat(format)
	if err != nil {
		return nil, nil, err
	}
	opt := graphio.LoadOptions{Format: f, URLs: urls, MaxLinks: c.env.MaxLinks, MaxPages: c.env.MaxPages, MaxBytes: c.loadBytes(held), Cancel: c.env.Cancel, Wrap: c.env.Wrap,
		SkipURLs: !needURLs, Renumber: renumber, InPlace: c.env.InPlace, Pack: c.env.Pack}
	g, labels, err := graphio.Load(c.env.FS, name, opt)
	if err != nil {
		return nil, nil, err
	}
	if renumber && labels != nil && labels.IDs != nil {
		c.warn("graph: the ids of %s are renumbered densely: %s pages, %s unused ids dropped", name, model.Count(g.NumNodes()), model.Count(labels.Dropped()))
	}
	return g, c.keptLabels(name, labels), nil
}

// keptLabels returns the labels of the graph file name as a run keeps
// them: nil when the file's ids were 0..n-1 already. When one id made an
// edge list's integer ids labels it says so in a warning
// (graphio.Labels.OddLabel), for a graph read here or held by the host
// (Env.Loaded) alike.
func (c *shared) keptLabels(name string, labels *graphio.Labels) *graphio.Labels {
	if odd := labels.OddLabel(name); odd != "" {
		c.warn("graph: %s", odd)
	}
	if labels.Trivial() {
		return nil
	}
	return labels
}

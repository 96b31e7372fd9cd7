package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/seeds"
	"github.com/crawlsim/crawlsim/engine/step"
)

// maxIterationsFlag is the most iterations -max-iter allows (HITS'
// -iterations as many: seeds.MaxHITSIterations): with -tol 1e-300
// PageRank would otherwise iterate as long as it was told.
const maxIterationsFlag = 100000

func rankCommand() *command {
	return &command{
		name: "rank",
		args: "GRAPH",
		summary: `Compute PageRank, personalized PageRank or HITS.
PageRank is r = d·Wr + d·(dangling mass)·t + (1-d)·t with t
uniform, or uniform over the -seeds pages for personalized PageRank (the
RankMass trust vector): pages without out-links send their rank along t. It
iterates until the L1 change is below -tol, or for -max-iter iterations. HITS
(-hits) iterates -iterations times from all-ones, normalising hubs and
authorities to unit length after every step. The table lists the -top pages;
-o writes every page's score as CSV, or, when its name ends in .imp (or
.imp.gz), the vector in crawlsim's binary importance format (HITS: the
authorities), tied to this graph, which run -importance-file reads instead
of computing PageRank again.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			var in graphInput
			in.register(fs)
			damping := fs.Float64("damping", rank.DefaultDamping, "damping factor `D`, in (0, 1]")
			aliasFlag(fs, "d", "damping")
			tol := fs.Float64("tol", rank.DefaultTolerance, "stop when the L1 change between iterations is below `TOL`")
			maxIter := new(int)
			*maxIter = rank.DefaultMaxIterations
			fs.Var(wholeFlag{maxIter}, "max-iter", "stop after `N` iterations at most (up to 100,000)")
			seedSpec := fs.String("seeds", "", "personalized PageRank trusting these pages: `SPEC` is top-pagerank:K, random:K, community:K (needs hosts), host-roots (needs hosts), list:ID,ID,... (ids or URLs; quote an item with a comma), list:FILE (one id or URL per line, # comments) or ID,ID,...")
			randomSeed := new(uint64)
			seedVar(fs, randomSeed, "random-seed", model.DefaultRandomSeed, "random `SEED` of -seeds random:K")
			aliasFlag(fs, "seed", "random-seed")
			hits := fs.Bool("hits", false, "compute HITS hubs and authorities instead of PageRank")
			hitsIter := new(int)
			*hitsIter = rank.DefaultHITSIterations
			fs.Var(wholeFlag{hitsIter}, "iterations", "`N` HITS iterations, up to 100,000 (PageRank's: -max-iter)")
			aliasFlag(fs, "hits-iter", "iterations")
			top := new(int)
			*top = 10
			fs.Var(wholeFlag{top}, "top", "show the `K` best pages (0 for none)")
			outPath := fs.String("o", "", "write every page's score to `FILE`: CSV, or crawlsim's binary importance format (for run -importance-file) when FILE ends in .imp; gzip-compressed when it ends in .gz")
			asJSON := fs.Bool("json", false, "print JSON instead of a table")
			transpose := fs.String("transpose", "", "pull PageRank along the graph's transpose `FILE` (default: NAME-t.graph beside a BVGraph NAME.graph of more than 2^28 links or whose in-link layout does not fit in memory, when there)")
			push := fs.Bool("push", false, "compute PageRank by pushing along the out-lists, with no transpose or in-link layout in memory (default: only when no transpose is given and the layout does not fit in memory)")
			return func(ctx context.Context, e *env, args []string) error {
				// set holds the flags given; the messages say the name
				// typed (-d or -damping: typedName).
				set := explicitFlags(fs)
				if *hits {
					for _, name := range []string{"damping", "tol", "max-iter", "seeds", "random-seed", "transpose", "push"} {
						if set[name] {
							return usagef("-%s is a PageRank flag; HITS (-hits) does not use it", typedName(fs, name))
						}
					}
				} else if set["iterations"] {
					return usagef("-%s needs -hits", typedName(fs, "iterations"))
				}
				if *push && *transpose != "" {
					return usagef("-push and -transpose are two ways to compute PageRank; give one")
				}
				// -damping and -tol are refused in the words of run's
				// (scenario.Normalize), whatever the value.
				switch {
				case !(*damping > 0 && *damping <= 1):
					// d = 0 would make every score the teleport vector itself.
					return usagef("-%s %g is outside (0, 1]", typedName(fs, "damping"), *damping)
				case !(*tol > 0 && *tol < 1):
					// As run's -tol: a change of 1 or more in L1 stops
					// after one meaningless iteration.
					return usagef("-tol %g is not a positive number below 1", *tol)
				case *maxIter < 1 || *maxIter > maxIterationsFlag:
					return usagef("-max-iter %d: want 1 to %s iterations", *maxIter, model.Count(maxIterationsFlag))
				case *hitsIter < 1 || *hitsIter > seeds.MaxHITSIterations:
					return hitsIterationsError(typedName(fs, "iterations"), *hitsIter)
				case *top < 0:
					return usagef("-top %d: want 0 or more pages", *top)
				}
				var spec seeds.Spec
				if set["seeds"] && strings.TrimSpace(*seedSpec) == "" {
					return emptySeedsError(*seedSpec, "plain PageRank")
				}
				if *seedSpec != "" {
					var err error
					if spec, err = seeds.Parse(*seedSpec); err != nil {
						return usagef("-seeds: %v", err)
					}
				}
				if set["random-seed"] && spec.Kind != seeds.Random {
					return usagef("-%s needs -seeds random:K", typedName(fs, "random-seed"))
				}
				if err := in.check(args); err != nil {
					return err
				}
				ins := append(in.inputs(), inputFile{seedListFile(*seedSpec), "the seed list " + seedListFile(*seedSpec)})
				if *transpose != "" {
					ins = append(ins, graphFiles(*transpose, graphio.FormatAuto, "the transpose")...)
				}
				if err := checkFiles(e, ins, []outputFlag{{"o", *outPath}}, *asJSON); err != nil {
					return err
				}
				var err error
				if (spec.Kind == seeds.HostRoots || spec.Kind == seeds.Community) && !in.mayHaveURLs() {
					return usagef("-seeds %s needs hosts: give -urls FILE", spec.Kind)
				}
				if spec, err = readSeedFile(spec, "-seeds"); err != nil {
					return err
				}
				// A .csr's URLs stay in the file (16 bytes a page and the
				// copy of their text saved) unless a CSV -o lists every
				// page's or -seeds list: may name pages by URL; the -top
				// pages' URLs are read afterwards (ranker.readURLs).
				in.skipURLs = in.format == graphio.FormatCSR && in.urls == "" &&
					(*outPath == "" || isImportanceOutput(*outPath)) && spec.Kind != seeds.List
				g, err := in.load(ctx, e)
				if err != nil {
					return err
				}
				personalized := spec.Kind != ""
				var tr *graph.Graph
				var trName string
				if !*hits && !*push {
					if tr, trName, err = in.loadTranspose(ctx, e, g, *transpose, personalized); err != nil {
						return err
					}
				}
				pushing := *push
				if !*hits && tr == nil && !pushing {
					pushing = choosePush(e, &in, g, personalized)
				}
				if pushing {
					if g, err = packForPush(e, &in, g, personalized); err != nil {
						return err
					}
				}
				work := pagerankBytes
				switch {
				case *hits:
					work = hitsBytes
				case pushing:
					work = func(n, _ int64) int64 { return pagerankPushBytes(n, personalized) }
				case tr != nil:
					work = func(n, _ int64) int64 { return graphBytes(tr) + pagerankPullBytes(n, personalized) }
				}
				if err := in.checkWork(g, work, "to rank"); err != nil {
					return err
				}
				r := ranker{e: e, g: g, tr: tr, trName: trName, in: &in, workers: runtime.NumCPU()}
				if *hits {
					return r.hits(ctx, *hitsIter, *top, *outPath, *asJSON)
				}
				opt := rank.Options{Damping: *damping, Tolerance: *tol, MaxIterations: *maxIter, Workers: r.workers, Push: pushing, Cancel: ctx.Err}
				return r.pagerank(ctx, opt, spec, *randomSeed, *top, *outPath, *asJSON)
			}
		},
	}
}

// hitsIterationsError refuses n HITS iterations, given as -name, out of
// the range 1 to seeds.MaxHITSIterations: rank's -iterations (or
// -hits-iter) and seeds' -iterations in the same words.
func hitsIterationsError(name string, n int) error {
	return usagef("-%s %d: want 1 to %s HITS iterations", name, n, model.Count(seeds.MaxHITSIterations))
}

// choosePush reports whether PageRank must push along g's out-lists
// (rank.Options.Push) because its in-link layout does not fit in the
// memory budget while pushing does, and then says so on stderr. With no
// budget known, or a layout that fits, it builds the layout, which
// sweeps faster (docs/performance.md, "PageRank by pushing"); when
// neither fits, checkWork refuses the layout's need.
func choosePush(e *env, in *graphInput, g *graph.Graph, personalized bool) bool {
	budget := in.memory.bytes
	n, m := int64(g.NumNodes()), g.NumArcs()
	layout := graphBytes(g) + pagerankBytes(n, m)
	if !rank.ChoosePush(budget, layout, graphBytes(g)+pagerankPushBytes(n, personalized)) {
		return false
	}
	fmt.Fprintf(e.stderr, "note: PageRank pushes along the out-lists of %s: its in-link layout would need about %s, more than the %s of memory available\n",
		terminalSafe(in.path), graphio.BytesText(layout), graphio.BytesText(budget))
	return true
}

// packForPush packs g's lists into memory (graph.PackWriter: one or two
// bytes a link, which decode several times faster than a BVGraph's) when
// they fit in what the budget leaves beside PageRank's vectors, since
// pushing decodes every list again in every sweep; otherwise, or on CSR
// arrays, it returns g itself. Once packed, a mapped graph's pages are
// let go (graphio.ReleaseLists).
func packForPush(e *env, in *graphInput, g *graph.Graph, personalized bool) (*graph.Graph, error) {
	n := int64(g.NumNodes())
	room := in.memory.bytes - graphBytes(g) - pagerankPushBytes(n, personalized)
	if g.IsCSR() || room <= 0 {
		return g, nil
	}
	if _, packed := g.Lists.(*graph.PackedLists); packed {
		return g, nil
	}
	bar := e.newProgress("packing "+filepath.Base(in.path), false)
	defer bar.finish()
	w := graph.NewPackWriter(int(n), g.NumArcs(), room, func(done int64) { bar.set(done, n) })
	s := g.Successors()
	for i := range uint32(n) {
		if !w.Add(s.Out(i)) {
			break
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	p, err := w.Lists()
	switch {
	case errors.Is(err, graph.ErrPackTooLarge):
		return g, nil
	case err != nil:
		return nil, err
	}
	graphio.ReleaseLists(osFS{}, g)
	c := *g
	c.Lists = p
	return &c, nil
}

// readSeedFile reads the list of list:FILE (seeds.Spec.File), which must
// exist and not be a folder; its lines are then the items, and errors
// point at them. Any other spec is returned as it is. Errors begin with
// where the spec was given (what: "-seeds", or a scenario's field).
func readSeedFile(spec seeds.Spec, what string) (seeds.Spec, error) {
	name := spec.File
	if name == "" {
		return spec, nil
	}
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return spec, fmt.Errorf("%s list:%s: cannot read it: no such file or directory; an item alone that is neither a page id (a number from 0) nor a URL names a file of seeds%s (to seed the page labelled %s, quote it: %s)", what, name, stdinHint(name), name, quotedLabelHint(what, name))
	}
	if err != nil {
		return spec, fmt.Errorf("%s list:%s: cannot read it: %w", what, name, causeOf(err))
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return spec, fmt.Errorf("%s list:%s: that is a folder; name a file of seeds", what, name)
	}
	return seeds.ReadList(f, name)
}

// quotedLabelHint writes the seed set of the one page labelled label as
// it is given where what says: a -seeds flag, quoted again for a shell
// (-seeds 'list:"b"'), or a scenario file's JSON field ("list:\"b\"").
func quotedLabelHint(what, label string) string {
	spec := seeds.Spec{Kind: seeds.List, Items: []string{label}}.String()
	if what == "-seeds" {
		return "-seeds " + shellQuote(spec)
	}
	b, _ := json.Marshal(spec)
	return `"seeds": ` + string(b)
}

// shellQuote quotes s for a POSIX shell, between single quotes.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ranker runs one ranking computation on a loaded graph.
type ranker struct {
	e        *env
	g        *graph.Graph
	tr       *graph.Graph // g's transpose when one was given or found, else nil
	trName   string       // the file tr was read from
	in       *graphInput  // names pages as the input file does
	workers  int
	progress *progress
	// urls holds the URLs of the pages shown when the graph was loaded
	// without its URLs (readURLs); nil otherwise.
	urls map[uint32]string
}

// readURLs reads from the file the URLs of the pages to show, when the
// graph was loaded without them.
func (r *ranker) readURLs(pages []uint32) error {
	if !r.in.skipURLs || len(pages) == 0 {
		return nil
	}
	urls, err := graphio.ReadCSRURLs(osFS{}, r.in.path, pages)
	if err != nil || urls == nil {
		return err
	}
	r.urls = make(map[uint32]string, len(pages))
	for k, p := range pages {
		r.urls[p] = urls[k]
	}
	return nil
}

// hasURLs reports whether pages have URLs to show.
func (r *ranker) hasURLs() bool { return r.g.URLs != nil || r.urls != nil }

func (r *ranker) pagerank(ctx context.Context, opt rank.Options, spec seeds.Spec, randomSeed uint64, top int, outPath string, asJSON bool) error {
	tr := r.tr // nil: rank builds from r.g the in-arc layout it sweeps fastest
	measure, column := "pagerank", "pagerank"
	var trusted []uint32
	r.progress = r.e.newProgress("pagerank", false)
	defer r.progress.finish()
	if spec.Kind != "" {
		measure, column = "personalized pagerank", "personalized_pagerank"
		if (spec.Kind == seeds.Random || spec.Kind == seeds.TopPageRank) && spec.K > r.g.NumNodes() {
			fmt.Fprintf(r.e.stderr, "warning: -seeds %s asks for more pages than the graph's %d; all of them are trusted\n", spec, r.g.NumNodes())
		}
		sopt := seeds.Options{Rand: rand.New(rand.NewPCG(randomSeed, 0)), PageOf: r.in.pageOf()}
		if spec.Kind == seeds.TopPageRank {
			uniform := opt
			uniform.Teleport = nil
			res, err := r.runPageRank(ctx, tr, uniform, "pagerank (for the seeds)")
			if err != nil {
				return err
			}
			sopt.Importance = res.Scores
		}
		var err error
		if trusted, err = seeds.Select(r.g, spec, sopt); err != nil {
			return err
		}
		if opt.Teleport, err = rank.UniformTeleport(r.g.NumNodes(), trusted); err != nil {
			return err
		}
	}
	res, err := r.runPageRank(ctx, tr, opt, measure)
	if err != nil {
		return err
	}
	if !res.Converged {
		fmt.Fprintf(r.e.stderr, "warning: stopped after %s with L1 change %.3g, above -tol %g\n", model.Counted(res.Iterations, "iteration", "iterations"), res.Residual, opt.Tolerance)
	}
	// The solver and its layout are gone: give their memory back before
	// the output is written (the importance file's fingerprint reads the
	// graph's links again).
	debug.FreeOSMemory()
	if outPath != "" {
		write := func(w io.Writer) error { return writeScores(w, r.g, r.in.pageName, column, res.Scores, nil) }
		if isImportanceOutput(outPath) {
			write = func(w io.Writer) error { return writePageRankImportance(w, r.g, opt, importanceSeedsText(spec), res) }
		}
		if err := writeOutputs(ctx, r.e, output{path: outPath, flag: "o", write: write}); err != nil {
			return err
		}
	}
	best := rank.Top(res.Scores, top)
	if err := r.readURLs(best); err != nil {
		return err
	}
	if asJSON {
		type row struct {
			Rank  int     `json:"rank"`
			Page  uint32  `json:"page"`
			ID    string  `json:"id,omitempty"` // the input's id when it was renumbered
			Score float64 `json:"score"`
			URL   string  `json:"url,omitempty"`
		}
		rows := make([]row, len(best))
		for k, p := range best {
			rows[k] = row{k + 1, p, r.originalID(p), res.Scores[p], r.url(p)}
		}
		return writeJSON(r.e.stdout, struct {
			Measure    string   `json:"measure"`
			Damping    float64  `json:"damping"`
			Seeds      int      `json:"seeds,omitempty"`
			Iterations int      `json:"iterations"`
			Residual   float64  `json:"residual"`
			Converged  bool     `json:"converged"`
			Top        []row    `json:"top"`
			Trusted    []uint32 `json:"trusted,omitempty"`
		}{measure, opt.Damping, len(trusted), res.Iterations, res.Residual, res.Converged, rows, trusted})
	}
	fmt.Fprintf(r.e.stdout, "%s: d=%g, %s, L1 change %.3g", measure, opt.Damping, model.Counted(res.Iterations, "iteration", "iterations"), res.Residual)
	if trusted != nil {
		fmt.Fprintf(r.e.stdout, ", %s", model.Counted(len(trusted), "trusted page", "trusted pages"))
	}
	fmt.Fprintln(r.e.stdout)
	return r.printTop(best, []string{"score"}, [][]float64{res.Scores})
}

// runPageRank iterates, showing the iterations and the current L1 change
// on the ranker's progress bar.
// The total shown is the iterations PageRank estimates from the
// residual's decay, so the bar shows the time left. While the in-link
// layout is built, a bar counts the links read; the parts of a mapped
// graph read are released (rank.Options.Release), and along a transpose
// the whole graph's once its out-degrees are read (DegreesRead).
func (r *ranker) runPageRank(ctx context.Context, tr *graph.Graph, opt rank.Options, what string) (rank.Result, error) {
	build := r.e.newProgress(what+": in-link layout", false)
	opt.Building = func(done, total int64) { build.set(done, total) }
	opt.Release = releaseLinks
	// Along a transpose, once PageRank has read the graph's out-degrees
	// the sweeps read no more of it (but a few, rank's pull.go).
	opt.DegreesRead = func() { graphio.ReleaseLists(osFS{}, r.g) }
	pr, err := rank.NewPageRank(r.g, tr, opt)
	build.finish()
	if err != nil {
		return rank.Result{}, notTransposeError(err, r.trName, r.in.path)
	}
	err = step.Run(ctx, pr, 1, func(s step.Progress) {
		r.progress.describe(fmt.Sprintf("%s, L1 change %.2g", what, pr.Residual()))
		r.progress.set(s.Done, int64(pr.IterationsEstimate()))
	})
	return pr.TakeResult(), err
}

// releaseLinks releases the pages of a part of a graph's links when they
// lie in a file mapping (releaseMapped), and does nothing otherwise.
func releaseLinks(links []uint32) {
	if len(links) > 0 {
		releaseMapped(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(links))), 4*len(links)))
	}
}

func (r *ranker) hits(ctx context.Context, iterations, top int, outPath string, asJSON bool) error {
	h, err := rank.NewHITS(r.g, nil, rank.HITSOptions{Iterations: iterations, Workers: r.workers})
	if err != nil {
		return err
	}
	p := r.e.newProgress("hits", false)
	err = step.Run(ctx, h, 1, func(s step.Progress) { p.set(s.Done, s.Total) })
	p.finish()
	if err != nil {
		return err
	}
	res := h.Result()
	if outPath != "" {
		write := func(w io.Writer) error {
			return writeScores(w, r.g, r.in.pageName, "hub,authority", res.Hubs, res.Authorities)
		}
		if isImportanceOutput(outPath) {
			write = func(w io.Writer) error { return writeAuthorityImportance(w, r.g, res) }
		}
		if err := writeOutputs(ctx, r.e, output{path: outPath, flag: "o", write: write}); err != nil {
			return err
		}
	}
	hubs, auths := rank.Top(res.Hubs, top), rank.Top(res.Authorities, top)
	if err := r.readURLs(append(slices.Clone(hubs), auths...)); err != nil {
		return err
	}
	if asJSON {
		type row struct {
			Rank      int     `json:"rank"`
			Page      uint32  `json:"page"`
			ID        string  `json:"id,omitempty"` // the input's id when it was renumbered
			Hub       float64 `json:"hub"`
			Authority float64 `json:"authority"`
			URL       string  `json:"url,omitempty"`
		}
		rows := func(best []uint32) []row {
			out := make([]row, len(best))
			for k, p := range best {
				out[k] = row{k + 1, p, r.originalID(p), res.Hubs[p], res.Authorities[p], r.url(p)}
			}
			return out
		}
		return writeJSON(r.e.stdout, struct {
			Measure     string `json:"measure"`
			Iterations  int    `json:"iterations"`
			Hubs        []row  `json:"top_hubs"`
			Authorities []row  `json:"top_authorities"`
		}{"hits", res.Iterations, rows(hubs), rows(auths)})
	}
	fmt.Fprintf(r.e.stdout, "hits: %s\n", model.Counted(res.Iterations, "iteration", "iterations"))
	if top == 0 {
		return nil // -top 0: no tables, not their titles alone
	}
	fmt.Fprintf(r.e.stdout, "\nbest hubs\n")
	if err := r.printTop(hubs, []string{"hub", "authority"}, [][]float64{res.Hubs, res.Authorities}); err != nil {
		return err
	}
	fmt.Fprintf(r.e.stdout, "\nbest authorities\n")
	return r.printTop(auths, []string{"hub", "authority"}, [][]float64{res.Hubs, res.Authorities})
}

// originalID returns the input's name for page p when the input was
// renumbered, else "".
func (r *ranker) originalID(p uint32) string {
	if r.in.labels == nil {
		return ""
	}
	return r.in.pageName(p)
}

func (r *ranker) url(p uint32) string {
	if r.g.URLs != nil {
		return r.g.URLs[p]
	}
	return r.urls[p]
}

// The significant digits of rank's score columns (those of their smallest
// value shown), and the most decimals they take.
const (
	rankDigits      = 6
	rankMaxDecimals = 12
)

// printTop prints a table of pages with one column per score vector.
func (r *ranker) printTop(pages []uint32, names []string, cols [][]float64) error {
	if len(pages) == 0 {
		return nil
	}
	w := tabwriter.NewWriter(r.e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(w, "rank\tpage\t")
	for _, n := range names {
		fmt.Fprintf(w, "%s\t", n)
	}
	if r.hasURLs() {
		fmt.Fprint(w, "  url")
	}
	fmt.Fprintln(w)
	// Each score column writes its values with one number of decimals,
	// enough for rankDigits significant digits of its smallest, so that
	// they align and compare at a glance.
	decimals := make([]int, len(cols))
	for i, c := range cols {
		shown := make([]float64, len(pages))
		for k, p := range pages {
			shown[k] = c[p]
		}
		decimals[i] = report.SignificantDecimals(shown, rankDigits, rankMaxDecimals)
	}
	for k, p := range pages {
		fmt.Fprintf(w, "%s\t%s\t", model.Count(k+1), terminalSafe(r.in.pageName(p)))
		for i, c := range cols {
			fmt.Fprintf(w, "%s\t", strconv.FormatFloat(c[p], 'f', decimals[i], 64))
		}
		if r.hasURLs() {
			fmt.Fprintf(w, "  %s", terminalSafe(r.url(p)))
		}
		fmt.Fprintln(w)
	}
	return w.Flush()
}

// writeScores writes "page,<header>[,url]" CSV with one row per page, the
// page named by name; b is an optional second score column. Floats use the
// shortest form that reads back exactly.
func writeScores(w io.Writer, g *graph.Graph, name func(uint32) string, header string, a, b []float64) error {
	line := []byte("page," + header)
	if g.URLs != nil {
		line = append(line, ",url"...)
	}
	line = append(line, '\n')
	if _, err := w.Write(line); err != nil {
		return err
	}
	for i := range a {
		line = report.AppendCSVField(line[:0], name(uint32(i)))
		line = append(line, ',')
		line = strconv.AppendFloat(line, a[i], 'g', -1, 64)
		if b != nil {
			line = append(line, ',')
			line = strconv.AppendFloat(line, b[i], 'g', -1, 64)
		}
		if g.URLs != nil {
			line = append(line, ',')
			line = report.AppendCSVField(line, g.URLs[i])
		}
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

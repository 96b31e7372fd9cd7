package main

import (
	"container/heap"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/seeds"
	"github.com/crawlsim/crawlsim/engine/step"
)

func rankCommand() *command {
	return &command{
		name: "rank",
		args: "GRAPH",
		summary: `Compute PageRank, personalized PageRank or HITS.
PageRank (SPEC section 1) is r = d·Wr + d·(dangling mass)·t + (1-d)·t with t
uniform, or uniform over the -seeds pages for personalized PageRank (the
RankMass trust vector): pages without out-links send their rank along t. It
iterates until the L1 change is below -tol, or for -max-iter iterations. HITS
(-hits) runs -hits-iter iterations from all-ones, normalising hubs and
authorities to unit length after every step. The table lists the -top pages;
-o writes every page's score as CSV.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			var in graphInput
			in.register(fs)
			damping := fs.Float64("d", rank.DefaultDamping, "damping factor d, in (0,1]")
			tol := fs.Float64("tol", rank.DefaultTolerance, "stop when the L1 change between iterations is below `tolerance`")
			maxIter := fs.Int("max-iter", rank.DefaultMaxIterations, "iteration cap")
			seedSpec := fs.String("seeds", "", "personalized PageRank trusting these pages: `SPEC` is top-pagerank:K, random:K, host-roots (needs hosts), list:ID,ID,... (ids or URLs), list:FILE (one id or URL per line, # comments) or ID,ID,...")
			randomSeed := fs.Uint64("seed", 1, "random seed for -seeds random:K")
			hits := fs.Bool("hits", false, "compute HITS hubs and authorities instead of PageRank")
			hitsIter := fs.Int("hits-iter", rank.DefaultHITSIterations, "HITS iterations")
			top := fs.Int("top", 10, "show the `K` best pages (0 for none)")
			outPath := fs.String("o", "", "write every page's score to `FILE` as CSV")
			asJSON := fs.Bool("json", false, "print JSON instead of a table")
			return func(ctx context.Context, e *env, args []string) error {
				set := explicitFlags(fs)
				if *hits {
					for _, name := range []string{"d", "tol", "max-iter", "seeds", "seed"} {
						if set[name] {
							return usagef("-%s is a PageRank flag; HITS (-hits) does not use it", name)
						}
					}
				} else if set["hits-iter"] {
					return usagef("-hits-iter needs -hits")
				}
				switch {
				case !(*damping > 0 && *damping <= 1):
					// d = 0 would make every score the teleport vector itself.
					return usagef("-d must be in (0,1], got %g", *damping)
				case !(*tol > 0):
					return usagef("-tol must be positive, got %g", *tol)
				case *maxIter < 1:
					return usagef("-max-iter must be at least 1, got %d", *maxIter)
				case *hitsIter < 1:
					return usagef("-hits-iter must be at least 1, got %d", *hitsIter)
				case *top < 0:
					return usagef("-top must be 0 or more, got %d", *top)
				}
				var spec seeds.Spec
				if *seedSpec != "" {
					var err error
					if spec, err = parseSeedFlag(*seedSpec); err != nil {
						return usagef("-seeds: %v", err)
					}
				}
				if err := checkOutputPath("o", *outPath); err != nil {
					return err
				}
				if err := in.check(args); err != nil {
					return err
				}
				if spec.Kind == seeds.HostRoots && !in.mayHaveURLs() {
					return usagef("-seeds host-roots needs hosts: give -urls FILE")
				}
				g, _, err := in.load(ctx, e)
				if err != nil {
					return err
				}
				r := ranker{e: e, g: g, workers: runtime.NumCPU()}
				if *hits {
					return r.hits(ctx, *hitsIter, *top, *outPath, *asJSON)
				}
				opt := rank.Options{Damping: *damping, Tolerance: *tol, MaxIterations: *maxIter, Workers: r.workers}
				return r.pagerank(ctx, opt, spec, *randomSeed, *top, *outPath, *asJSON)
			}
		},
	}
}

// parseSeedFlag reads a -seeds value. list:FILE reads the list from a
// file; a single list item that is neither a page id nor a URL must name an
// existing file.
func parseSeedFlag(text string) (seeds.Spec, error) {
	spec, err := seeds.Parse(text)
	if err != nil || spec.Kind != seeds.List || len(spec.Items) != 1 {
		return spec, err
	}
	item := spec.Items[0]
	if _, err := strconv.ParseUint(item, 10, 32); err == nil || strings.Contains(item, "://") {
		return spec, nil
	}
	f, err := os.Open(item)
	if err != nil {
		return spec, fmt.Errorf("list:%s: cannot read the seed list: %w", item, errors.Unwrap(err))
	}
	defer f.Close()
	return seeds.ReadList(f, item)
}

// ranker runs one ranking computation on a loaded graph.
type ranker struct {
	e        *env
	g        *graph.Graph
	workers  int
	progress *progress
}

func (r *ranker) pagerank(ctx context.Context, opt rank.Options, spec seeds.Spec, randomSeed uint64, top int, outPath string, asJSON bool) error {
	tr := r.g.Transpose()
	measure, column := "pagerank", "pagerank"
	var trusted []uint32
	r.progress = r.e.newProgress("pagerank", false)
	defer r.progress.finish()
	if spec.Kind != "" {
		measure, column = "personalized pagerank", "personalized_pagerank"
		if (spec.Kind == seeds.Random || spec.Kind == seeds.TopPageRank) && spec.K > r.g.NumNodes() {
			fmt.Fprintf(r.e.stderr, "warning: -seeds %s asks for more pages than the graph's %d; all of them are trusted\n", spec, r.g.NumNodes())
		}
		sopt := seeds.Options{Rand: rand.New(rand.NewPCG(randomSeed, 0))}
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
		fmt.Fprintf(r.e.stderr, "warning: stopped after %d iterations with L1 change %.3g, above -tol %g\n", res.Iterations, res.Residual, opt.Tolerance)
	}
	if outPath != "" {
		if err := writeOutputs(ctx, r.e, output{outPath, func(w io.Writer) error { return writeScores(w, r.g, column, res.Scores, nil) }}); err != nil {
			return err
		}
	}
	best := topPages(res.Scores, top)
	if asJSON {
		type row struct {
			Rank  int     `json:"rank"`
			Page  uint32  `json:"page"`
			Score float64 `json:"score"`
			URL   string  `json:"url,omitempty"`
		}
		rows := make([]row, len(best))
		for k, p := range best {
			rows[k] = row{k + 1, p, res.Scores[p], r.url(p)}
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
	fmt.Fprintf(r.e.stdout, "%s: d=%g, %d iterations, L1 change %.3g", measure, opt.Damping, res.Iterations, res.Residual)
	if trusted != nil {
		fmt.Fprintf(r.e.stdout, ", %d trusted pages", len(trusted))
	}
	fmt.Fprintln(r.e.stdout)
	return r.printTop(best, []string{"score"}, [][]float64{res.Scores})
}

// runPageRank iterates, showing the iterations and the current L1 change
// on the ranker's progress bar.
func (r *ranker) runPageRank(ctx context.Context, tr *graph.Graph, opt rank.Options, what string) (rank.Result, error) {
	pr, err := rank.NewPageRank(r.g, tr, opt)
	if err != nil {
		return rank.Result{}, err
	}
	err = step.Run(ctx, pr, 1, func(s step.Progress) {
		r.progress.describe(fmt.Sprintf("%s, L1 change %.2g", what, pr.Residual()))
		r.progress.set(s.Done, s.Total)
	})
	return pr.Result(), err
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
		if err := writeOutputs(ctx, r.e, output{outPath, func(w io.Writer) error {
			return writeScores(w, r.g, "hub,authority", res.Hubs, res.Authorities)
		}}); err != nil {
			return err
		}
	}
	hubs, auths := topPages(res.Hubs, top), topPages(res.Authorities, top)
	if asJSON {
		type row struct {
			Rank      int     `json:"rank"`
			Page      uint32  `json:"page"`
			Hub       float64 `json:"hub"`
			Authority float64 `json:"authority"`
			URL       string  `json:"url,omitempty"`
		}
		rows := func(best []uint32) []row {
			out := make([]row, len(best))
			for k, p := range best {
				out[k] = row{k + 1, p, res.Hubs[p], res.Authorities[p], r.url(p)}
			}
			return out
		}
		return writeJSON(r.e.stdout, struct {
			Measure     string `json:"measure"`
			Iterations  int    `json:"iterations"`
			Hubs        []row  `json:"topHubs"`
			Authorities []row  `json:"topAuthorities"`
		}{"hits", res.Iterations, rows(hubs), rows(auths)})
	}
	fmt.Fprintf(r.e.stdout, "hits: %d iterations\n\nbest hubs\n", res.Iterations)
	if err := r.printTop(hubs, []string{"hub", "authority"}, [][]float64{res.Hubs, res.Authorities}); err != nil {
		return err
	}
	fmt.Fprintf(r.e.stdout, "\nbest authorities\n")
	return r.printTop(auths, []string{"hub", "authority"}, [][]float64{res.Hubs, res.Authorities})
}

func (r *ranker) url(p uint32) string {
	if r.g.URLs != nil {
		return r.g.URLs[p]
	}
	return ""
}

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
	if r.g.URLs != nil {
		fmt.Fprint(w, "  url")
	}
	fmt.Fprintln(w)
	for k, p := range pages {
		fmt.Fprintf(w, "%d\t%d\t", k+1, p)
		for _, c := range cols {
			fmt.Fprintf(w, "%.6g\t", c[p])
		}
		if r.g.URLs != nil {
			fmt.Fprintf(w, "  %s", r.g.URLs[p])
		}
		fmt.Fprintln(w)
	}
	return w.Flush()
}

// writeScores writes "page,<header>[,url]" CSV with one row per page; b is
// an optional second score column. Floats use the shortest form that reads
// back exactly.
func writeScores(w io.Writer, g *graph.Graph, header string, a, b []float64) error {
	line := []byte("page," + header)
	if g.URLs != nil {
		line = append(line, ",url"...)
	}
	line = append(line, '\n')
	if _, err := w.Write(line); err != nil {
		return err
	}
	for i := range a {
		line = strconv.AppendInt(line[:0], int64(i), 10)
		line = append(line, ',')
		line = strconv.AppendFloat(line, a[i], 'g', -1, 64)
		if b != nil {
			line = append(line, ',')
			line = strconv.AppendFloat(line, b[i], 'g', -1, 64)
		}
		if g.URLs != nil {
			line = append(line, ',')
			line = appendCSVField(line, g.URLs[i])
		}
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// appendCSVField appends s, quoted as RFC 4180 asks when it holds a comma,
// a quote or a line break.
func appendCSVField(b []byte, s string) []byte {
	needs := false
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ',' || c == '"' || c == '\n' || c == '\r' {
			needs = true
			break
		}
	}
	if !needs {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

// topPages returns the k pages of highest score, best first, ties to the
// smaller id, in O(n log k).
func topPages(score []float64, k int) []uint32 {
	k = min(k, len(score))
	if k <= 0 {
		return nil
	}
	h := &pageHeap{score: score}
	for i := range score {
		p := uint32(i)
		if h.Len() < k {
			heap.Push(h, p)
		} else if h.better(p, h.pages[0]) {
			h.pages[0] = p
			heap.Fix(h, 0)
		}
	}
	out := make([]uint32, h.Len())
	for j := len(out) - 1; j >= 0; j-- {
		out[j] = heap.Pop(h).(uint32)
	}
	return out
}

// pageHeap is a min-heap of pages by (score, then larger id first), so its
// root is the worst of the best k.
type pageHeap struct {
	score []float64
	pages []uint32
}

func (h *pageHeap) better(a, b uint32) bool {
	if h.score[a] != h.score[b] {
		return h.score[a] > h.score[b]
	}
	return a < b
}
func (h *pageHeap) Len() int           { return len(h.pages) }
func (h *pageHeap) Less(i, j int) bool { return h.better(h.pages[j], h.pages[i]) }
func (h *pageHeap) Swap(i, j int)      { h.pages[i], h.pages[j] = h.pages[j], h.pages[i] }
func (h *pageHeap) Push(x any)         { h.pages = append(h.pages, x.(uint32)) }
func (h *pageHeap) Pop() any {
	x := h.pages[len(h.pages)-1]
	h.pages = h.pages[:len(h.pages)-1]
	return x
}

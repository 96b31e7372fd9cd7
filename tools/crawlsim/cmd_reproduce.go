package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/reproduce"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
)

func reproduceCommand() *command {
	return &command{
		name: "reproduce",
		args: "PAPER [GRAPH]",
		summary: `Run a paper's experiment and compare with its published figures.
PAPER is 000 (fpr), 001 (rankmass), 002 (revisits), 003 (community-seeds),
004 (crawling-a-country) or all. The experiment runs with the paper's
settings (strategies, seeds, importance, politeness) on GRAPH, or on a
generated web of -n pages when none is given (the papers' own crawls are
not public). Each published figure or claim is printed
beside crawlsim's with a verdict: same value, same order, same trend,
differs (with the known reason of a difference: a graph without hosts,
say) or not run. A part of an experiment that needs what the graph lacks
(hosts, a previous snapshot) is not run, says why, and the rest runs.

Paper 004 runs on the politeness clock with one connection, 15 s
between two downloads from a site and the crawler's link shared by its
transfers, so larger-sites-first differs from breadth-first where the
graph has hosts; its section 5.3 runs with 1,000 connections and 5 s.
Its historical strategies learn from a previous snapshot: -previous FILE;
without one they run apart, on a generated evolution of the graph (a
generated web uses its evolution throughout). Paper 003 extracts seeds
from the same -previous FILE, or from the graph when there is none, and
tries them on the graph or its generated evolution (section 3.5.4).

-budget N stops paper 000's crawls after N downloads, for a graph whose
crawls to the end would take too long: its findings compare the crawls
download by download, and its paper reads its times at 80 million of
105.9 million pages. The other papers read whole crawls and refuse it.

-o DIR writes report.md (the tables, crawlsim's version, the graph's
fingerprint and the command that reproduces each number, run in DIR),
the scenario files those commands run, which name the graph and its
other files (URLs, previous snapshot, page sizes) by their full paths,
and SVG charts drawn like the papers' figures.
When DIR holds the report.md of an earlier reproduce, the scenario files
and charts it wrote (NNN-NAME.json, NNN-NAME.svg, listed in a comment at
the end of that report) and the new one does not are removed once the new
files are written, and reproduce says which; no other file is touched.
-json prints the papers' tables and findings with their verdicts as JSON.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			f := &reproduceFlags{}
			f.in.register(fs)
			fs.StringVar(&f.prev, "previous", "", "older snapshot `FILE` of the graph, for paper 004's historical strategies and paper 003's seeds of an older snapshot (pages matched by URL, else by id)")
			fs.StringVar(&f.prevURLs, "previous-urls", "", "URL list `FILE` of the -previous graph")
			f.pages = reproduce.DefaultPages
			fs.Var(wholeFlag{&f.pages}, "n", "`PAGES` of the generated web when no GRAPH is given, at least 100")
			fs.Var(wholeFlag64{&f.budget}, "budget", "download at most `N` pages per crawl, for paper 000, whose findings compare crawls download by download (0: until the frontier is empty)")
			seedVar(fs, &f.seed, "random-seed", model.DefaultRandomSeed, "`SEED` of every random choice of the runs")
			fs.StringVar(&f.dir, "o", "", "write report.md, the scenario files and the charts into `DIR` (made when missing, with any missing folders above it, which go again if reproduce fails; the files an earlier reproduce wrote there that the new report does not name are removed)")
			fs.BoolVar(&f.asJSON, "json", false, "print the tables and the findings with their verdicts as JSON instead of text")
			return func(ctx context.Context, e *env, args []string) error {
				return f.run(ctx, e, args)
			}
		},
	}
}

// reproduceFlags holds reproduce's flags.
type reproduceFlags struct {
	in             graphInput
	prev, prevURLs string
	pages          int
	budget         int64
	seed           uint64
	dir            string
	asJSON         bool
}

func (f *reproduceFlags) run(ctx context.Context, e *env, args []string) (err error) {
	if len(args) < 1 || len(args) > 2 {
		return usagef("expected PAPER and at most one graph file, got %d arguments", len(args))
	}
	papers, err := reproduce.Find(args[0])
	if err != nil {
		return usagef("%v", err)
	}
	if f.budget < 0 {
		// as run says it
		return usagef("-budget %d is negative; 0 means no limit", f.budget)
	}
	if err := reproduce.CheckBudget(papers, f.budget); err != nil {
		return usagef("-budget: %v", err)
	}
	if f.prevURLs != "" && f.prev == "" {
		return usagef("-previous-urls needs -previous")
	}
	if f.seed == 0 {
		return usagef("-random-seed 0: want a positive seed")
	}
	var ins []inputFile
	if len(args) == 2 {
		if err := f.in.check(args[1:]); err != nil {
			return err
		}
		ins = append(f.in.inputs(), graphFiles(f.prev, graphio.FormatAuto, "the previous snapshot")...)
		ins = append(ins, inputFile{f.prevURLs, "the previous snapshot's URL list " + f.prevURLs})
	} else {
		if f.in.urls != "" || f.in.formatName != "" || f.prev != "" {
			return usagef("-urls, -format and -previous need a GRAPH")
		}
		if f.pages < 100 || uint64(f.pages) > model.MaxPages {
			// in run's and gen's words, with the least a paper's
			// experiment takes
			return usagef("-n %d is out of range: want 100 to %s", f.pages, model.Count(uint64(model.MaxPages)))
		}
	}
	if f.dir != "" {
		// A folder that cannot be looked at (a link that loops, a file
		// on the way) says why; one made here goes again when the
		// command fails with it still empty.
		switch st, statErr := os.Stat(f.dir); {
		case statErr == nil && !st.IsDir():
			return usagef("-o %s: that is a file; name a folder for report.md and the files beside it", f.dir)
		case statErr == nil:
		case fileOnTheWay(f.dir) != "":
			return usagef("-o %s: %s is a file, not a folder", f.dir, fileOnTheWay(f.dir))
		case !errors.Is(statErr, fs.ErrNotExist):
			return fmt.Errorf("-o %s: %w", f.dir, causeOf(statErr))
		default:
			// A stop signal that kills the process before the command
			// ends removes them too (removeTempFiles).
			made, mkErr := tempFiles.makeFolder(f.dir)
			if mkErr != nil {
				return fmt.Errorf("-o %s: %w", f.dir, causeOf(mkErr))
			}
			defer func() { tempFiles.doneWithFolders(made, err != nil) }()
		}
		// The report and its manifest belong to DIR: through a link
		// they would replace another folder's report.
		report := filepath.Join(f.dir, "report.md")
		if st, err := os.Lstat(report); err == nil && st.Mode()&fs.ModeSymlink != 0 {
			return usagef("-o %s: %s is a symbolic link; reproduce writes its report into the folder itself, so remove the link or choose another folder", f.dir, report)
		}
		if err := checkFiles(e, ins, []outputFlag{{"o", filepath.Join(f.dir, "report.md")}}, f.asJSON); err != nil {
			return err
		}
	}

	in, meta, err := f.input(ctx, e, args)
	if err != nil {
		return err
	}
	runs := reproduce.PlanPapers(papers, in).Runs
	var outs []outputFlag
	if f.dir != "" {
		outs = append(outs, outputFlag{"o", filepath.Join(f.dir, "report.md")})
		for _, r := range runs {
			outs = append(outs, outputFlag{"o", filepath.Join(f.dir, r.Name+".json")})
		}
		if err := checkFiles(e, ins, outs, f.asJSON); err != nil {
			return err
		}
	}

	start := time.Now()
	reps, err := f.reproducePapers(ctx, e, papers, in)
	if err != nil {
		return err
	}
	meta.Seconds = time.Since(start).Seconds()

	var files []output
	var stale []string
	if f.dir != "" {
		files, err = f.reportFiles(e, ins, outs, reps, meta)
		if err != nil {
			return err
		}
		written := map[string]bool{}
		for _, o := range files {
			written[filepath.Base(o.path)] = true
		}
		stale = staleReportFiles(f.dir, written, ins)
	}
	// The earlier report's files go only once the new report is written.
	err = writeOutputs(ctx, e, files...)
	if errors.Is(err, context.Canceled) {
		return err
	}
	if err == nil {
		removeStaleReportFiles(e, stale)
		// The line that ends the command names report.md first: the
		// scenarios and charts it links to are written before it.
		if i := slices.Index(e.written, filepath.Join(f.dir, "report.md")); i > 0 {
			e.written = slices.Insert(slices.Delete(e.written, i, i+1), 0, filepath.Join(f.dir, "report.md"))
		}
	}
	return errors.Join(err, f.print(e.stdout, reps, meta))
}

// print writes the reproductions on w: as JSON with -json, else as text.
func (f *reproduceFlags) print(w io.Writer, reps []*reproduce.Report, meta reproduce.Meta) error {
	if f.asJSON {
		return writeReproductionJSON(w, reps, meta, f.dir)
	}
	return printTerminal(w, func(w io.Writer) error {
		for i, rep := range reps {
			if i > 0 {
				io.WriteString(w, "\n")
			}
			if err := reproduce.WriteText(w, rep); err != nil {
				return err
			}
		}
		return nil
	})
}

// input describes the graph of the reproduction: the file given, loaded
// once here for its hosts, its size and its fingerprint, or the generated
// web of -n pages.
func (f *reproduceFlags) input(ctx context.Context, e *env, args []string) (reproduce.Input, reproduce.Meta, error) {
	meta := reproduce.Meta{Version: crawlsimVersion()}
	var in reproduce.Input
	var g *graph.Graph
	if len(args) == 2 {
		var err error
		if g, err = f.in.load(ctx, e); err != nil {
			return in, meta, err
		}
		in = reproduce.Input{
			Graph:      scenario.Source{File: f.in.path, Format: f.in.formatName, URLs: f.in.urls, Renumber: f.in.renumber},
			Hosts:      g.HasHosts(),
			Pages:      int64(g.NumNodes()),
			RandomSeed: f.seed,
			Budget:     f.budget,
		}
		if f.prev != "" {
			if err := mustExist(f.prev); err != nil {
				return in, meta, ofFlag("previous", err)
			}
			if f.prevURLs != "" {
				if err := mustExist(f.prevURLs); err != nil {
					return in, meta, ofFlag("previous-urls", err)
				}
			}
			in.Previous = &scenario.PreviousSource{File: webGraphBasename(f.prev), URLs: f.prevURLs}
		}
		// By its full path, as the report's scenario files name it
		// (withFullPaths).
		name := f.in.path
		if abs, err := filepath.Abs(name); err == nil {
			name = abs
		}
		meta.Graph = fmt.Sprintf("%s (%s pages, %s links, %s)", name, model.Count(g.NumNodes()), model.Count(g.NumArcs()), hostsText(g))
	} else {
		in = reproduce.GeneratedInput(f.pages, f.seed)
		in.Budget = f.budget
		sc, err := scenario.Normalize(scenario.Scenario{Graph: in.Graph})
		if err != nil {
			return in, meta, usagef("%v", err)
		}
		in.Graph = sc.Graph
		p := scenario.GeneratorParams(*sc.Graph.Generate)
		bar := e.newProgress("generate", false)
		gr, err := gen.NewGenerator(p)
		if err == nil {
			err = step.Run(ctx, gr, 1<<16, func(s step.Progress) { bar.describe("generate (" + s.Stage + ")"); bar.set(s.Done, s.Total) })
		}
		bar.finish()
		if err != nil {
			return in, meta, err
		}
		g = gr.Graph()
		meta.Graph = fmt.Sprintf("generated web: %s pages, %s hosts, %s links, generator seed %d", model.Count(g.NumNodes()), model.Count(p.Hosts), model.Count(g.NumArcs()), p.Seed)
	}
	meta.Checksum = fmt.Sprintf("%016x", graphio.Fingerprint(g))
	return in, meta, nil
}

func hostsText(g *graph.Graph) string {
	if !g.HasHosts() {
		return "no hosts"
	}
	return model.Counted(g.NumHosts(), "host", "hosts")
}

// reproducePapers runs and assesses papers on in. Of several papers, one
// whose runs or assessment fail (paper 003 finds no community core on a
// graph of one host) says why in its report and on stderr, and the rest
// run; a single paper's failure, or a cancellation, is the error.
func (f *reproduceFlags) reproducePapers(ctx context.Context, e *env, papers []*reproduce.Paper, in reproduce.Input) ([]*reproduce.Report, error) {
	if len(papers) == 1 {
		plans := reproduce.PlanPapers(papers, in)
		results, err := f.runAll(ctx, e, plans.Runs)
		if err != nil {
			return nil, err
		}
		return plans.Assess(results)
	}
	var reps []*reproduce.Report
	for _, p := range papers {
		rs, err := f.reproducePapers(ctx, e, []*reproduce.Paper{p}, in)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			fmt.Fprintf(e.stderr, "warning: paper %s (%s) could not run, the others did: %s\n", p.ID, p.Name, terminalText(err.Error()))
			rs = []*reproduce.Report{{Paper: p, Notes: []string{"It could not run on this graph: " + err.Error() + "."}}}
		}
		reps = append(reps, rs...)
	}
	return reps, nil
}

// runAll runs the scenarios with a progress bar on a terminal; Ctrl-C
// stops them.
func (f *reproduceFlags) runAll(ctx context.Context, e *env, runs []reproduce.Run) (reproduce.Results, error) {
	sr, err := newStepRunner(ctx, e)
	if err != nil {
		return reproduce.Results{}, err
	}
	rp := reproduce.NewReproduction(runs, sr.Env)
	bar := e.newProgress("reproduce", false)
	err = sr.run(rp, func(p step.Progress) {
		bar.describe(p.Stage)
		labels, strategies := rp.StrategyProgress()
		bar.showCrawls(crawlsBeside(p, labels, strategies))
		bar.setUneven(p.Uneven)
		bar.set(p.Done, p.Total)
	})
	bar.finish()
	if err != nil {
		return reproduce.Results{}, err
	}
	return rp.Results(), nil
}

// reportFiles are the files of -o DIR: report.md, the runs' scenarios and
// the charts, checked again against the inputs now that the charts' names
// are known.
func (f *reproduceFlags) reportFiles(e *env, ins []inputFile, outs []outputFlag, reps []*reproduce.Report, meta reproduce.Meta) ([]output, error) {
	var files []output
	for _, rep := range reps {
		for _, c := range rep.Charts {
			outs = append(outs, outputFlag{"o", filepath.Join(f.dir, c.Name)})
			svg := c.SVG
			files = append(files, output{path: filepath.Join(f.dir, c.Name), inMemory: true, write: func(w io.Writer) error {
				_, err := w.Write(svg)
				return err
			}})
		}
		for _, r := range rep.Runs {
			files = append(files, output{path: filepath.Join(f.dir, r.Name+".json"), inMemory: true, write: func(w io.Writer) error {
				var b []byte
				var err error
				if r.Crawl != nil {
					var sc scenario.Scenario
					if sc, err = withFullPaths(*r.Crawl); err == nil {
						b, err = scenario.Marshal(sc)
					}
				} else {
					b, err = scenario.MarshalRefresh(*r.Refresh)
				}
				if err == nil {
					_, err = w.Write(b)
				}
				return err
			}})
		}
	}
	if err := checkFiles(e, ins, outs, false); err != nil {
		return nil, err
	}
	meta.Command = func(r reproduce.Run) string {
		cmd := "run"
		if r.Refresh != nil {
			cmd = "refresh"
		}
		return fmt.Sprintf("crawlsim %s -scenario %s", cmd, r.Name+".json")
	}
	var names []string
	for _, o := range files {
		var b bytes.Buffer
		if err := o.write(&b); err != nil {
			return nil, fmt.Errorf("cannot make %s: %w", o.path, err)
		}
		names = append(names, manifestEntry(filepath.Base(o.path), b.Bytes()))
	}
	files = append(files, output{path: filepath.Join(f.dir, "report.md"), inMemory: true, write: func(w io.Writer) error {
		if err := reproduce.WriteMarkdown(w, reps, meta); err != nil {
			return err
		}
		return writeReportManifest(w, names)
	}})
	return files, nil
}

// crawlsimVersion is the module's version and the commit it was built
// from, as the Go tool records them.
func crawlsimVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = " (modified)"
			}
		}
	}
	if rev != "" {
		v += ", commit " + rev + modified
	}
	return strings.TrimSpace(v) + ", " + info.GoVersion
}

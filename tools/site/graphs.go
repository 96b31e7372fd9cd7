package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// GraphSpec is a graph to put into the site, as -graph and -urls give it.
type GraphSpec struct {
	// File is the graph file on this machine, in any format crawlsim
	// reads (its name says which), gzip-compressed or not; a BVGraph is
	// named by its NAME.graph, and its NAME.properties and NAME.offsets
	// beside it go along.
	File string
	// Name is its path in the site's graphs folder ("cs-stanford.edges",
	// "2001/cs-stanford.edges"); "" is File's base name.
	Name string
	// URLs is its URL list on this machine, "" when it has none; it goes
	// beside the graph in the site, under its base name.
	URLs string
}

// graphFlags collects the -graph and -urls flags: each -graph adds a
// graph, each -urls gives the URL list of the -graph just before it.
type graphFlags struct{ specs *[]GraphSpec }

// graphFlag is -graph [NAME=]FILE.
type graphFlag graphFlags

func (f graphFlag) String() string { return "" }

func (f graphFlag) Set(v string) error {
	if v == "" {
		return errors.New("empty file name")
	}
	spec := GraphSpec{File: v}
	if name, file, ok := strings.Cut(v, "="); ok {
		if _, err := os.Stat(v); err != nil { // a file named with "=" is a file
			spec = GraphSpec{File: file, Name: name}
		}
	}
	*f.specs = append(*f.specs, spec)
	return nil
}

// urlsFlag is -urls FILE.
type urlsFlag graphFlags

func (f urlsFlag) String() string { return "" }

func (f urlsFlag) Set(v string) error {
	specs := *f.specs
	switch {
	case len(specs) == 0:
		return errors.New("-urls gives the URL list of the -graph before it, and there is none")
	case specs[len(specs)-1].URLs != "":
		return fmt.Errorf("%s has a URL list already (%s)", specs[len(specs)-1].File, specs[len(specs)-1].URLs)
	case v == "":
		return errors.New("empty file name")
	}
	specs[len(specs)-1].URLs = v
	return nil
}

// SiteGraph is a graph ready to go into a site: its entry in the site's
// list (model.SiteGraphs) and, for each of its paths in the site, the
// file on this machine it is a copy of.
type SiteGraph struct {
	model.SiteGraph
	// Sources gives the file on this machine of each path of the
	// graph's files in the site.
	Sources map[string]string
}

// PrepareGraphs checks the graphs of specs and returns them ready for
// the site, in the same order: each graph is read as the page will read
// it (its format from its name, with its URL list), which refuses a file
// that does not read with an error naming it, and gives the statistics
// the page lists. A name that would leave the site's graphs folder, or
// that two different files would take, is refused.
func PrepareGraphs(specs []GraphSpec) ([]SiteGraph, error) {
	var graphs []SiteGraph
	taken := map[string]string{} // path in the site -> file
	for _, spec := range specs {
		g, err := prepareGraph(spec)
		if err != nil {
			return nil, err
		}
		for _, p := range g.Files() {
			src := g.Sources[p]
			if other, ok := taken[p]; ok && !samePath(other, src) {
				return nil, fmt.Errorf("-graph %s: %s and %s would both be the site's %s; name one otherwise with -graph NAME=FILE", spec.File, other, src, p)
			}
			taken[p] = src
		}
		graphs = append(graphs, g)
	}
	return graphs, nil
}

// prepareGraph checks the graph of spec (PrepareGraphs).
func prepareGraph(spec GraphSpec) (SiteGraph, error) {
	fail := func(format string, args ...any) (SiteGraph, error) {
		return SiteGraph{}, fmt.Errorf("-graph %s: "+format, append([]any{spec.File}, args...)...)
	}
	name := spec.Name
	if name == "" {
		name = filepath.Base(spec.File)
	}
	site := model.SiteGraphsDir + "/" + name
	if err := model.CheckSitePath(site); err != nil {
		return fail("%w", err)
	}
	format := graphio.FormatFromName(spec.File)
	if f := graphio.FormatFromName(name); f != format {
		return fail("the name %s reads as %s, the file as %s: keep the file's extension", name, f, format)
	}
	if format == graphio.FormatBVGraph && !strings.HasSuffix(strings.ToLower(strings.TrimSuffix(spec.File, ".gz")), ".graph") {
		return fail("name a BVGraph by its .graph file; its .properties and .offsets go along")
	}
	g := SiteGraph{SiteGraph: model.SiteGraph{File: site}, Sources: map[string]string{site: spec.File}}
	// A BVGraph's other files, beside it on this machine and in the site.
	sources := graphio.InputFiles(spec.File, format)
	paths := graphio.InputFiles(site, format)
	for i := 1; i < len(sources); i++ {
		if _, err := os.Stat(sources[i]); err != nil {
			if strings.HasSuffix(sources[i], ".offsets") && errors.Is(err, fs.ErrNotExist) {
				continue // optional
			}
			return fail("%w", cannotRead(err))
		}
		g.Extra = append(g.Extra, paths[i])
		g.Sources[paths[i]] = sources[i]
	}
	if spec.URLs != "" {
		g.URLs = path.Join(path.Dir(site), filepath.Base(spec.URLs))
		if err := model.CheckSitePath(g.URLs); err != nil {
			return fail("URL list %s: %v", spec.URLs, err)
		}
		if g.URLs == site || g.Sources[g.URLs] != "" {
			return fail("its URL list %s has the name of one of its files", spec.URLs)
		}
		g.Sources[g.URLs] = spec.URLs
	}
	for _, p := range g.Files() {
		fi, err := os.Stat(g.Sources[p])
		if err != nil {
			return fail("%w", cannotRead(err))
		}
		if fi.IsDir() {
			return fail("%s is a folder, not a file", g.Sources[p])
		}
		if !fi.Mode().IsRegular() {
			return fail("%s is not a regular file", g.Sources[p])
		}
		g.Bytes += fi.Size()
	}
	gr, _, err := graphio.Load(SourceFS(g.Sources), site, graphio.LoadOptions{URLs: g.URLs})
	if err != nil {
		// The reader names the files by their paths in the site: the
		// error names them as the command line gave them.
		return SiteGraph{}, fmt.Errorf("-graph: %w", sourceNamed(err, g.Sources))
	}
	g.Stats = graph.ComputeStats(gr, 5)
	return g, nil
}

// cannotRead words a failure to stat a file as the command line does,
// "cannot read NAME: no such file or directory", rather than as Go's
// *fs.PathError ("stat NAME: ..."); it still wraps the cause.
func cannotRead(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("cannot read %s: %w", pe.Path, pe.Err)
	}
	return err
}

// tooLarge says that graph g is more than the page can hold, in the
// worker's words (wasm/session refuses such a load), and "" when the
// page holds it: its files must fit in half the worker's memory budget,
// and a comparison on it (model.RunBytes) with them in all of it.
func tooLarge(g SiteGraph) string {
	budget := int64(protocol.DefaultMemoryBudget)
	need := model.RunBytes(int64(g.Stats.Pages), g.Stats.Links) + g.Bytes
	switch {
	case g.Bytes > budget/2:
		return fmt.Sprintf("%s: %s of files is more than the page can hold (at most %s); the page will refuse it, crawlsim run compares it",
			g.File, protocol.BytesText(g.Bytes), protocol.BytesText(budget/2))
	case need > budget:
		return fmt.Sprintf("%s: %s pages and %s links need about %s to compare strategies, above the page's memory budget of %s; the page will refuse it, crawlsim run compares it",
			g.File, model.Count(g.Stats.Pages), model.Count(g.Stats.Links), protocol.BytesText(need), protocol.BytesText(budget))
	}
	return ""
}

// sourceNamed returns err with each path in the site that its message
// names replaced by the file on this machine, sources giving them; it
// wraps err, so that errors.Is and errors.As still find what it holds.
func sourceNamed(err error, sources map[string]string) error {
	msg := err.Error()
	paths := make([]string, 0, len(sources))
	for p := range sources {
		paths = append(paths, p)
	}
	// Longer paths first: graphs/a.edges.gz before graphs/a.edges.
	slices.SortFunc(paths, func(a, b string) int { return len(b) - len(a) })
	for _, p := range paths {
		msg = strings.ReplaceAll(msg, p, sources[p])
	}
	return &renamedError{msg: msg, err: err}
}

// renamedError is an error with another message (sourceNamed).
type renamedError struct {
	msg string
	err error
}

func (e *renamedError) Error() string { return e.msg }
func (e *renamedError) Unwrap() error { return e.err }

// SourceFS is a file system of the files on this machine, by their
// paths in the site.
type SourceFS map[string]string

// Open opens the file on this machine whose path in the site is name.
func (s SourceFS) Open(name string) (fs.File, error) {
	src, ok := s[name]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return os.Open(src)
}

// graphList is the site's list of graphs (model.SiteGraphsFile) as JSON.
func graphList(graphs []SiteGraph) ([]byte, error) {
	list := model.SiteGraphs{Graphs: []model.SiteGraph{}}
	for _, g := range graphs {
		list.Graphs = append(list.Graphs, g.SiteGraph)
	}
	data, err := json.MarshalIndent(list, "", "\t")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// WriteGraphs copies the files of graphs into the site in out (under
// model.SiteGraphsDir) and writes the site's list of its graphs
// (model.SiteGraphsFile), which lists exactly these: a site written
// without graphs lists none. Every file goes through a temporary file
// renamed into place. A file already at its place (out is where it came
// from) is left as it is. No input is ever replaced: an input that is
// one of the site's other files (an earlier build's copy of another
// graph, its list, a file of the page) is refused before anything is
// written.
func WriteGraphs(out string, graphs []SiteGraph, log io.Writer) error {
	start := time.Now()
	if err := checkInputs(out, "", graphs, true); err != nil {
		return err
	}
	files, total := 0, int64(0)
	for _, g := range graphs {
		for _, p := range g.Files() {
			src, dst := g.Sources[p], filepath.Join(out, filepath.FromSlash(p))
			if samePath(src, dst) {
				continue
			}
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			n, err := copyFile(src, dst)
			if err != nil {
				return fmt.Errorf("copying %s into the site: %w", src, err)
			}
			files++
			total += n
		}
	}
	list, err := graphList(graphs)
	if err != nil {
		return err
	}
	if _, err := writeFileAtomic(filepath.Join(out, model.SiteGraphsFile), bytes.NewReader(list)); err != nil {
		return err
	}
	fmt.Fprintf(log, "put %d %s into the site, %d %s copied in %s (%s)\n", len(graphs), plural(len(graphs), "graph", "graphs"),
		files, plural(files, "file", "files"), roundDuration(time.Since(start)), formatSize(total))
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// checkInputs refuses the inputs of graphs that a site written into out
// would replace: the files of the page Build writes, those it copies
// from the folder static ("" when it copies none), the site's list of
// graphs and, when copies is set, another graph's copy (a graph's own
// copy, at its place already, is left as it is).
func checkInputs(out, static string, graphs []SiteGraph, copies bool) error {
	outputs := []string{model.SiteGraphsFile, vuguScript, "wasm_exec.js"}
	for _, b := range binaries {
		outputs = append(outputs, b.name+CompressedSuffix)
	}
	if static != "" {
		filepath.WalkDir(static, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if rel, err := filepath.Rel(static, p); err == nil {
					outputs = append(outputs, filepath.ToSlash(rel))
				}
			}
			return nil
		})
	}
	for _, g := range graphs {
		for _, p := range g.Files() {
			if copies {
				outputs = append(outputs, p)
			}
		}
	}
	for _, g := range graphs {
		for _, p := range g.Files() {
			src := g.Sources[p]
			for _, o := range outputs {
				if o == p {
					continue
				}
				if dst := filepath.Join(out, filepath.FromSlash(o)); samePath(src, dst) {
					return fmt.Errorf("-graph: %s is the site's %s, which writing the site would replace; copy it elsewhere first", src, o)
				}
			}
		}
	}
	return nil
}

// GraphsHandler serves the site's list of graphs (model.SiteGraphsFile)
// and the files of graphs from where they are on this machine, by their
// paths in the site, and everything else with next: the development
// server's site, with the graphs of -graph, copies nothing.
func GraphsHandler(graphs []SiteGraph, next http.Handler) (http.Handler, error) {
	list, err := graphList(graphs)
	if err != nil {
		return nil, err
	}
	files := map[string]string{}
	for _, g := range graphs {
		for _, p := range g.Files() {
			files["/"+p] = g.Sources[p]
		}
	}
	modTime := time.Now()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		src, isGraph := files[r.URL.Path]
		if r.URL.Path != "/"+model.SiteGraphsFile && !isGraph {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		if !startServing(w, r) {
			return
		}
		if !isGraph {
			h.Set("Content-Type", contentTypes[".json"])
			http.ServeContent(w, r, model.SiteGraphsFile, modTime, bytes.NewReader(list))
			return
		}
		f, err := os.Open(src)
		if err != nil {
			http.Error(w, "404 page not found: "+path.Base(r.URL.Path)+" is no longer readable", http.StatusNotFound)
			return
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			http.NotFound(w, r)
			return
		}
		h.Set("Content-Type", "application/octet-stream")
		h.Set("ETag", etag(fi))
		http.ServeContent(w, r, "", fi.ModTime(), f)
	}), nil
}

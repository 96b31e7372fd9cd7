package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// A small crawl: 5 pages on 2 hosts, page 4 without links.
const (
	tinyEdges = "# a tiny crawl\n0 1\n1 2\n2 0\n3 0\n"
	tinyURLs  = "http://a.example/\nhttp://a.example/x\nhttp://b.example/\nhttp://b.example/y\nhttp://a.example/z\n"
)

// tinyGraphs writes the tiny crawl as an edge list, a gzip-compressed one
// and a URL list into a new folder, and returns the folder.
func tinyGraphs(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "tiny.edges"), tinyEdges)
	writeFile(t, filepath.Join(dir, "tiny.urls"), tinyURLs)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(tinyEdges))
	zw.Close()
	writeFile(t, filepath.Join(dir, "tiny.edges.gz"), gz.String())
	return dir
}

// readList reads the site's list of graphs in out.
func readList(t *testing.T, out string) model.SiteGraphs {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, model.SiteGraphsFile))
	if err != nil {
		t.Fatal(err)
	}
	var list model.SiteGraphs
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatalf("%s: %v", model.SiteGraphsFile, err)
	}
	return list
}

func TestWriteGraphsCopiesTheFiles(t *testing.T) {
	dir := tinyGraphs(t)
	graphs, err := PrepareGraphs([]GraphSpec{
		{File: filepath.Join(dir, "tiny.edges"), URLs: filepath.Join(dir, "tiny.urls")},
		{File: filepath.Join(dir, "tiny.edges.gz"), Name: "2004/tiny.edges.gz"},
	})
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var log bytes.Buffer
	if err := WriteGraphs(out, graphs, &log); err != nil {
		t.Fatal(err)
	}
	for site, src := range map[string]string{
		"graphs/tiny.edges": "tiny.edges", "graphs/tiny.urls": "tiny.urls", "graphs/2004/tiny.edges.gz": "tiny.edges.gz",
	} {
		got, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(site)))
		if err != nil {
			t.Errorf("%s: %v", site, err)
			continue
		}
		want, _ := os.ReadFile(filepath.Join(dir, src))
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not a copy of %s", site, src)
		}
	}
	list := readList(t, out)
	if len(list.Graphs) != 2 {
		t.Fatalf("%s lists %d graphs, want 2: %+v", model.SiteGraphsFile, len(list.Graphs), list)
	}
	g := list.Graphs[0]
	if g.File != "graphs/tiny.edges" || g.URLs != "graphs/tiny.urls" || g.Stats.Pages != 5 || g.Stats.Links != 4 || g.Stats.Hosts != 2 || g.Stats.Dangling != 1 {
		t.Errorf("first graph listed as %+v; want graphs/tiny.edges with graphs/tiny.urls, 5 pages, 4 links, 1 dangling, 2 hosts", g)
	}
	if want := int64(len(tinyEdges) + len(tinyURLs)); g.Bytes != want {
		t.Errorf("first graph has %d bytes, want %d", g.Bytes, want)
	}
	// Without a URL list the ids are the pages: 0 to 3.
	if g := list.Graphs[1]; g.File != "graphs/2004/tiny.edges.gz" || g.URLs != "" || g.Stats.Pages != 4 || g.Stats.Hosts != 0 {
		t.Errorf("second graph listed as %+v; want graphs/2004/tiny.edges.gz, 4 pages, no hosts", g)
	}
	if !strings.Contains(log.String(), "2 graphs") {
		t.Errorf("the log says %q", log.String())
	}

	// A site written again without graphs lists none.
	if err := WriteGraphs(out, nil, io.Discard); err != nil {
		t.Fatal(err)
	}
	if list := readList(t, out); len(list.Graphs) != 0 {
		t.Errorf("a site written without graphs lists %+v", list.Graphs)
	}
}

// TestWriteGraphsBVGraph puts the cs-stanford BVGraph into a site: its
// .properties goes along.
func TestWriteGraphsBVGraph(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "cs-stanford")
	file := filepath.Join(dir, "cs-stanford.graph")
	if _, err := os.Stat(file); err != nil {
		t.Skipf("cs-stanford data not available (%v); it lives in ../shared/data beside the repository", err)
	}
	graphs, err := PrepareGraphs([]GraphSpec{{File: file, URLs: filepath.Join(dir, "cs-stanford.urls")}})
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if err := WriteGraphs(out, graphs, io.Discard); err != nil {
		t.Fatal(err)
	}
	g := readList(t, out).Graphs[0]
	if g.File != "graphs/cs-stanford.graph" || !slices.Equal(g.Extra, []string{"graphs/cs-stanford.properties"}) || g.URLs != "graphs/cs-stanford.urls" {
		t.Errorf("listed as %+v", g)
	}
	// The facts of ../shared/data/README.md.
	if g.Stats.Pages != 9914 || g.Stats.Links != 36854 || g.Stats.Hosts != 21 {
		t.Errorf("cs-stanford listed with %d pages, %d links, %d hosts; want 9914, 36854, 21", g.Stats.Pages, g.Stats.Links, g.Stats.Hosts)
	}
	for _, p := range g.Files() {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(p))); err != nil {
			t.Error(err)
		}
	}
}

func TestPrepareGraphsRefusesNamesThatEscape(t *testing.T) {
	dir := tinyGraphs(t)
	file := filepath.Join(dir, "tiny.edges")
	for _, name := range []string{
		"../tiny.edges", "a/../../tiny.edges", "/tiny.edges", "a//tiny.edges", ".tiny.edges", "a/.git/tiny.edges",
		`a\..\tiny.edges`, "C:tiny.edges", "./tiny.edges", "a/",
	} {
		_, err := PrepareGraphs([]GraphSpec{{File: file, Name: name}})
		if err == nil {
			t.Errorf("the name %q was taken", name)
			continue
		}
		if !strings.Contains(err.Error(), file) {
			t.Errorf("the name %q: error %q does not name the file", name, err)
		}
	}
	// A URL list is named after its file, beside its graph.
	writeFile(t, filepath.Join(dir, ".urls"), tinyURLs)
	if _, err := PrepareGraphs([]GraphSpec{{File: file, URLs: filepath.Join(dir, ".urls")}}); err == nil {
		t.Error("a URL list named .urls was taken")
	}
	// Two files under one name.
	other := filepath.Join(t.TempDir(), "tiny.edges")
	writeFile(t, other, "0 1\n")
	_, err := PrepareGraphs([]GraphSpec{{File: file}, {File: other}})
	if err == nil || !strings.Contains(err.Error(), "graphs/tiny.edges") {
		t.Errorf("two files named tiny.edges: error %v", err)
	}
	// The same file twice is one file.
	if _, err := PrepareGraphs([]GraphSpec{{File: file, URLs: filepath.Join(dir, "tiny.urls")}, {File: filepath.Join(dir, "tiny.edges.gz"), URLs: filepath.Join(dir, "tiny.urls")}}); err != nil {
		t.Errorf("two graphs sharing a URL list: %v", err)
	}
	// A name that changes the format.
	if _, err := PrepareGraphs([]GraphSpec{{File: file, Name: "tiny.csr"}}); err == nil {
		t.Error("tiny.edges was taken as tiny.csr")
	}
}

func TestPrepareGraphsRefusesABadGraph(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.edges")
	writeFile(t, bad, "0 1\n1\n")
	_, err := PrepareGraphs([]GraphSpec{{File: bad}})
	if err == nil || !strings.Contains(err.Error(), bad+":2:") {
		t.Errorf("a bad edge list: error %v; want one naming %s and its line 2 (:2:)", err, bad)
	}
	writeFile(t, filepath.Join(dir, "ok.edges"), "0 1\n1 2\n")
	writeFile(t, filepath.Join(dir, "short.urls"), "http://a.example/\n")
	_, err = PrepareGraphs([]GraphSpec{{File: filepath.Join(dir, "ok.edges"), URLs: filepath.Join(dir, "short.urls")}})
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "short.urls")) || strings.Contains(err.Error(), "graphs/") {
		t.Errorf("a URL list too short for its graph: error %v; want it to name the URL list as given", err)
	}
	// A missing file and a folder are said in the command line's words,
	// not Go's ("stat NAME: ...", "NAME is not a regular file").
	missing := filepath.Join(dir, "missing.edges")
	_, err = PrepareGraphs([]GraphSpec{{File: missing}})
	if want := "-graph " + missing + ": cannot read " + missing + ": no such file or directory"; err == nil || !errors.Is(err, os.ErrNotExist) || err.Error() != want {
		t.Errorf("a missing file: error %v; want %q", err, want)
	}
	folder := filepath.Join(dir, "folder.edges")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err = PrepareGraphs([]GraphSpec{{File: folder}})
	if want := "-graph " + folder + ": " + folder + " is a folder, not a file"; err == nil || err.Error() != want {
		t.Errorf("a folder: error %v; want %q", err, want)
	}
	// A BVGraph without its .properties.
	writeFile(t, filepath.Join(dir, "lone.graph"), "x")
	if _, err := PrepareGraphs([]GraphSpec{{File: filepath.Join(dir, "lone.graph")}}); err == nil || !strings.Contains(err.Error(), "lone.properties") {
		t.Errorf("a BVGraph without its .properties: error %v", err)
	}
	if _, err := PrepareGraphs([]GraphSpec{{File: filepath.Join(dir, "lone.properties")}}); err == nil {
		t.Error("a BVGraph named by its .properties was taken")
	}
}

func TestWriteGraphsNeverReplacesAnInput(t *testing.T) {
	out := t.TempDir()
	// An input that is a file the site's writing replaces.
	for _, name := range []string{model.SiteGraphsFile, "page.wasm.br", "wasm_exec.js"} {
		file := filepath.Join(out, name+".edges")
		writeFile(t, file, tinyEdges)
		graphs, err := PrepareGraphs([]GraphSpec{{File: file}})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(file, filepath.Join(out, name)); err != nil {
			t.Fatal(err)
		}
		graphs[0].Sources[graphs[0].File] = filepath.Join(out, name)
		if err := WriteGraphs(out, graphs, io.Discard); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("an input that is the site's %s: error %v", name, err)
		}
		if got, _ := os.ReadFile(filepath.Join(out, name)); string(got) != tinyEdges {
			t.Errorf("the input %s was changed", name)
		}
		os.Remove(filepath.Join(out, name))
	}
	// An input that is a file the site copies from static/.
	static := t.TempDir()
	writeFile(t, filepath.Join(static, "css", "style.css"), "body {}")
	file := filepath.Join(out, "css", "style.css")
	writeFile(t, file, tinyEdges)
	graphs, err := PrepareGraphs([]GraphSpec{{File: file, Name: "style.edges"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkInputs(out, static, graphs, true); err == nil || !strings.Contains(err.Error(), "css/style.css") {
		t.Errorf("an input that is the site's copy of static/css/style.css: error %v", err)
	}
	if err := checkInputs(out, "", graphs, true); err != nil {
		t.Errorf("an input in the site that nothing replaces: %v", err)
	}

	// An input that is another graph's copy: an earlier build's.
	dir := tinyGraphs(t)
	first, err := PrepareGraphs([]GraphSpec{{File: filepath.Join(dir, "tiny.edges")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteGraphs(out, first, io.Discard); err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(out, "graphs", "tiny.edges")
	writeFile(t, filepath.Join(dir, "other.edges"), "0 1\n")
	graphs, err = PrepareGraphs([]GraphSpec{{File: copied, Name: "copy.edges"}, {File: filepath.Join(dir, "other.edges"), Name: "tiny.edges"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteGraphs(out, graphs, io.Discard); err == nil || !strings.Contains(err.Error(), copied) {
		t.Errorf("an input that another graph's copy replaces: error %v", err)
	}
	if got, _ := os.ReadFile(copied); string(got) != tinyEdges {
		t.Error("the input was replaced")
	}
	// A graph at its own place already is left as it is.
	graphs, err = PrepareGraphs([]GraphSpec{{File: copied}})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(copied)
	if err := WriteGraphs(out, graphs, io.Discard); err != nil {
		t.Fatalf("a graph at its place: %v", err)
	}
	after, err := os.Stat(copied)
	if err != nil || !os.SameFile(before, after) {
		t.Errorf("a graph at its place was written again (%v)", err)
	}
}

func TestGraphsHandler(t *testing.T) {
	dir := tinyGraphs(t)
	graphs, err := PrepareGraphs([]GraphSpec{{File: filepath.Join(dir, "tiny.edges"), URLs: filepath.Join(dir, "tiny.urls")}})
	if err != nil {
		t.Fatal(err)
	}
	static := t.TempDir()
	writeFile(t, filepath.Join(static, "index.html"), "<!doctype html>")
	h, err := GraphsHandler(graphs, Handler(static))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(p string) (int, string, http.Header) {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body), resp.Header
	}
	if code, body, h := get("/graphs/tiny.edges"); code != 200 || body != tinyEdges || h.Get("Content-Security-Policy") == "" {
		t.Errorf("graphs/tiny.edges: %d %q, policy %q", code, body, h.Get("Content-Security-Policy"))
	}
	if code, body, _ := get("/graphs/tiny.urls"); code != 200 || body != tinyURLs {
		t.Errorf("graphs/tiny.urls: %d %q", code, body)
	}
	code, body, hdr := get("/" + model.SiteGraphsFile)
	var list model.SiteGraphs
	if code != 200 || json.Unmarshal([]byte(body), &list) != nil || len(list.Graphs) != 1 || list.Graphs[0].Stats.Pages != 5 || hdr.Get("Content-Type") != "application/json" {
		t.Errorf("%s: %d %q (%s)", model.SiteGraphsFile, code, body, hdr.Get("Content-Type"))
	}
	// Other files come from the folder; nothing else of the graphs'
	// folder is served.
	if code, body, _ := get("/"); code != 200 || body != "<!doctype html>" {
		t.Errorf("/: %d %q", code, body)
	}
	if code, _, _ := get("/graphs/tiny.edges.gz"); code != 404 {
		t.Errorf("a file beside a graph is served: %d", code)
	}
	// Without graphs the list is empty, not missing.
	h, _ = GraphsHandler(nil, Handler(static))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/"+model.SiteGraphsFile, nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"graphs": []`) {
		t.Errorf("no graphs: %d %q", rec.Code, rec.Body.String())
	}
}

func TestMainGraphFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-urls", "x.urls"},
		{"-graph", "a.edges", "-urls", "a.urls", "-urls", "b.urls"},
		{"-graph", ""},
	} {
		var stderr bytes.Buffer
		err := Main(context.Background(), args, io.Discard, &stderr)
		var u *UsageError
		if !errors.As(err, &u) {
			t.Errorf("Main(%q) = %v, want a *UsageError", args, err)
		}
	}
	var specs []GraphSpec
	fs := graphFlags{&specs}
	graphFlag(fs).Set("a.edges")
	urlsFlag(fs).Set("a.urls")
	graphFlag(fs).Set("2001/b.graph=/data/b.graph")
	want := []GraphSpec{{File: "a.edges", URLs: "a.urls"}, {File: "/data/b.graph", Name: "2001/b.graph"}}
	if !slices.Equal(specs, want) {
		t.Errorf("flags read as %+v, want %+v", specs, want)
	}
	// A bad graph stops serve before it builds anything.
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "bad.edges"), "x y z\n")
	err := Main(context.Background(), []string{"-out", filepath.Join(dir, "site"), "-graph", filepath.Join(dir, "bad.edges")}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "bad.edges") {
		t.Errorf("-graph bad.edges: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "site")); err == nil {
		t.Error("the site was written despite the bad graph")
	}
}

func TestTooLarge(t *testing.T) {
	small := SiteGraph{SiteGraph: model.SiteGraph{File: "graphs/cs-stanford.edges", Bytes: 1012741, Stats: model.GraphStats{Pages: 9914, Links: 36854}}}
	if msg := tooLarge(small); msg != "" {
		t.Errorf("cs-stanford: %q", msg)
	}
	// uk-2007-05's size, in a BVGraph of a few hundred megabytes.
	big := SiteGraph{SiteGraph: model.SiteGraph{File: "graphs/uk-2007-05.graph", Bytes: 300 << 20, Stats: model.GraphStats{Pages: 105_000_000, Links: 3_700_000_000}}}
	if msg := tooLarge(big); !strings.Contains(msg, "graphs/uk-2007-05.graph") || !strings.Contains(msg, "memory budget") {
		t.Errorf("uk-2007-05: %q", msg)
	}
	files := SiteGraph{SiteGraph: model.SiteGraph{File: "graphs/big.edges", Bytes: 600 << 20, Stats: model.GraphStats{Pages: 10, Links: 10}}}
	if msg := tooLarge(files); !strings.Contains(msg, "600 MiB of files") {
		t.Errorf("600 MiB of files: %q", msg)
	}
}

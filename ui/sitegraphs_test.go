package main

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// fetched is a download of a graph of the site the page asked for.
type fetched struct {
	file, urls string
	extra      []string
}

// fakeSite makes fetchUpload answer every download with a new upload,
// or with err when set, recording them, for the rest of the test.
func fakeSite(t *testing.T, err error) *[]fetched {
	t.Helper()
	var asked []fetched
	old := fetchUpload
	fetchUpload = func(file string, extra []string, urls string) (*page.Upload, error) {
		asked = append(asked, fetched{file, urls, extra})
		if err != nil {
			return nil, err
		}
		return &page.Upload{}, nil
	}
	t.Cleanup(func() { fetchUpload = old })
	return &asked
}

// siteLink is the fragment of a permalink of the default scenario on
// the site's graph file with the URL list urls.
func siteLink(t *testing.T, file, urls string) string {
	t.Helper()
	return uploadLink(t, file, urls)
}

// locked runs f under the page's lock, as the page's events run.
func locked(a *App, f func()) {
	a.env.Lock()
	defer a.env.UnlockOnly()
	f()
}

// TestSiteGraphLinkRunsInTheEmbed: an embedded page opened on a
// permalink of a graph of its site downloads its files from the site,
// loads them and runs on them, with no file to choose.
func TestSiteGraphLinkRunsInTheEmbed(t *testing.T) {
	asked := fakeSite(t, nil)
	a, w := NewApp("embed=1", siteLink(t, "graphs/web.graph", "graphs/web.urls")), &fakeWorker{files: make(chan sentFiles, 1)}
	a.env = &quietEnv{}
	if a.Form.Source != SourceSite || a.Notice != "" || !a.q.RunOwed() {
		t.Fatalf("the link's form is on %q, notice %q, runs when ready: %v", a.Form.Source, a.Notice, a.q.RunOwed())
	}
	a.q.Worker = w
	locked(a, func() { a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady})) })
	f := sentUpload(t, w)
	var loading bool
	locked(a, func() { loading = a.Loading() })
	if want := []fetched{{"graphs/web.graph", "graphs/web.urls", []string{"graphs/web.properties"}}}; !slices.EqualFunc(*asked, want, sameFetch) {
		t.Fatalf("the page downloaded %+v, want %+v", *asked, want)
	}
	if !loading || f.req.Kind != protocol.KindLoad {
		t.Fatalf("after the download: loading %v, sent %+v", loading, f.req)
	}
	locked(a, func() {
		a.handle(pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "graphs/web.graph", URLs: "graphs/web.urls"}}))
	})
	s := lastRun(w)
	if s == nil || s.Graph.File != "graphs/web.graph" || s.Graph.URLs != "graphs/web.urls" || a.Error != "" || a.FormError != "" {
		t.Fatalf("after the load: last request %+v, error %q, form error %q", w.sent, a.Error, a.FormError)
	}
	if a.Form.Source != SourceSite {
		t.Errorf("after the load the form is on %q", a.Form.Source)
	}
	locked(a, func() {
		a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
	})
	if note := a.EmbedFileNote(); note != "" {
		t.Errorf("the embed snippet of a graph of the site says %q", note)
	}
	// Run again: the worker holds the graph, nothing is downloaded.
	sent := len(w.sent)
	locked(a, a.Run)
	if len(*asked) != 1 || len(w.sent) != sent+1 || lastRun(w) == nil {
		t.Errorf("a second Run downloaded %d times and sent %+v", len(*asked), w.sent[sent:])
	}
}

func sameFetch(a, b fetched) bool {
	return a.file == b.file && a.urls == b.urls && slices.Equal(a.extra, b.extra)
}

// TestSiteGraphDownloadFails: a graph the site does not give is said,
// naming it, and nothing runs.
func TestSiteGraphDownloadFails(t *testing.T) {
	fakeSite(t, errors.New("graphs/gone.edges: the site answered 404 instead of the file"))
	a, w := NewApp("", siteLink(t, "graphs/gone.edges", "")), &fakeWorker{files: make(chan sentFiles, 1)}
	a.env = &quietEnv{}
	a.q.Worker = w
	locked(a, func() { a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady})) })
	var msg string
	for deadline := time.Now().Add(10 * time.Second); msg == "" && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		locked(a, func() {
			if !a.siteFetching {
				msg = a.Error
			}
		})
	}
	if !strings.Contains(msg, "graphs/gone.edges") || !strings.Contains(msg, "404") || len(w.sent) != 0 {
		t.Errorf("a failed download says %q; sent %+v", msg, w.sent)
	}
}

func TestSiteGraphList(t *testing.T) {
	a := NewApp("", "")
	if a.OffersSiteGraphs() {
		t.Error("a site without graphs offers some")
	}
	a.takeSiteList(model.SiteGraphs{Graphs: []model.SiteGraph{
		{File: "graphs/cs-stanford.edges", URLs: "graphs/cs-stanford.urls", Bytes: 1012741, Stats: model.GraphStats{Pages: 9914, Links: 36854, Hosts: 21}},
		{File: "graphs/../index.html"},
		{File: "graphs/x.edges", URLs: "../x.URLs"},
		{File: "graphs/cnr-2000.graph", Extra: []string{"graphs/cnr-2000.properties"}, Bytes: 1490000, Stats: model.GraphStats{Pages: 325557, Links: 3216152}},
	}}, nil)
	if len(a.SiteGraphs) != 2 || !a.OffersSiteGraphs() {
		t.Fatalf("the site's list kept %+v", a.SiteGraphs)
	}
	if got, want := SiteGraphFacts(a.SiteGraphs[0]), "9,914 pages, 36,854 links, 21 hosts; 989 KiB with its URL list"; got != want {
		t.Errorf("facts %q, want %q", got, want)
	}
	if got, want := SiteGraphFacts(a.SiteGraphs[1]), "325,557 pages, 3,216,152 links, no hosts; 1 MiB"; got != want {
		t.Errorf("facts %q, want %q", got, want)
	}
	if SiteGraphName(a.SiteGraphs[0]) != "cs-stanford.edges" {
		t.Errorf("named %q", SiteGraphName(a.SiteGraphs[0]))
	}
	a.ChooseSiteGraph(1)
	s, err := a.Form.Scenario()
	if err != nil || s.Graph.File != "graphs/cnr-2000.graph" || s.Graph.URLs != "" || a.Form.Source != SourceSite {
		t.Fatalf("the chosen graph's scenario: %+v, %v", s.Graph, err)
	}
	if !slices.Equal(a.siteExtra("graphs/cnr-2000.graph"), []string{"graphs/cnr-2000.properties"}) || a.SiteGraphUnlisted() != "" {
		t.Errorf("extra files %q, unlisted %q", a.siteExtra("graphs/cnr-2000.graph"), a.SiteGraphUnlisted())
	}
	// The upload's file and the site's are kept apart.
	a.SetSource(SourceUpload)
	if a.Form.File != "" {
		t.Errorf("the upload shows the site's file %q", a.Form.File)
	}
	a.Form.File = "mine.edges"
	a.SetSource(SourceGenerate)
	a.SetSource(SourceSite)
	if a.Form.File != "graphs/cnr-2000.graph" {
		t.Errorf("back on the site's graphs the form's file is %q", a.Form.File)
	}
	a.SetSource(SourceUpload)
	if a.Form.File != "mine.edges" {
		t.Errorf("back on the upload the form's file is %q", a.Form.File)
	}
}

// TestSiteGraphLinkThatEscapes: a link whose graph is a path that leaves
// the site's graphs folder is refused by the form, and nothing is
// downloaded.
func TestSiteGraphLinkThatEscapes(t *testing.T) {
	asked := fakeSite(t, nil)
	for _, file := range []string{"graphs/../secret.edges", "other/x.edges", "https://example.org/graphs/x.edges"} {
		a, w := NewApp("", siteLink(t, file, "")), &fakeWorker{}
		a.env = &quietEnv{}
		a.q.Worker = w
		locked(a, func() { a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady})) })
		if !strings.Contains(a.FormError, "graph") || len(w.sent) != 0 {
			t.Errorf("%s: form error %q, sent %+v", file, a.FormError, w.sent)
		}
		if a.SiteGraphUnlisted() == "" {
			t.Errorf("%s: the panel does not name the link's graph", file)
		}
	}
	if len(*asked) != 0 {
		t.Errorf("downloaded %+v", *asked)
	}
}

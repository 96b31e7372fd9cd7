package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// The page reads the graphs its site carries (serve.go -graph) from its
// own origin: the list of them (model.SiteGraphsFile), which the Graph
// panel shows, and, when a run is on one, its files, which go to the
// workers as an upload does (page.FetchUpload). A scenario names such a
// graph by its path in the site (model.IsSitePath), so a permalink, and
// an embedded page, runs on it with no file to choose.

// fetchText and fetchUpload read the site's files (page.FetchText,
// page.FetchUpload); the tests replace them, since natively there is no
// site.
var (
	fetchText   = page.FetchText
	fetchUpload = page.FetchUpload
)

// siteState is the page's knowledge of the graphs of its site.
type siteState struct {
	// SiteGraphs are the graphs the site lists, in its order.
	SiteGraphs []model.SiteGraph
	// SiteListError says why the site's list could not be read; "" when
	// it was, or when the site has none.
	SiteListError string
	// siteFetching is set while the files of a graph of the site
	// download; siteFetched is the graph of the site downloaded last.
	siteFetching bool
	siteFetched  *siteFetch
	// filesOf keeps the form's file and URL list of the other file
	// source (an upload, a graph of the site) while the form shows one
	// (SetSource).
	filesOf map[string][2]string
}

// siteFetch is a graph of the site whose files the page downloaded: its
// file and URL list, and the upload that sends them to the workers.
type siteFetch struct {
	file, urls string
	u          *page.Upload
}

// loadSiteList reads the site's list of graphs on a goroutine of its
// own, and shows it once it came; a site without one has no graphs.
func (a *App) loadSiteList() {
	go func() {
		text, found, err := fetchText(model.SiteGraphsFile)
		var list model.SiteGraphs
		if err == nil && found {
			if jerr := json.Unmarshal([]byte(text), &list); jerr != nil {
				err = fmt.Errorf("%s: %v", model.SiteGraphsFile, jerr)
			}
		}
		a.env.Lock()
		defer a.env.UnlockRender()
		a.takeSiteList(list, err)
	}()
}

// takeSiteList takes the site's list of graphs, or the error reading it
// gave: a graph whose paths are not the site's is left out.
func (a *App) takeSiteList(list model.SiteGraphs, err error) {
	if err != nil {
		if err != page.ErrNotInBrowser {
			a.SiteListError = "This site's list of graphs could not be read (" + err.Error() + ")."
		}
		return
	}
	a.SiteGraphs = nil
	for _, g := range list.Graphs {
		ok := true
		for _, p := range g.Files() {
			ok = ok && model.CheckSitePath(p) == nil
		}
		if ok {
			a.SiteGraphs = append(a.SiteGraphs, g)
		}
	}
}

// OffersSiteGraphs reports whether the Graph panel offers the site's
// graphs: when it lists some, or the form is on one (a permalink's).
func (a *App) OffersSiteGraphs() bool {
	return len(a.SiteGraphs) > 0 || a.Form.Source == SourceSite
}

// ChooseSiteGraph makes graph i of the site's list the form's graph;
// Run downloads and reads it first (loadSiteFirst).
func (a *App) ChooseSiteGraph(i int) {
	if i < 0 || i >= len(a.SiteGraphs) {
		return
	}
	g := a.SiteGraphs[i]
	a.Form.Source, a.Form.File, a.Form.URLs = SourceSite, g.File, g.URLs
}

// SiteGraphName is how the panel names a graph of the site: its path in
// the site's graphs folder.
func SiteGraphName(g model.SiteGraph) string {
	return strings.TrimPrefix(g.File, model.SiteGraphsDir+"/")
}

// SiteGraphID is the id of the radio button of graph i of the site.
func SiteGraphID(i int) string { return fmt.Sprintf("site-graph-%d", i+1) }

// SiteGraphFacts says what graph g of the site is, in a line: "9,914
// pages, 36,854 links, 21 hosts; 989 KiB with its URL list".
func SiteGraphFacts(g model.SiteGraph) string {
	st := g.Stats
	hosts := "no hosts"
	if st.Hosts > 0 {
		hosts = model.Counted(st.Hosts, "host", "hosts")
	}
	with := ""
	if g.URLs != "" {
		with = " with its URL list"
	}
	return fmt.Sprintf("%s pages, %s links, %s; %s%s", model.Count(st.Pages), model.Count(st.Links), hosts, protocol.BytesText(g.Bytes), with)
}

// SiteGraphChosen reports whether graph g of the site is the form's.
func (a *App) SiteGraphChosen(g model.SiteGraph) bool {
	return a.Form.Source == SourceSite && a.Form.File == g.File && a.Form.URLs == g.URLs
}

// SiteGraphUnlisted is the form's graph of the site when the site's
// list does not have it (a permalink made on another site, or before the
// list came): the panel names it. "" otherwise.
func (a *App) SiteGraphUnlisted() string {
	if a.Form.Source != SourceSite || a.Form.File == "" {
		return ""
	}
	for _, g := range a.SiteGraphs {
		if a.SiteGraphChosen(g) {
			return ""
		}
	}
	if a.Form.URLs != "" {
		return a.Form.File + " with " + a.Form.URLs
	}
	return a.Form.File
}

// siteExtra returns the other files of the site's graph file: those
// the site's list gives, else, for a BVGraph, its NAME.properties.
func (a *App) siteExtra(file string) []string {
	for _, g := range a.SiteGraphs {
		if g.File == file {
			return g.Extra
		}
	}
	lower := strings.ToLower(strings.TrimSuffix(file, ".gz"))
	if strings.HasSuffix(lower, ".graph") {
		base := strings.TrimSuffix(file, ".gz")
		return []string{base[:len(base)-len(".graph")] + ".properties"}
	}
	return nil
}

// holdsSite reports whether the first worker holds the site's graph
// file with the URL list urls.
func (a *App) holdsSite(file, urls string) bool {
	f := a.siteFetched
	return f != nil && a.q.Upload != nil && a.q.Upload == f.u && f.file == file && f.urls == urls
}

// loadSiteFirst downloads and loads the form's graph of the site before
// a run on it, when the first worker does not hold it: the run then
// waits (workerqueue.Queue.RunLater) and starts once the worker read it. It reports
// whether the run waits. A path that is not the site's is left to the
// form's check (Form.Scenario), which refuses it.
func (a *App) loadSiteFirst() bool {
	if a.Form.Source != SourceSite || a.q.Dead() {
		return false
	}
	file, urls := a.Form.File, a.Form.URLs
	if file == "" || model.CheckSitePath(file) != nil || (urls != "" && model.CheckSitePath(urls) != nil) || a.holdsSite(file, urls) {
		return false
	}
	if a.siteFetching {
		a.q.RunLater()
		return true
	}
	f := a.siteFetched
	if f == nil || f.file != file || f.urls != urls {
		a.fetchSite(file, urls)
		a.q.RunLater()
		return true
	}
	a.loadThenRun(f.u)
	return true
}

// fetchSite downloads the files of the site's graph file with the URL
// list urls on a goroutine of its own; then the run that waits for them
// goes on (runPending), or the page says why they could not be had.
func (a *App) fetchSite(file, urls string) {
	a.siteFetching = true
	extra := a.siteExtra(file)
	go func() {
		u, err := fetchUpload(file, extra, urls)
		a.env.Lock()
		defer a.env.UnlockRender()
		a.siteFetching = false
		if err != nil {
			a.q.DropRun()
			a.Error = "The graph " + file + " could not be read from this site: " + err.Error()
			a.applyWaitingLink()
			return
		}
		a.siteFetched = &siteFetch{file: file, urls: urls, u: u}
		a.runPending()
		a.applyWaitingLink()
	}()
}

// SetSource chooses the form's graph: generated, uploaded, or one of the
// site's. The file and URL list of an upload and of a site's graph are
// kept apart: each file source shows its own again when chosen again.
func (a *App) SetSource(source string) {
	from := a.Form.Source
	if from == source {
		return
	}
	if a.filesOf == nil {
		a.filesOf = map[string][2]string{}
	}
	if from == SourceUpload || from == SourceSite {
		a.filesOf[from] = [2]string{a.Form.File, a.Form.URLs}
	}
	if source == SourceUpload || source == SourceSite {
		if kept, ok := a.filesOf[source]; ok {
			a.Form.File, a.Form.URLs = kept[0], kept[1]
		} else if model.IsSitePath(a.Form.File) != (source == SourceSite) {
			a.Form.File, a.Form.URLs = "", ""
		}
	}
	a.Form.Source = source
}

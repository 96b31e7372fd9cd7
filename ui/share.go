package main

import (
	"bytes"
	"html"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// setPermalink makes s, a scenario the worker took, with the chart's
// view, the permalink and the page's address (unless the page keeps the
// address: keepAddress; showPermalink).
func (a *App) setPermalink(s model.Scenario) {
	if frag, err := EncodePermalink(s); err == nil {
		a.scenarioFragment = frag
		a.permalinkGraph, a.permalinkTimed = s.Graph, s.Politeness != nil
		a.showPermalink()
	}
}

// Download offers the result as CSV, JSON or SVG.
func (a *App) Download(kind string) {
	if a.Result == nil {
		return
	}
	var b bytes.Buffer
	var err error
	name, mime := "crawlsim-result.json", "application/json"
	switch kind {
	case "csv":
		name, mime = "crawlsim-curves.csv", "text/csv"
		err = report.CSV(&b, a.Result)
	case "svg":
		name, mime = "crawlsim-chart.svg", "image/svg+xml"
		err = report.SVG(&b, a.Result, a.chartOptions())
	default:
		err = report.JSON(&b, a.Result)
	}
	if err == nil {
		err = page.Download(name, mime, b.Bytes())
	}
	if err != nil {
		a.Error = err.Error()
	}
}

// DownloadOrders asks the workers that ran the result's comparison for
// its crawls' download orders and offers them as CSV (the command line's
// run -orders file): the first worker's, or every part's when the
// comparison ran in several workers (orders.go).
func (a *App) DownloadOrders() {
	a.Error = ""
	if a.Result == nil || a.q.ResultReq == 0 {
		return
	}
	labels := make([]string, len(a.Result.Strategies))
	for k, st := range a.Result.Strategies {
		labels[k] = st.Label
	}
	if pr := a.q.LastPar; pr != nil && pr.Merge == a.q.ResultReq {
		a.downloadOrders(pr.Qs, pr.IDs, labels)
		return
	}
	a.downloadOrders([]*workerqueue.Requests{&a.q.Requests}, []int64{a.q.ResultReq}, labels)
}

// EmbedSnippet is the HTML to paste into a course page.
func (a *App) EmbedSnippet() string {
	src := page.PageURL() + "?embed=1"
	if i := strings.IndexByte(a.Permalink, '#'); i >= 0 {
		src += a.Permalink[i:]
	}
	return `<iframe src="` + html.EscapeString(src) + `" width="900" height="620" style="border:0" title="crawlsim: crawl ordering comparison"></iframe>`
}

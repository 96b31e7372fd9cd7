package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// DownloadPNG offers the chart as a PNG image: the chart as downloaded as
// SVG (with its legend, and the pinned curves when a result is compared),
// in the page's current colours (dark on a dark page), drawn by the
// browser on a canvas at 1× the chart's size in CSS pixels: the width and
// height of the SVG, which is as wide as the chart on the page.
func (a *App) DownloadPNG() {
	a.Error = ""
	if a.Result == nil {
		return
	}
	opt := a.chartOptions()
	var b strings.Builder
	if err := report.SVG(&b, a.Result, opt); err != nil {
		a.Error = err.Error()
		return
	}
	svg := themedSVG(b.String(), page.CSSVariables(themeVariables...))
	w, h, ok := svgSize(svg)
	if !ok {
		a.Error = "the chart's SVG has no size"
		return
	}
	page.DownloadSVGAsPNG("crawlsim-chart.png", svg, w, h, func(err error) {
		if err == nil {
			return
		}
		if a.env != nil {
			a.env.Lock()
			defer a.env.UnlockRender()
		}
		a.Error = err.Error()
	})
}

// themeVariables are the CSS variables of the page's style sheet that
// colour the chart on the page (static/style.css, #chart rules).
var themeVariables = []string{"--panel", "--grid", "--axis", "--ink", "--muted"}

// themedSVG gives a chart (report.SVG) the page's colours: a <style>
// element with the rules static/style.css applies to the chart on the
// page, with the variables' values written out, since an SVG drawn as an
// image sees neither the page's style sheet nor its variables. A value
// that is not a plain colour is left out, and with none svg is returned
// as it is (its own colours are those of the light theme).
func themedSVG(svg string, vars map[string]string) string {
	rules := []struct{ selector, property, variable string }{
		{".chart-bg", "fill", "--panel"},
		{".chart-grid", "stroke", "--grid"},
		{".chart-axis", "stroke", "--axis"},
		{"text, .chart-text", "fill", "--ink"},
		{".chart-muted", "fill", "--muted"},
		{".chart-ref", "stroke", "--ink"},
		{".chart-halo", "stroke", "--panel"},
	}
	var css strings.Builder
	for _, r := range rules {
		v, ok := vars[r.variable]
		if !ok || !plainColour(v) {
			continue
		}
		fmt.Fprintf(&css, "%s{%s:%s}", r.selector, r.property, v)
	}
	i := strings.Index(svg, "<svg")
	if css.Len() == 0 || i < 0 {
		return svg
	}
	j := strings.IndexByte(svg[i:], '>')
	if j < 0 {
		return svg
	}
	j += i + 1
	return svg[:j] + "<style>" + css.String() + "</style>" + svg[j:]
}

// plainColour reports whether v is a colour as a style sheet writes one
// (#hex, a name, rgb(…)), with nothing that could end the rule.
func plainColour(v string) bool {
	if v == "" {
		return false
	}
	for _, c := range v {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("#(),. %-", c)) {
			return false
		}
	}
	return true
}

// svgSize reads the width and height of an SVG's root element, as
// report.SVG writes them (whole pixels).
func svgSize(svg string) (w, h int, ok bool) {
	i := strings.Index(svg, "<svg")
	if i < 0 {
		return 0, 0, false
	}
	tag := svg[i:]
	if j := strings.IndexByte(tag, '>'); j >= 0 {
		tag = tag[:j]
	}
	attr := func(name string) int {
		k := strings.Index(tag, " "+name+`="`)
		if k < 0 {
			return 0
		}
		n := 0
		fmt.Sscanf(tag[k+len(name)+3:], "%d", &n)
		return n
	}
	w, h = attr("width"), attr("height")
	return w, h, w > 0 && h > 0
}

// Table copy: the names of the formats offered, and of the files the
// table is downloaded in when the clipboard is out of reach.
var tableFormats = []struct{ Format, Name, File, MIME string }{
	{FormatCSV, "CSV", "crawlsim-table.csv", "text/csv"},
	{FormatMarkdown, "Markdown", "crawlsim-table.md", "text/markdown"},
	{FormatLaTeX, "LaTeX", "crawlsim-table.tex", "application/x-tex"},
}

// CopyTable puts the metrics table, as the page shows it, on the
// clipboard in a format (FormatCSV, FormatMarkdown or FormatLaTeX). When
// the browser offers no clipboard or refuses it, the table is downloaded
// as a file instead, and the page says so beside the buttons
// (CopyNotice).
func (a *App) CopyTable(format string) {
	a.Error, a.CopyNotice = "", ""
	if a.Result == nil {
		return
	}
	i := -1
	for k, f := range tableFormats {
		if f.Format == format {
			i = k
		}
	}
	if i < 0 {
		a.Error = "unknown table format " + format
		return
	}
	f := tableFormats[i]
	text := TableText(format, a.MetricsHead, a.MetricsRows)
	page.CopyText(text, func(err error) {
		if a.env != nil {
			a.env.Lock()
			defer a.env.UnlockRender()
		}
		if err == nil {
			a.CopyNotice = "The table is on the clipboard as " + f.Name + "."
			a.Announce = a.CopyNotice
			return
		}
		if errors.Is(err, page.ErrNotInBrowser) {
			a.Error = err.Error()
			return
		}
		if derr := page.Download(f.File, f.MIME, []byte(text)); derr != nil {
			a.Error = fmt.Sprintf("The table could not be copied (%v) nor downloaded (%v).", err, derr)
			return
		}
		a.CopyNotice = fmt.Sprintf("The clipboard is not available here (%v); the table was downloaded as %s instead.", err, f.File)
		a.Announce = a.CopyNotice
	})
}

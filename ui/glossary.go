package main

import (
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// Term is one entry of the metrics glossary: its id in the page, the name
// the table shows and what it means.
type Term struct {
	ID, Name, Definition string
}

// Glossary is the state of the glossary under the metrics table: open or
// closed, the element to focus once the page is drawn (the definition a
// column header asked for, or that header again when the reader leaves the
// definition with Escape), and the header that asked.
type Glossary struct {
	Open  bool
	focus string
	// back is the header to focus on Escape from definition opened, the
	// one that header asked for; both "" once the glossary is closed.
	back, opened string
	// headerOpened is set when that header opened the glossary, closed
	// until then: Escape closes it again.
	headerOpened bool
}

// headerTerms maps the table's header cells (report.ReadableRows) to
// their glossary entry; every "pages to X%" column shares one, and every
// "guaranteed pages to X%" column another.
var headerTerms = map[string]string{
	report.ColStrategy:      "def-strategy",
	report.ColDownloads:     "def-downloads",
	report.ColAvgCumulative: "def-avg-cum",
	report.ColNormalised:    "def-norm",
	report.ColTau:           "def-tau",
	report.ColCost:          "def-cost",
	report.ColScheduling:    "def-scheduling",
}

// TermID is the id of the glossary entry that defines a header cell, ""
// for a cell the glossary does not know.
func TermID(head string) string {
	switch {
	case strings.HasPrefix(head, report.ColGuaranteed) && strings.HasSuffix(head, "%"):
		return "def-guaranteed"
	case strings.HasPrefix(head, report.ColToLevel) && strings.HasSuffix(head, "%"):
		return "def-to-level"
	}
	return headerTerms[head]
}

// DescribedBy is a header button's aria-describedby: the text of its
// glossary entry.
func DescribedBy(head string) string {
	if id := TermID(head); id != "" {
		return id + "-text"
	}
	return ""
}

// GlossaryTerms are the glossary's entries for result r (nil before the
// first run): every column (the cost's names each counter), and the words
// written where there is no figure. The texts reuse the notes the command
// line prints under its table (report.Note*).
func GlossaryTerms(r *model.Result) []Term {
	importance := "PageRank"
	if r != nil {
		importance = report.ImportanceName(r)
	}
	na1, na2 := report.NoteNotApplicable(importance)
	terms := []Term{
		{"def-strategy", report.ColStrategy, "The crawl ordering, by the label the chart's legend gives it. The Strategies panel says what each one does and which paper it comes from."},
		{"def-downloads", report.ColDownloads, "How many pages the crawl downloaded: every page it could reach from the seeds, or the budget."},
		{"def-avg-cum", report.ColAvgCumulative, capitalise(report.NoteAvgCumulative) + ", from 0 to 1: the share of the importance downloaded so far, averaged over the whole crawl, that is the area under the strategy's curve. Higher is better: important pages came early."},
		{"def-norm", report.ColNormalised, "Normalised average, from 0 to 1: " + report.NoteNormalised + ". It compares crawls on the importance they can reach, when some pages cannot be reached from the seeds."},
		{"def-tau", report.ColTau, "Kendall's tau-b between the order in which pages were downloaded and their importance: 1 means strictly most important first, 0 no relation, −1 least important first. " + capitalise(report.WordUndefined) + " when every sampled page is as important as the others."},
		{"def-to-level", report.ColToLevel + "X%", capitalise(report.NoteToLevel) + "% of the total: how many pages the crawl downloaded before it held that share. Fewer is better; " + report.WordNever + ": the crawl never reached it."},
		{"def-guaranteed", report.ColGuaranteed + "X%", "The downloads after which the strategy's own guarantee promised X% of the importance, whatever the pages held; " + report.WordNoGuarantee + ": the strategy gives no guarantee, " + report.WordNever + ": its guarantee never reaches that share. These columns are shown when the guarantees apply: " + na1 + " " + na2 + "."},
		{"def-cost", report.ColCost, "The work the strategy did to choose its pages, counted (only what it does is shown): priority updates (each time a page's priority in the queue changed); PageRank recomputations, with their iterations; virtual re-expansions; windows or levels, for the strategies that crawl by them. Fewer means a cheaper strategy."},
	}
	return append(terms, Term{"def-scheduling", report.ColScheduling, "Seconds of this computer's time spent choosing pages (not downloading them); it changes a little from run to run."})
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// MetricsGlossary is the glossary under the metrics table, a disclosure
// the keyboard opens (Tab to its summary, Enter).
type MetricsGlossary struct {
	App *App
}

// Terms are the glossary's entries for the shown result.
func (c *MetricsGlossary) Terms() []Term { return GlossaryTerms(c.App.Result) }

// Toggled follows the disclosure when the reader opens or closes it.
func (c *MetricsGlossary) Toggled(event vugu.DOMEvent) {
	c.App.toggleGlossary(event.PropBool("target", "open"))
}

// toggleGlossary records the glossary open or closed; closed, no header
// waits for the focus to come back.
func (a *App) toggleGlossary(open bool) {
	a.Glossary.Open = open
	if !open {
		a.Glossary.back, a.Glossary.opened, a.Glossary.headerOpened = "", "", false
	}
}

// Rendered moves the focus to the definition a column header asked for,
// once the page shows the glossary open, or back to that header. It
// scrolls only as far as needed to show it. (The renderer calls Rendered
// on the root's children only: the table, not the glossary inside it.)
func (c *MetricsTable) Rendered(ctx vugu.RenderedCtx) {
	if id := c.App.Glossary.focus; id != "" {
		c.App.Glossary.focus = ""
		page.FocusInView(id)
	}
}

// HeadID is the id of the header button of column i of the metrics table.
func HeadID(i int) string { return "col-" + strconv.Itoa(i) }

// ShowTerm opens the glossary at the definition of the header of column i
// and gives that definition the focus once the page is drawn; Escape on
// the definition gives the focus back to the header (TermKey).
func (a *App) ShowTerm(i int, head string) {
	if id := TermID(head); id != "" {
		if !a.Glossary.Open {
			a.Glossary.headerOpened = true
		}
		a.Glossary.Open, a.Glossary.focus = true, id
		a.Glossary.back, a.Glossary.opened = HeadID(i), id
	}
}

// TermKey handles a key pressed on the glossary's definition id: Escape
// gives the focus back to the column header that opened that definition,
// if one did, and closes the glossary again if that header opened it.
func (a *App) TermKey(id, key string) {
	if key == "Escape" && a.Glossary.back != "" && id == a.Glossary.opened {
		a.Glossary.focus = a.Glossary.back
		if a.Glossary.headerOpened {
			a.Glossary.Open = false
		}
		a.Glossary.back, a.Glossary.opened, a.Glossary.headerOpened = "", "", false
	}
}

// Key handles a key pressed on the glossary's definition id.
func (c *MetricsGlossary) Key(event vugu.DOMEvent, id string) {
	c.App.TermKey(id, event.PropString("key"))
}

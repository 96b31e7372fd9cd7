package main

import (
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Pinned is a result the user kept to compare with the next runs: its
// table as the page showed it, and its curves, drawn dashed and lighter
// in each strategy's colour beside the current ones (report.ChartOptions'
// Pinned).
type Pinned struct {
	// Result is the pinned comparison.
	Result *model.Result
	// Head and Rows are its metrics table, as the page showed it.
	Head []string
	Rows [][]string
	// Caption says what was pinned: strategies, graph and pages.
	Caption string
}

// Pin keeps the current result to compare with the next run.
func (a *App) Pin() {
	if a.Result == nil {
		return
	}
	r := a.Result
	caption := model.Counted(int64(len(r.Strategies)), "strategy", "strategies") + " on " + r.Graph.SourceName
	if !strings.Contains(r.Graph.SourceName, "pages") {
		caption += " (" + model.Counted(r.Graph.Pages, "page", "pages") + ")"
	}
	a.Pinned = &Pinned{Result: r, Head: a.MetricsHead, Rows: a.MetricsRows, Caption: caption}
	a.Notice = "Result pinned: change the scenario and press Run to compare the next run with it."
	a.drawChart()
}

// Unpin forgets the pinned result.
func (a *App) Unpin() {
	a.Pinned = nil
	a.Notice = ""
	a.drawChart()
}

// Comparing reports whether a pinned result is shown beside another one.
func (a *App) Comparing() bool {
	return a.Pinned != nil && a.Result != nil && a.Pinned.Result != a.Result
}

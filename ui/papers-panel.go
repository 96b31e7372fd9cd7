package main

import (
	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// PapersPanel reproduces the papers of seeds/ in the worker on the page's
// graph (`crawlsim reproduce`): the paper's figures beside crawlsim's,
// with verdicts, and the charts drawn like the papers' figures. Its state
// is App.Papers.
type PapersPanel struct {
	App *App
}

// Choices are the papers to choose from, as value and text: each paper by
// number and by its short title and year (paperTitle), then all of them.
func (c *PapersPanel) Choices() [][2]string {
	var out [][2]string
	for _, p := range protocol.Papers {
		out = append(out, [2]string{p.ID, paperAuthors(p.ID, p.ID+" "+p.Name)})
	}
	return append(out, [2]string{"all", "all papers"})
}

// Run reproduces the chosen paper on the form's graph.
func (c *PapersPanel) Run() { c.App.Papers.Run(c.App.Form) }

// Stage is the reproduction's progress in words.
func (c *PapersPanel) Stage() string { return progressText(c.App.Papers.Progress()) }

// Percent is the current run's progress in percent.
func (c *PapersPanel) Percent() int {
	if p := c.App.Papers.Progress(); p != nil {
		return ProgressPercent(p.Done, p.Total)
	}
	return 0
}

// Chart is a chart's SVG as markup: engine/report draws it and escapes
// every label.
func (c *PapersPanel) Chart(ch protocol.PaperChart) vugu.HTML { return vugu.HTML(ch.SVG) }

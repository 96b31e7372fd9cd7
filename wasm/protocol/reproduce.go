package protocol

import "github.com/crawlsim/crawlsim/engine/model"

// Reproduce is a KindReproduce request: run the experiments of one paper
// of seeds/, or of all, on the page's graph (engine/reproduce), as
// `crawlsim reproduce` does. The answer is a KindResult whose Result is
// the JSON of a Reproduction.
type Reproduce struct {
	// Paper is a paper's number ("004"), its short name
	// ("crawling-a-country") or "all".
	Paper string `json:"paper"`
	// Graph is the graph the experiments run on: a file loaded before
	// (KindLoad) or the generator's parameters.
	Graph model.Source `json:"graph"`
	// RandomSeed seeds every random choice of the runs (0: 1).
	RandomSeed uint64 `json:"random_seed,omitempty"`
	// ChartWidth is the width in pixels the page shows the charts at,
	// which they are drawn for (0: the command line's sizes).
	ChartWidth int `json:"chart_width,omitempty"`
}

// PaperName is one paper the page can reproduce.
type PaperName struct {
	// ID is its number in docs/algorithms.md, Name its short name.
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Papers are the papers a Reproduce request can name, by number (the
// worker's test checks them against engine/reproduce.Papers).
var Papers = []PaperName{
	{"000", "fpr"},
	{"001", "rankmass"},
	{"002", "revisits"},
	{"003", "community-seeds"},
	{"004", "crawling-a-country"},
}

// Reproduction is the answer to a Reproduce request: one report per
// paper, as `crawlsim reproduce` prints them and its -o DIR draws them.
type Reproduction struct {
	// Graph describes the graph the papers ran on.
	Graph   string        `json:"graph"`
	Reports []PaperReport `json:"reports"`
}

// PaperReport is one paper's reproduction as the worker sends it: its
// text, tables and findings, and its charts' SVG (model.PaperReport, made
// by engine/reproduce.PaperReportOf with the charts and without runs).
type PaperReport = model.PaperReport

// PaperTable is a table of the paper's figures beside crawlsim's
// (model.PaperTable).
type PaperTable = model.PaperTable

// PaperFinding is a published figure or claim beside crawlsim's, with its
// verdict (model.PaperFinding).
type PaperFinding = model.PaperFinding

// PaperChart is an SVG chart drawn like one of the paper's figures
// (model.PaperChart).
type PaperChart = model.PaperChart

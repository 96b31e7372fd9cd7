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
	// ID is its number in seeds/, Name its short name.
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

// PaperReport is one paper's reproduction (engine/reproduce.Report) as
// text and SVG: what could not be run, the tables of the paper's figures
// beside crawlsim's, the findings with their verdicts, and the charts.
type PaperReport struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Citation   string `json:"citation"`
	Reproduces string `json:"reproduces"`
	// Notes say what the graph lacks for the runs left out.
	Notes    []string       `json:"notes,omitempty"`
	Tables   []PaperTable   `json:"tables"`
	Findings []PaperFinding `json:"findings"`
	Charts   []PaperChart   `json:"charts"`
}

// PaperTable is a table of the paper's figures beside crawlsim's; every
// row has as many cells as Head.
type PaperTable struct {
	// Title says what the table holds; Source names the paper's table or
	// figure.
	Title  string     `json:"title"`
	Source string     `json:"source"`
	Head   []string   `json:"head"`
	Rows   [][]string `json:"rows"`
}

// PaperFinding is one published figure or claim beside crawlsim's, with
// its verdict ("same value", "same order", "same trend", "differs", "not
// run") and the known reason of a difference ("" when none).
type PaperFinding struct {
	Figure    string `json:"figure"`
	Claim     string `json:"claim"`
	Published string `json:"published"`
	Ours      string `json:"ours"`
	Verdict   string `json:"verdict"`
	Reason    string `json:"reason,omitempty"`
}

// PaperChart is an SVG chart drawn like one of the paper's figures, the
// file `crawlsim reproduce -o DIR` writes as Name.
type PaperChart struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	SVG   string `json:"svg"`
}

package model

// PaperReport is one paper's reproduction (engine/reproduce.Report, made
// by reproduce.PaperReportOf) as text: the paper, what could not be run,
// the runs, the tables of the paper's figures beside crawlsim's, the
// findings with their verdicts and the charts. `crawlsim reproduce -json`
// prints one per paper (with its runs, without charts); the worker sends
// them to the page (with the charts' SVG, without runs).
type PaperReport struct {
	// ID is the paper's number in docs/algorithms.md ("004"), Name its short name
	// ("crawling-a-country").
	ID   string `json:"id"`
	Name string `json:"name"`
	// Citation names the paper; Reproduces lists the figures reproduced.
	Citation   string `json:"citation"`
	Reproduces string `json:"reproduces"`
	// Notes say what the graph lacks for the runs left out.
	Notes []string `json:"notes,omitempty"`
	// Runs are the scenarios the reproduction ran (nil when the caller
	// did not ask for them).
	Runs     []PaperRun     `json:"runs"`
	Tables   []PaperTable   `json:"tables"`
	Findings []PaperFinding `json:"findings"`
	// Charts are the charts drawn like the paper's figures (none when the
	// caller did not ask for them).
	Charts []PaperChart `json:"charts,omitempty"`
}

// PaperRun is one scenario a paper's reproduction ran
// (engine/reproduce.Run).
type PaperRun struct {
	// Name names the run and its scenario file ("004-table2"); Title
	// says what it reproduces.
	Name  string `json:"name"`
	Title string `json:"title"`
	// Command is the command that runs the scenario: "run" or "refresh".
	Command string `json:"command"`
	// Scenario is the file `crawlsim reproduce -o DIR` wrote it to (""
	// without -o).
	Scenario string `json:"scenario,omitempty"`
}

// PaperTable is a table of the paper's figures beside crawlsim's
// (engine/reproduce.Table), its cells as the terminal writes them; every
// row has as many cells as Head.
type PaperTable struct {
	// Title says what the table holds; Source names the paper's table or
	// figure.
	Title  string     `json:"title"`
	Source string     `json:"source"`
	Head   []string   `json:"head"`
	Rows   [][]string `json:"rows"`
}

// PaperFinding is one published figure or claim beside crawlsim's
// (engine/reproduce.Finding).
type PaperFinding struct {
	// Figure is where the paper gives it ("Table 2", "Fig. 4"); Claim
	// says what is compared.
	Figure string `json:"figure"`
	Claim  string `json:"claim"`
	// Published and Ours are the two sides, as text.
	Published string `json:"published"`
	Ours      string `json:"crawlsim"`
	// Verdict is "same value", "same order", "same trend", "differs" or
	// "not run".
	Verdict string `json:"verdict"`
	// Reason is the known reason of a difference, or a caveat ("" when
	// none).
	Reason string `json:"reason,omitempty"`
}

// PaperChart is an SVG chart drawn like one of the paper's figures
// (engine/reproduce.Chart), the file `crawlsim reproduce -o DIR` writes
// as Name.
type PaperChart struct {
	// Name is its file name ("004-fig4.svg"); Title says which figure.
	Name  string `json:"name"`
	Title string `json:"title"`
	SVG   string `json:"svg"`
}

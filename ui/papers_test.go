package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// panelText builds a panel as the browser would render it and returns its
// text and its elements' names (tag, or tag#id), in document order.
func panelText(t *testing.T, panel vugu.Builder) (string, []string) {
	t.Helper()
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	res := env.RunBuild(panel)
	var text strings.Builder
	var tags []string
	var walk func(n *vugu.VGNode)
	walk = func(n *vugu.VGNode) {
		if n == nil {
			return
		}
		switch n.Type {
		case vugu.TextNode:
			text.WriteString(n.Data + " ")
		case vugu.ElementNode:
			tag := n.Data
			for _, at := range n.Attr {
				if at.Key == "id" {
					tag += "#" + at.Val
				}
			}
			tags = append(tags, tag)
			if n.InnerHTML != nil {
				text.WriteString(*n.InnerHTML + " ")
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range res.Out.Out {
		walk(n)
	}
	return text.String(), tags
}

// TestPapersRunsInTheWorker: Reproduce sends the chosen paper with the
// form's graph and random seed, its progress shows in the panel, and the
// reports arrive as tables with verdicts, notes and charts, announced in
// the panel's live region.
func TestPapersRunsInTheWorker(t *testing.T) {
	a, w := readyApp(t)
	a.Form.RandomSeed = "9"
	a.Papers.Choose("all")
	(&PapersPanel{App: a}).Run()
	req := w.sent[len(w.sent)-1]
	if req.Kind != protocol.KindReproduce || req.Reproduce == nil || req.Reproduce.Paper != "all" || req.Reproduce.RandomSeed != 9 ||
		req.Reproduce.Graph.Generate == nil || req.Reproduce.Graph.Generate.Pages != PagePages {
		t.Fatalf("sent %+v; want a reproduction of all papers on the form's generated graph with random seed 9", req.Reproduce)
	}
	if !a.WorkerBusy() || !a.Papers.Busy() || !strings.Contains(a.Papers.Announce, "every paper") {
		t.Fatalf("busy %v, announce %q", a.Papers.Busy(), a.Papers.Announce)
	}
	a.handle(pageEvent(protocol.Response{ID: req.ID, Kind: protocol.KindProgress, Progress: &protocol.Progress{Stage: "004-table2, 1 of 2: crawl bfs, 3 of 13", Done: 1, Total: 4}}))
	text, tags := panelText(t, &PapersPanel{App: a})
	if !strings.Contains(text, "004-table2, 1 of 2: crawl bfs, 3 of 13: 25%") || !slices.Contains(tags, "button#cancel-papers") {
		t.Errorf("during the run the panel shows %q with %v", text, tags)
	}
	rep := protocol.Reproduction{Graph: "generated: 20000 pages", Reports: []protocol.PaperReport{{
		ID: "004", Name: "crawling-a-country", Citation: "Baeza-Yates et al.", Reproduces: "Table 2",
		Notes:    []string{"the graph has no previous snapshot"},
		Tables:   []protocol.PaperTable{{Title: "average cumulative PageRank", Source: "Table 2", Head: []string{"strategy", "paper", "crawlsim"}, Rows: [][]string{{"bfs", "0.64", "0.71"}}}},
		Findings: []protocol.PaperFinding{{Figure: "Table 2", Claim: "order", Published: "a", Ours: "b", Verdict: "same trend", Reason: "no hosts"}},
		Charts:   []protocol.PaperChart{{Name: "004-fig4.svg", Title: "Fig. 4", SVG: `<svg class="drawn"><title>Fig. 4</title></svg>`}},
	}}}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	a.handle(pageEvent(protocol.Response{ID: req.ID, Kind: protocol.KindResult, Result: data}))
	if a.WorkerBusy() || a.Papers.Error != "" || a.Papers.Result == nil {
		t.Fatalf("after the answer: busy %v, error %q", a.WorkerBusy(), a.Papers.Error)
	}
	if want := "Done: 1 paper reproduced, 1 finding (1 same trend)."; !strings.HasPrefix(a.Papers.Announce, want) {
		t.Errorf("announce %q, want it to start %q", a.Papers.Announce, want)
	}
	text, tags = panelText(t, &PapersPanel{App: a})
	for _, want := range []string{"Note: the graph has no previous snapshot", "Table 2: average cumulative PageRank", "0.71", "same trend", "no hosts", `<svg class="drawn"><title>Fig. 4</title></svg>`} {
		if !strings.Contains(text, want) {
			t.Errorf("the panel does not show %q: %s", want, text)
		}
	}
	// Headings in order: the panel's h2, a paper's h3, its tables' h4.
	var heads []string
	for _, tag := range tags {
		if len(tag) == 2 && tag[0] == 'h' {
			heads = append(heads, tag)
		}
	}
	if strings.Join(heads, " ") != "h2 h3 h4 h4" {
		t.Errorf("headings %v, want h2 h3 h4 h4", heads)
	}
}

// TestPapersRefuseSeedZero: random seed 0 is refused as crawlsim
// reproduce refuses -random-seed 0 (the worker ran seed 1 instead),
// without asking the worker.
func TestPapersRefuseSeedZero(t *testing.T) {
	a, w := readyApp(t)
	a.Form.RandomSeed = "0"
	sent := len(w.sent)
	a.Papers.Run(a.Form)
	if len(w.sent) != sent || a.Papers.Error != "random seed 0: want a positive seed" {
		t.Errorf("sent %d requests, error %q; want none and crawlsim reproduce's words", len(w.sent)-sent, a.Papers.Error)
	}
}

// TestPapersCancel: Cancel asks the worker to cancel the reproduction,
// and its answer frees the worker and says so.
func TestPapersCancel(t *testing.T) {
	a, w := readyApp(t)
	a.Papers.Run(a.Form)
	id := w.sent[len(w.sent)-1].ID
	a.Papers.Cancel()
	if c := w.sent[len(w.sent)-1]; c.Kind != protocol.KindCancel || c.Target != id {
		t.Fatalf("cancel sent %+v", c)
	}
	a.handle(pageEvent(protocol.Response{ID: id, Kind: protocol.KindCancelled}))
	if a.WorkerBusy() || a.Papers.Announce != "Reproduction cancelled." {
		t.Errorf("after the cancel: busy %v, announce %q", a.WorkerBusy(), a.Papers.Announce)
	}
}

// TestPapersGraphShownAsDescribed: the line naming the reproduction's
// graph is the worker's description, whose counts have separators
// (model.GeneratedGraphName, the session's description of an upload); a
// file's name stays as chosen (the page put separators in every number
// of the line: "20,240,101.edges").
func TestPapersGraphShownAsDescribed(t *testing.T) {
	a := NewApp("", "")
	a.Papers.Result = &protocol.Reproduction{Graph: "20240101.edges (1,200 pages, 2,400 links, 120 hosts)"}
	n, _ := builtNode(t, &PapersPanel{App: a}, "papers-graph")
	if want := "Graph: 20240101.edges (1,200 pages, 2,400 links, 120 hosts)"; n.InnerHTML == nil || *n.InnerHTML != want {
		t.Errorf("the graph line says %v; want %q", n.InnerHTML, want)
	}
}

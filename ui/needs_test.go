package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// checkbox is what a strategy's checkbox shows, built as the browser
// renders it, and the text of its reason ("" when there is none).
type checkbox struct {
	disabled    bool
	describedBy string
	reason      string
}

// strategyBox builds the strategies panel and returns strategy id's
// checkbox.
func strategyBox(t *testing.T, a *App, id string) checkbox {
	t.Helper()
	n, _ := builtNode(t, &StrategiesPanel{App: a}, "strategy-"+id)
	var c checkbox
	for _, p := range n.Prop {
		if p.Key == "disabled" {
			c.disabled = string(p.JSONVal) == "true"
		}
	}
	for _, at := range n.Attr {
		if at.Key == "aria-describedby" {
			c.describedBy = at.Val
		}
	}
	if r := findNode(t, &StrategiesPanel{App: a}, "reason-"+id); r != nil && r.InnerHTML != nil {
		c.reason = *r.InnerHTML
	}
	return c
}

// findNode is builtNode, returning nil when no element has the id.
func findNode(t *testing.T, panel vugu.Builder, id string) *vugu.VGNode {
	t.Helper()
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	var found *vugu.VGNode
	res := env.RunBuild(panel)
	var walk func(n *vugu.VGNode)
	walk = func(n *vugu.VGNode) {
		for ; n != nil && found == nil; n = n.NextSibling {
			if n.Component != nil {
				// a component's nodes (LiveRegion, Field) are its own build's
				if out := res.ResultFor(n.Component); out != nil {
					for _, c := range out.Out {
						walk(c)
					}
				}
				continue
			}
			for _, at := range n.Attr {
				if at.Key == "id" && at.Val == id {
					found = n
				}
			}
			walk(n.FirstChild)
		}
	}
	for _, n := range res.Out.Out {
		walk(n)
	}
	return found
}

// strategyIndex is the position of strategy id in the form.
func strategyIndex(t *testing.T, f Form, id string) int {
	t.Helper()
	i := slices.IndexFunc(f.Strategies, func(c StrategyChoice) bool { return c.Info.ID == id })
	if i < 0 {
		t.Fatalf("no strategy %s in the form", id)
	}
	return i
}

// TestStrategiesNeedHosts: on an uploaded graph without hosts, the
// strategies that order by hosts say beside them what they do there
// (larger sites first is breadth-first, FPR@M is Fractional PageRank),
// and cannot be chosen; chosen already (the default comparison), they stay
// chosen and run, as the engine runs them, with the reason shown; a
// preset leaves them out. The politeness clock stays available, with a
// note on what it means without hosts. On a generated graph, or one with
// hosts, nothing is disabled and nothing said.
func TestStrategiesNeedHosts(t *testing.T) {
	a, _ := readyApp(t)
	for _, id := range []string{"larger-sites-first", "fpr-m", "bfs"} {
		if c := strategyBox(t, a, id); c.disabled || c.reason != "" {
			t.Errorf("generated graph: %s %+v, want enabled without a reason", id, c)
		}
	}
	if findNode(t, &PolitenessPanel{App: a}, "timed-note") != nil {
		t.Error("generated graph: a politeness note")
	}

	a.Form.Source, a.Form.File = SourceUpload, "web.edges"
	a.Graph = &protocol.GraphInfo{Name: "web.edges"}
	lsf := strategyBox(t, a, "larger-sites-first")
	if lsf.disabled || !strings.Contains(lsf.reason, "breadth-first") || !strings.Contains(lsf.describedBy, "reason-larger-sites-first") {
		t.Errorf("no hosts, chosen by default: larger-sites-first %+v, want enabled (it runs), saying it is breadth-first, described by its reason", lsf)
	}
	if c := strategyBox(t, a, "fpr-m"); !strings.Contains(c.reason, "Fractional PageRank") {
		t.Errorf("no hosts: fpr-m %+v, want it to say it is Fractional PageRank", c)
	}
	if c := strategyBox(t, a, "bfs"); c.disabled || c.reason != "" {
		t.Errorf("no hosts: bfs %+v", c)
	}
	if s, err := a.Form.Scenario(); err != nil || !slices.ContainsFunc(s.Strategies, func(st scenario.Strategy) bool { return st.ID == "larger-sites-first" }) {
		t.Errorf("no hosts: the chosen larger-sites-first does not run: %v", err)
	}
	a.SetStrategy(strategyIndex(t, a.Form, "larger-sites-first"), false)
	if c := strategyBox(t, a, "larger-sites-first"); !c.disabled || c.reason == "" {
		t.Errorf("no hosts, unchecked: larger-sites-first %+v, want disabled with its reason", c)
	}
	a.ApplyPreset(slices.IndexFunc(Presets, func(p Preset) bool { return p.Paper == "004" }))
	if a.Form.Strategies[strategyIndex(t, a.Form, "larger-sites-first")].On || !a.Form.Strategies[strategyIndex(t, a.Form, "bfs")].On {
		t.Error("no hosts: the country preset chose larger-sites-first, or not bfs")
	}
	note := findNode(t, &PolitenessPanel{App: a}, "timed-note")
	timed, _ := builtNode(t, &PolitenessPanel{App: a}, "timed")
	if note == nil || note.InnerHTML == nil || !strings.Contains(*note.InnerHTML, "one site") {
		t.Errorf("no hosts: politeness note %v", note)
	}
	for _, p := range timed.Prop {
		if p.Key == "disabled" && string(p.JSONVal) == "true" {
			t.Error("no hosts: politeness disabled; it still simulates one site")
		}
	}

	a.Graph.Stats.Hosts = 3
	if c := strategyBox(t, a, "larger-sites-first"); c.disabled || c.reason != "" {
		t.Errorf("graph with hosts: larger-sites-first %+v", c)
	}
}

// TestStrategiesNeedPrevious: the page gives the historical strategies an
// evolution of the graph as their previous snapshot, so they are
// available; but a link whose scenario names a previous snapshot file
// (crawlsim run -previous) cannot be run in the page: the strategies say
// why, cannot be chosen, and chosen already, the form refuses to run them,
// naming them, rather than start a run that fails.
func TestStrategiesNeedPrevious(t *testing.T) {
	a, _ := readyApp(t)
	if c := strategyBox(t, a, "hist-pagerank-zero"); c.disabled || c.reason != "" {
		t.Errorf("default form: hist-pagerank-zero %+v, want available (an evolution)", c)
	}
	s := scenario.Default()
	s.Graph.Generate.Pages = 3000
	s.Previous = &scenario.PreviousSource{File: "old.edges"}
	s.Strategies = []scenario.Strategy{{ID: "bfs"}, {ID: "hist-pagerank-zero"}}
	a.Form = FormOf(s)
	zero := strategyBox(t, a, "hist-pagerank-zero")
	if zero.disabled || !strings.Contains(zero.reason, "old.edges") {
		t.Errorf("previous file, chosen: %+v, want enabled (to uncheck it) with the reason naming the file", zero)
	}
	if c := strategyBox(t, a, "hist-pagerank-parent"); !c.disabled || c.reason == "" {
		t.Errorf("previous file, not chosen: hist-pagerank-parent %+v, want disabled with its reason", c)
	}
	if _, err := a.Form.Scenario(); err == nil || !strings.Contains(err.Error(), "hist-pagerank-zero: Needs a previous snapshot") {
		t.Errorf("previous file: the form's scenario %v, want it refused naming hist-pagerank-zero", err)
	}
	a.SetStrategy(strategyIndex(t, a.Form, "hist-pagerank-zero"), false)
	if _, err := a.Form.Scenario(); err != nil {
		t.Errorf("without the historical strategy: %v", err)
	}
}

package main

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// builtNode finds the element of id in panel as the browser would render
// it, and returns it with whether a <label> encloses it.
func builtNode(t *testing.T, panel vugu.Builder, id string) (node *vugu.VGNode, labelled bool) {
	t.Helper()
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	res := env.RunBuild(panel)
	var walk func(n *vugu.VGNode, inLabel bool)
	walk = func(n *vugu.VGNode, inLabel bool) {
		if n == nil || node != nil {
			return
		}
		inLabel = inLabel || n.Data == "label"
		for _, at := range n.Attr {
			if at.Key == "id" && at.Val == id {
				node, labelled = n, inLabel
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inLabel)
		}
	}
	for _, n := range res.Out.Out {
		walk(n, false)
	}
	if node == nil {
		t.Fatalf("no element #%s", id)
	}
	return node, labelled
}

// selectedOption returns the values of a <select>'s options and the one
// selected.
func selectedOption(n *vugu.VGNode) (values []string, selected string) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Data != "option" {
			continue
		}
		for _, at := range c.Attr {
			if at.Key == "value" {
				values = append(values, at.Val)
				for _, p := range c.Prop {
					if p.Key == "selected" && string(p.JSONVal) == "true" {
						selected = at.Val
					}
				}
			}
		}
	}
	return values, selected
}

// TestTrustSelectorReachesTheWorker: the seeds panel has a labelled trust
// selector (a native <select>, so keyboard-usable) offering seeds and
// pagerank, on seeds as the command line's default, and a labelled
// relative-targets checkbox, off; choosing pagerank and relative targets
// sends them to the worker in the run's scenario, and a permalink's
// scenario shows them again.
func TestTrustSelectorReachesTheWorker(t *testing.T) {
	a, w := readyApp(t)
	if w.sent[0].Scenario.Trust != scenario.Default().Trust || w.sent[0].Scenario.Metrics.Relative {
		t.Errorf("the opening run's trust %q, relative %v; want the command line's %q, false",
			w.sent[0].Scenario.Trust, w.sent[0].Scenario.Metrics.Relative, scenario.Default().Trust)
	}
	sel, labelled := builtNode(t, &SeedsPanel{App: a}, "trust")
	values, selected := selectedOption(sel)
	if sel.Data != "select" || !labelled || strings.Join(values, ",") != "seeds,pagerank" || selected != "seeds" {
		t.Errorf("trust control <%s>, labelled %v, options %q, selected %q", sel.Data, labelled, values, selected)
	}
	box, labelled := builtNode(t, &SeedsPanel{App: a}, "relative")
	if box.Data != "input" || !labelled {
		t.Errorf("relative control <%s>, labelled %v", box.Data, labelled)
	}

	a.SetTrust(scenario.TrustPageRank)
	a.SetRelative(true)
	if _, selected := selectedOption(must(builtNode(t, &SeedsPanel{App: a}, "trust"))); selected != "pagerank" {
		t.Errorf("after choosing pagerank the selector shows %q", selected)
	}
	a.Run()
	req := w.sent[len(w.sent)-1]
	if req.Kind != protocol.KindRun || req.Scenario.Trust != scenario.TrustPageRank || !req.Scenario.Metrics.Relative {
		t.Fatalf("the run sent %s with trust %q, relative %v", req.Kind, req.Scenario.Trust, req.Scenario.Metrics.Relative)
	}
	f := FormOf(*req.Scenario)
	if f.Trust != scenario.TrustPageRank || !f.Relative {
		t.Errorf("the scenario shown again: trust %q, relative %v", f.Trust, f.Relative)
	}
}

func must(n *vugu.VGNode, _ bool) *vugu.VGNode { return n }

// nodeText is the text n renders, its children's included, with the
// markup of static HTML (vugu's inner HTML) taken out.
func nodeText(n *vugu.VGNode) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(n *vugu.VGNode)
	walk = func(n *vugu.VGNode) {
		if n.Type == vugu.TextNode {
			b.WriteString(n.Data)
		}
		if n.InnerHTML != nil {
			b.WriteString(html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(*n.InnerHTML, "")))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// TestSeedsHintNamesEveryForm: the seeds field's hint names every form
// of seed set that the field takes and crawlsim run -seeds names,
// community:K included (the Community seeds panel's Use these seeds puts
// one in the field, which the hint did not name).
func TestSeedsHintNamesEveryForm(t *testing.T) {
	n, _ := builtNode(t, &SeedsPanel{App: NewApp("", "")}, "seeds-hint")
	hint := nodeText(n)
	for _, form := range []string{"top-pagerank:K", "random:K", "community:K", "host-roots", "list:ID,ID,"} {
		if !strings.Contains(hint, form) {
			t.Errorf("the seeds hint %q does not name %q", hint, form)
		}
		f := DefaultForm()
		f.Seeds = strings.NewReplacer("K", "5", "ID,ID,", "1,2").Replace(form)
		if s, err := f.Scenario(); err != nil {
			t.Errorf("seeds %q: the form refuses it: %v", f.Seeds, err)
		} else if _, err := scenario.Normalize(s); err != nil {
			t.Errorf("seeds %q: the engine refuses it: %v", f.Seeds, err)
		}
	}
}

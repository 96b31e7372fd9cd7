package main

import (
	"html"
	"strings"
	"testing"

	"github.com/vugu/vugu"
)

// element is one element a component builds, with its attributes and its
// text (its descendants' text, joined).
type element struct {
	tag   string
	attr  map[string]string
	text  string
	props map[string]string
}

// built builds a component as the browser would render it and returns its
// elements in document order.
func built(t *testing.T, b vugu.Builder) []element {
	t.Helper()
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	res := env.RunBuild(b)
	var out []element
	var walk func(n *vugu.VGNode) string
	walk = func(n *vugu.VGNode) string {
		if n == nil {
			return ""
		}
		var text strings.Builder
		if n.Component != nil {
			for _, m := range res.ResultFor(n.Component).Out {
				text.WriteString(walk(m))
			}
			return text.String()
		}
		if n.Type == vugu.TextNode {
			return html.UnescapeString(n.Data)
		}
		i := -1
		if n.Type == vugu.ElementNode {
			e := element{tag: n.Data, attr: map[string]string{}, props: map[string]string{}}
			for _, at := range n.Attr {
				e.attr[at.Key] = at.Val
			}
			for _, p := range n.Prop {
				e.props[p.Key] = string(p.JSONVal)
			}
			out = append(out, e)
			i = len(out) - 1
		}
		if n.InnerHTML != nil {
			text.WriteString(html.UnescapeString(*n.InnerHTML))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			text.WriteString(walk(c))
		}
		if i >= 0 {
			out[i].text = text.String()
		}
		return text.String()
	}
	for _, n := range res.Out.Out {
		walk(n)
	}
	return out
}

// byID returns the element with the id.
func byID(es []element, id string) (element, bool) {
	for _, e := range es {
		if e.attr["id"] == id {
			return e, true
		}
	}
	return element{}, false
}

// TestStrategiesPanelExplained: every strategy of the panel shows its
// name (not only its id), its one-line summary, which its checkbox names
// as its description, and a link to each of its papers in the About
// section.
func TestStrategiesPanelExplained(t *testing.T) {
	a := NewApp("", "")
	es := built(t, &StrategiesPanel{App: a})
	for _, s := range a.Form.Strategies {
		box, ok := byID(es, "strategy-"+s.Info.ID)
		if !ok {
			t.Fatalf("no checkbox for %s", s.Info.ID)
		}
		var item element
		for _, e := range es {
			if e.tag == "li" && strings.Contains(e.text, s.Info.ID) && strings.Contains(e.text, s.Info.Name) {
				item = e
				break
			}
		}
		if item.tag == "" {
			t.Errorf("%s: no item shows its name %q beside its id", s.Info.ID, s.Info.Name)
			continue
		}
		if !strings.Contains(item.text, s.Info.Summary) {
			t.Errorf("%s: its item %q lacks its summary %q", s.Info.ID, item.text, s.Info.Summary)
		}
		summary, ok := byID(es, box.attr["aria-describedby"])
		if !ok || summary.text != s.Info.Summary {
			t.Errorf("%s: the checkbox is described by %q (%q), want its summary", s.Info.ID, box.attr["aria-describedby"], summary.text)
		}
		for _, n := range strings.Split(s.Info.Paper, ", ") {
			found := false
			for _, e := range es {
				if e.tag == "a" && e.attr["href"] == "#paper-"+n && strings.Contains(item.text, e.text) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: no link to paper %s in the About section", s.Info.ID, n)
			}
		}
	}
}

// TestPaperRefsPlaceTheSection: a strategy citing several papers shows its
// section after the paper it is of ("papers Baeza-Yates et al. 2005 §4.1,
// Cho and Schonfeld 2007" for breadth-first, whose section is "004
// §4.1"), not after the list, where it read as a third paper; with one
// paper, after it. Each paper is named by its authors and year, as the
// Papers picker names it (it showed its folder's number, "004").
func TestPaperRefsPlaceTheSection(t *testing.T) {
	for _, tc := range []struct {
		id, want string
	}{
		{"bfs", "papers Baeza-Yates et al. 2005 §4.1, Cho and Schonfeld 2007"},
		{"random", "paper Baeza-Yates et al. 2005 §4"},
		{"fpr-m", "paper Alam et al. §3.2, Algorithm 2"},
	} {
		info, ok := lookupStrategy(tc.id)
		if !ok {
			t.Fatalf("no strategy %s", tc.id)
		}
		got := PapersWord(info)
		for i, ref := range PaperRefs(info) {
			if i > 0 {
				got += ","
			}
			got += " " + ref.Name
			if !strings.HasPrefix(ref.Label, ref.Name+": ") {
				t.Errorf("%s: the link %q is labelled %q, which does not begin with what it shows", tc.id, ref.Name, ref.Label)
			}
			if ref.Section != "" {
				got += " " + ref.Section
			}
		}
		if s := TrailingSection(info); s != "" {
			got += " " + s
		}
		if got != tc.want {
			t.Errorf("%s: the panel cites %q, want %q", tc.id, got, tc.want)
		}
	}
}

// TestParamFieldsKeepTheirInstances: each strategy's parameter box is
// built by the same Field from render to render, so that what the box
// was last given (Field's typed, held) stays with it: the boxes of a
// loop were told apart by their place in their strategy's list alone,
// so that every strategy's first parameter took, at each render, the
// Field another strategy's had used, and "0." typed into the window of
// windowed-rankmass was written back as "0" ("0.95" became "950").
func TestParamFieldsKeepTheirInstances(t *testing.T) {
	a := NewApp("", "")
	on := 0
	for _, s := range a.Form.Strategies {
		if s.On && len(s.Info.Params) > 0 {
			on++
		}
	}
	if on < 2 {
		t.Fatalf("%d strategies with parameters are on: the test needs two", on)
	}
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	panel := &StrategiesPanel{App: a}
	fields := func() map[string]*Field {
		out := map[string]*Field{}
		var walk func(n *vugu.VGNode)
		walk = func(n *vugu.VGNode) {
			if f, ok := n.Component.(*Field); ok {
				out[f.ID()] = f
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		for _, n := range env.RunBuild(panel).Out.Out {
			walk(n)
		}
		return out
	}
	const window = "param-windowed-rankmass-window"
	first := fields()
	f := first[window]
	if f == nil {
		t.Fatalf("no box %s among %d", window, len(first))
	}
	f.HandleChange("0", false) // "0." in the box
	for render := 1; render <= 3; render++ {
		now := fields()
		for id, g := range now {
			if g != first[id] {
				t.Errorf("render %d: the box %s is built by another Field", render, id)
			}
		}
		if _, set := builtValue(t, now[window]); set {
			t.Errorf("render %d: the window's box is given a value over what was typed", render)
		}
	}
}

// TestParamFieldSaysItsRange: a parameter's box says in its tooltip the
// values it takes, as crawlsim strategies -v does (model.Param.Range),
// since its doc does not repeat them.
func TestParamFieldSaysItsRange(t *testing.T) {
	a := NewApp("", "")
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	titles := map[string]string{}
	var walk func(n *vugu.VGNode)
	walk = func(n *vugu.VGNode) {
		if f, ok := n.Component.(*Field); ok {
			titles[f.ID()], _ = f.AttrMap["title"].(string)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range env.RunBuild(&StrategiesPanel{App: a}).Out.Out {
		walk(n)
	}
	checked := 0
	for _, s := range a.Form.Strategies {
		for _, p := range s.Info.Params {
			id := ParamInputID(s.Info.ID, p.Name)
			title, ok := titles[id]
			if !ok {
				continue // a strategy that is off shows no box
			}
			checked++
			if !strings.HasPrefix(title, p.Doc) || !strings.HasSuffix(title, "("+p.Range()+")") {
				t.Errorf("the box %s says %q; want its doc and (%s)", id, title, p.Range())
			}
		}
	}
	if checked == 0 {
		t.Fatal("no parameter's box was built")
	}
	if want := "number in [1e-09, 1]"; titles["param-windowed-rankmass-window"] == "" || !strings.Contains(titles["param-windowed-rankmass-window"], want) {
		t.Errorf("the window's box says %q; want %q", titles["param-windowed-rankmass-window"], want)
	}
}

// TestStrategyTitleCitesAsTheCommandLine: a strategy's tooltip cites its
// papers as crawlsim strategies does (model.StrategySource), never by a
// folder's number ("paper 004").
func TestStrategyTitleCitesAsTheCommandLine(t *testing.T) {
	c := &StrategiesPanel{App: NewApp("", "")}
	for _, s := range catalogue.Strategies {
		title := c.Title(s)
		if strings.Contains(title, "paper 0") || strings.Contains(title, s.Paper+",") {
			t.Errorf("%s: the tooltip %q names a paper by its number", s.ID, title)
		}
	}
	bfs, _ := lookupStrategy("bfs")
	if got, want := c.Title(bfs), "Breadth-first (Baeza-Yates et al. 2005, §4.1; Cho and Schonfeld 2007): "+bfs.Doc; got != want {
		t.Errorf("bfs's tooltip %q, want %q", got, want)
	}
}

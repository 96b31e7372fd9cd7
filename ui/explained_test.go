package main

import (
	"context"
	"html"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
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

// TestAboutListsEachPaperOnce: the About section lists each paper of
// seeds/README.md once, at the id the strategies link to, with its full
// citation and a link to it.
func TestAboutListsEachPaperOnce(t *testing.T) {
	es := built(t, &About{App: NewApp("", "")})
	for _, p := range crawl.AllPapers() {
		var items []element
		for _, e := range es {
			if e.tag == "li" && strings.Contains(e.text, p.Citation) {
				items = append(items, e)
			}
		}
		if len(items) != 1 || items[0].attr["id"] != "paper-"+p.Number {
			t.Errorf("paper %s: %d items cite it (want one, with id paper-%s)", p.Number, len(items), p.Number)
		}
		links := 0
		for _, e := range es {
			if e.tag == "a" && e.attr["href"] == p.URL && p.URL != "" {
				links++
			}
		}
		if links != 1 {
			t.Errorf("paper %s: %d links to %q, want one", p.Number, links, p.URL)
		}
	}
}

// TestGlossaryDefinesEveryColumn: after a run, every header of the
// metrics table is a button described by a definition in the glossary
// under the table; the glossary also defines the words written where
// there is no figure and each cost counter, reusing the command line's
// notes; a header pressed opens the glossary.
func TestGlossaryDefinesEveryColumn(t *testing.T) {
	a, _ := readyApp(t)
	es := built(t, &MetricsTable{App: a})
	heads := 0
	for _, e := range es {
		if e.tag != "button" || !strings.Contains(e.attr["class"], "term") {
			continue
		}
		heads++
		def, ok := byID(es, e.attr["aria-describedby"])
		if !ok || len(def.text) < 20 {
			t.Errorf("header %q is described by %q, which defines it as %q", e.text, e.attr["aria-describedby"], def.text)
		}
	}
	if heads != len(a.MetricsHead) {
		t.Errorf("%d header buttons for %d columns (%q)", heads, len(a.MetricsHead), a.MetricsHead)
	}
	glossary, ok := byID(es, "glossary")
	if !ok || glossary.tag != "details" {
		t.Fatalf("no <details id=glossary> under the table")
	}
	for _, want := range []string{report.NoteAvgCumulative, report.NoteNormalised, report.NoteToLevel, report.WordNever, report.WordNoGuarantee, report.WordUndefined, "personalized PageRank"} {
		if !strings.Contains(strings.ToLower(glossary.text), strings.ToLower(want)) {
			t.Errorf("the glossary lacks %q", want)
		}
	}
	cost, _ := byID(es, "def-cost")
	for _, want := range []string{"priority updates", "PageRank recomputations", "iterations", "virtual re-expansions", "windows or levels"} {
		if !strings.Contains(cost.text, want) {
			t.Errorf("the glossary's cost does not name %q: %q", want, cost.text)
		}
	}
	if glossary.props["open"] == "true" {
		t.Errorf("the glossary is open before anyone asks")
	}
	a.ShowTerm(6, "pages to 80%")
	if !a.Glossary.Open || a.Glossary.focus != "def-to-level" {
		t.Errorf("pressing the header pages to 80%% leaves the glossary %+v", a.Glossary)
	}
	if g, _ := byID(built(t, &MetricsTable{App: a}), "glossary"); g.props["open"] != "true" {
		t.Errorf("the glossary is not drawn open after a header was pressed")
	}
}

// TestWarningsForStudents: the warnings of a real run on a graph without
// hosts (larger-sites-first, fpr-m, politeness, guarantees under uniform
// PageRank, pages the seeds do not reach) are shown as sentences for a
// student, naming strategies by name; none keeps the engine's "subject:"
// prefix.
func TestWarningsForStudents(t *testing.T) {
	fsys := fstest.MapFS{"g.edges": {Data: []byte("0 1\n1 2\n2 0\n0 3\n3 4\n4 0\n5 6\n6 5\n")}}
	s := scenario.Scenario{
		Graph:      scenario.Source{File: "g.edges"},
		Seeds:      "top-pagerank:1",
		Strategies: []scenario.Strategy{{ID: "larger-sites-first"}, {ID: "fpr-m"}, {ID: "rankmass"}, {ID: "optimal"}},
		Politeness: &scenario.Politeness{Connections: 1},
	}
	r, err := scenario.Run(context.Background(), s, scenario.Env{FS: fsys}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) < 4 {
		t.Fatalf("the run warned only %q", r.Warnings)
	}
	var shown []string
	for _, w := range r.Warnings {
		sw := StudentWarning(w, r)
		shown = append(shown, sw)
		if i := strings.Index(sw, ":"); i >= 0 && i < 15 && !strings.Contains(sw[:i], " ") {
			t.Errorf("%q is shown with the engine's prefix: %q", w, sw)
		}
		if sw == "" || !strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", rune(sw[0])) || !strings.HasSuffix(sw, ".") {
			t.Errorf("%q is not shown as a sentence: %q", w, sw)
		}
	}
	all := strings.Join(shown, "\n")
	for _, want := range []string{
		"This graph has no hosts, so larger sites first behaves exactly like breadth-first",
		"Extended Fractional PageRank (FPR@M) behaves exactly like Fractional PageRank",
		"each download waits for the one before",
		"cannot be reached by following links from the seeds",
		"The guarantees of rankmass promise",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the warnings shown lack %q:\n%s", want, all)
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

// TestGlossaryEscapeReturnsToTheHeader: a header pressed gives the focus
// to its definition; Escape there gives it back to that header button
// (its id names the column), and a second Escape does nothing more.
func TestGlossaryEscapeReturnsToTheHeader(t *testing.T) {
	a, _ := readyApp(t)
	col := -1
	for i, h := range a.ShownHead() {
		if h == report.ColTau {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("no tau column in %q", a.ShownHead())
	}
	a.ShowTerm(col, report.ColTau)
	if a.Glossary.focus != "def-tau" {
		t.Fatalf("pressing tau focuses %q, want def-tau", a.Glossary.focus)
	}
	a.Glossary.focus = "" // drawn: MetricsTable.Rendered took it
	a.TermKey("def-tau", "Enter")
	if a.Glossary.focus != "" {
		t.Errorf("Enter on the definition moves the focus to %q", a.Glossary.focus)
	}
	a.TermKey("def-cost", "Escape")
	if a.Glossary.focus != "" {
		t.Errorf("Escape on another definition than the header's moves the focus to %q", a.Glossary.focus)
	}
	a.TermKey("def-tau", "Escape")
	if want := HeadID(col); a.Glossary.focus != want {
		t.Fatalf("Escape on the definition focuses %q, want the header %q", a.Glossary.focus, want)
	}
	if b, ok := byID(built(t, &MetricsTable{App: a}), HeadID(col)); !ok || b.tag != "button" || b.text != report.ColTau {
		t.Errorf("the element %s is %+v, want the tau header button", HeadID(col), b)
	}
	a.Glossary.focus = ""
	a.TermKey("def-tau", "Escape")
	if a.Glossary.focus != "" {
		t.Errorf("a second Escape focuses %q", a.Glossary.focus)
	}
	// Closed, the glossary forgets the header: opened again by its
	// summary, Escape stays where it is.
	a.ShowTerm(col, report.ColTau)
	a.Glossary.focus = ""
	a.toggleGlossary(false)
	a.toggleGlossary(true)
	a.TermKey("def-tau", "Escape")
	if a.Glossary.focus != "" {
		t.Errorf("Escape after the glossary was closed and opened again focuses %q", a.Glossary.focus)
	}
}

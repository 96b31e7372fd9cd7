package main

import (
	"strings"
	"testing"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/model"
)

// rootNode returns the element of the id in the page's own output (not
// inside its panels), or nil.
func rootNode(t *testing.T, a *App, id string) *vugu.VGNode {
	t.Helper()
	env := newBuildEnv(t)
	res := env.RunBuild(&Root{App: a})
	var find func(n *vugu.VGNode) *vugu.VGNode
	find = func(n *vugu.VGNode) *vugu.VGNode {
		for _, at := range n.Attr {
			if at.Key == "id" && at.Val == id {
				return n
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if f := find(c); f != nil {
				return f
			}
		}
		return nil
	}
	return find(res.Out.Out[0])
}

// attr returns the attribute key of n.
func attr(n *vugu.VGNode, key string) string {
	for _, at := range n.Attr {
		if at.Key == key {
			return at.Val
		}
	}
	return ""
}

// hiddenControls are words of the notices and errors of a link to an
// upload that name controls embed mode does not show.
var hiddenControls = []string{"Graph panel", "graph file", "URL list ("}

// TestEmbeddedUploadLinkPointsToTheFullPage: a link to an uploaded file
// opened in embed mode, at load or put in the address of the open page,
// says the scenario needs the file and links to the full page with the
// link's scenario, where the file can be chosen; nothing it says names
// controls embed mode does not show (it said "choose it as the graph file
// in the Graph panel, then press Run"), nor does Run pressed there. The
// embed caption's link to the full page opens the link's scenario too,
// not the scenario run before. The full page keeps its notice, and no
// link in it.
func TestEmbeddedUploadLinkPointsToTheFullPage(t *testing.T) {
	check := func(t *testing.T, a *App, link, when string, files ...string) {
		t.Helper()
		for _, f := range files {
			if !strings.Contains(a.Notice, f) {
				t.Errorf("%s: the notice %q does not name %s", when, a.Notice, f)
			}
		}
		for _, said := range []string{a.Notice, a.FormError, a.Error} {
			for _, w := range append(hiddenControls, "press Run") {
				if strings.Contains(said, w) {
					t.Errorf("%s: %q names %q, which embed mode does not show", when, said, w)
				}
			}
		}
		full := a.FullPageURL()
		if !strings.HasSuffix(full, "#"+link) || strings.Contains(full, "embed") {
			t.Errorf("%s: the full page's address is %q, want the link's scenario without embed", when, full)
		}
		n := rootNode(t, a, "notice-full-page")
		if n == nil || n.Data != "a" || attr(n, "href") != full || attr(n, "target") != "_blank" || n.Parent == nil || attr(n.Parent, "id") != "notice" {
			t.Fatalf("%s: the notice's link to the full page is %+v", when, n)
		}
		if text := a.NoticeLinkText(); !strings.Contains(text, "full page") {
			t.Errorf("%s: the notice's link reads %q", when, text)
		}
	}

	link := uploadLink(t, "g.edges", "")
	a := NewApp("embed=1", link)
	if !a.Embed {
		t.Fatal("not in embed mode")
	}
	check(t, a, link, "opened embedded", "g.edges")
	a.Run()
	check(t, a, link, "Run pressed embedded", "g.edges")
	if a.FormError == "" || !strings.Contains(a.FormError, "full page") || !strings.Contains(a.FormError, "choose it ") {
		t.Errorf("Run pressed embedded: form error %q, want a pointer to the full page to choose it (one file)", a.FormError)
	}

	both := uploadLink(t, "g.edges", "g.urls")
	withURLs := NewApp("", "embed&"+both)
	check(t, withURLs, both, "with a URL list", "g.edges", "g.urls")
	if withURLs.Run(); !strings.Contains(withURLs.FormError, "choose them ") {
		t.Errorf("Run pressed embedded, two files: form error %q, want 'choose them'", withURLs.FormError)
	}

	b, _ := readyApp(t)
	b.env = &quietEnv{}
	addressSet(t)
	b.AddressChanged("", "embed&"+link)
	check(t, b, link, "put in the address of the open page", "g.edges")
	// The previous chart is marked once, on the chart: the run panel's
	// copy of the note took the little height the frame leaves the chart.
	if !b.Stale() {
		t.Error("the previous chart is not marked")
	}
	if _, shown := builtNodeOrNil(t, &RunPanel{App: b}, "stale-note"); shown {
		t.Error("embedded, the run panel repeats the note on the chart")
	}

	full := NewApp("", link)
	if full.Notice != uploadNotice("g.edges", "") || rootNode(t, full, "notice-full-page") != nil {
		t.Errorf("the full page: notice %q, link in it %v", full.Notice, rootNode(t, full, "notice-full-page") != nil)
	}
}

// TestShareSaysAnEmbedNeedsTheFile: when the scenario shared runs on an
// uploaded file, a line under the embed snippet says that readers of the
// embed need that file (the embed asks them to open the full page and
// choose it); a scenario on a generated graph has no such line.
func TestShareSaysAnEmbedNeedsTheFile(t *testing.T) {
	addressSet(t)
	a := NewApp("", "")
	s := defaultScenario()
	a.setPermalink(s)
	if note := a.EmbedFileNote(); note != "" {
		t.Errorf("a generated graph's embed: note %q", note)
	}
	if _, ok := builtNodeOrNil(t, &SharePanel{App: a}, "embed-file-note"); ok {
		t.Error("a generated graph's embed has a note about files")
	}
	s.Graph = model.Source{File: "g.edges", URLs: "g.urls"}
	a.setPermalink(s)
	note := a.EmbedFileNote()
	for _, want := range []string{"g.edges", "g.urls", "full page"} {
		if !strings.Contains(note, want) {
			t.Errorf("an upload's embed: the note %q does not say %q", note, want)
		}
	}
	n, labelled := builtNode(t, &SharePanel{App: a}, "embed-file-note")
	if labelled || attr(n, "class") != "hint" {
		t.Errorf("the note is in the snippet's label (%v) or has class %q", labelled, attr(n, "class"))
	}
}

// builtNodeOrNil is builtNode for an element that may be absent.
func builtNodeOrNil(t *testing.T, panel vugu.Builder, id string) (*vugu.VGNode, bool) {
	t.Helper()
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	var find func(n *vugu.VGNode) *vugu.VGNode
	find = func(n *vugu.VGNode) *vugu.VGNode {
		if attr(n, "id") == id {
			return n
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if f := find(c); f != nil {
				return f
			}
		}
		return nil
	}
	for _, n := range env.RunBuild(panel).Out.Out {
		if f := find(n); f != nil {
			return f, true
		}
	}
	return nil, false
}

package main

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/vugu/vugu"
)

// quietEnv is an event environment for building the whole page natively
// (Root.Init takes its lock).
type quietEnv struct{ sync.RWMutex }

func (e *quietEnv) UnlockOnly()   { e.Unlock() }
func (e *quietEnv) UnlockRender() { e.Unlock() }

// renderedPath returns where Vugu's renderer puts the element of the id:
// the index of each ancestor among its parent's rendered children, from
// the page's top element, as domrender walks them (a component stands
// for its output, a template for its children). The renderer matches
// elements by this position alone, so an element whose path changes
// between two renders is a new element in the browser.
func renderedPath(t *testing.T, env *vugu.BuildEnv, root vugu.Builder, id string) string {
	t.Helper()
	res := env.RunBuild(root)
	var find func(n *vugu.VGNode, path string) string
	find = func(n *vugu.VGNode, path string) string {
		for _, at := range n.Attr {
			if at.Key == "id" && at.Val == id {
				return path
			}
		}
		for i, c := range renderedChildren(res, n) {
			if p := find(c, fmt.Sprintf("%s/%d", path, i)); p != "" {
				return p
			}
		}
		return ""
	}
	p := find(res.Out.Out[0], "")
	if p == "" {
		t.Fatalf("no element #%s in the page", id)
	}
	return p
}

// TestFileInputsKeepTheirPlace: the file inputs stay at the same place in
// the page's tree whether a message shows above the layout or not. Vugu
// matches elements by their place: when the permalink's notice went away
// (Run clears it), every element after it moved up one place, the inputs
// were made anew, empty, and the file the notice had asked for was lost
// ("No file chosen"; Load refused as if none were).
func TestFileInputsKeepTheirPlace(t *testing.T) {
	a := NewApp("", "")
	env := newBuildEnv(t)
	root := &Root{App: a}
	for _, id := range []string{graphInputID, urlsInputID} {
		a.Error, a.Notice = "", "This link's scenario runs on an uploaded file."
		withNotice := renderedPath(t, env, root, id)
		a.Error, a.Notice = "the worker failed", ""
		withError := renderedPath(t, env, root, id)
		a.Error, a.Notice = "", ""
		without := renderedPath(t, env, root, id)
		if withNotice != without || withError != without {
			t.Errorf("#%s is at %s with a notice, %s with an error, %s with neither", id, withNotice, withError, without)
		}
	}
}

// newBuildEnv returns a build environment that renders the page without
// a browser (quietEnv).
func newBuildEnv(t *testing.T) *vugu.BuildEnv {
	t.Helper()
	env, err := vugu.NewBuildEnv(&quietEnv{})
	if err != nil {
		t.Fatal(err)
	}
	return env
}

// renderedChildren returns n's children as Vugu's renderer walks them: a
// component stands for its output, a template for its children.
func renderedChildren(res *vugu.BuildResults, n *vugu.VGNode) []*vugu.VGNode {
	var out []*vugu.VGNode
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		shown := c
		for shown.Component != nil {
			shown = res.ResultFor(shown.Component).Out[0]
		}
		if shown.IsTemplate() {
			out = append(out, renderedChildren(res, shown)...)
			continue
		}
		out = append(out, shown)
	}
	return out
}

// emptiedElements lists the elements of the page that have children in
// the build before and none in the build after, at the same place (as
// renderedPath finds it) and of the same tag. Vugu's renderer moves into
// an element's children only when it has some (domrender's
// visitSyncElementEtc), so such an element keeps in the browser the
// children of the render before: a message gone from the state stays
// on screen.
func emptiedElements(before, after *vugu.BuildResults) []string {
	var out []string
	var walk func(b, a *vugu.VGNode, path string)
	walk = func(b, a *vugu.VGNode, path string) {
		if b.Type != a.Type || b.Data != a.Data {
			return
		}
		bc, ac := renderedChildren(before, b), renderedChildren(after, a)
		if len(bc) > 0 && len(ac) == 0 && a.InnerHTML == nil {
			id := ""
			for _, at := range a.Attr {
				if at.Key == "id" {
					id = "#" + at.Val
				}
			}
			out = append(out, a.Data+id+" at "+path)
		}
		for i := 0; i < len(bc) && i < len(ac); i++ {
			walk(bc[i], ac[i], fmt.Sprintf("%s/%d", path, i))
		}
	}
	walk(before.Out.Out[0], after.Out.Out[0], "")
	return out
}

// TestMessagesGoneLeaveThePage: every message a panel shows (the Graph
// panel's refusal of an upload, the form's, the panels' errors) leaves
// the page when the state no longer has it. The Graph panel's refusal
// was the one child of its alert region: when Run cleared it, the region
// had no child, the renderer did not look into it, and the refusal of a
// file stayed under Generate after a run on a generated graph.
func TestMessagesGoneLeaveThePage(t *testing.T) {
	a, _ := readyApp(t)
	env := newBuildEnv(t)
	root := &Root{App: a}
	env.RunBuild(root) // Root.Init, which starts the worker (natively: an error)
	const refusal = "junk.edges:2: NUL byte in column 1 (byte 4): binary data, not text"
	a.Error, a.panelErr, a.FormError = refusal, refusal, "pages: -5 is not allowed: want 1 or more pages"
	a.Community.Error, a.Revisits.Error, a.Papers.Error = "no hosts", "horizon: want more than 0", "no graph"
	before := env.RunBuild(root)
	if a.PanelError() == "" || a.RunBarFormError() == "" {
		t.Fatalf("the Graph panel says %q, the run bar %q", a.PanelError(), a.RunBarFormError())
	}
	a.Error, a.panelErr, a.FormError = "", "", ""
	a.Community.Error, a.Revisits.Error, a.Papers.Error = "", "", ""
	after := env.RunBuild(root)
	if emptied := emptiedElements(before, after); len(emptied) > 0 {
		t.Errorf("elements left without children, which the renderer leaves as they were: %v", emptied)
	}
}

// TestJumpsTakeTheFocus: every link of the page to a place in it (the
// "Go to" links, the chart's link to the metrics table, a strategy's
// link to its paper) goes to an element that can take the focus
// (tabindex), as Jump and page.Focus give it: the share, community
// seeds, revisits, papers and about panels could not, so a press of one
// of those links scrolled the page to the panel and left the focus on
// the link, and the next Tab scrolled back up to the links.
func TestJumpsTakeTheFocus(t *testing.T) {
	a, _ := readyApp(t)
	env := newBuildEnv(t)
	root := &Root{App: a}
	env.RunBuild(root) // Root.Init
	res := env.RunBuild(root)
	focusable := map[string]bool{}
	var targets []string
	var walk func(n *vugu.VGNode)
	walk = func(n *vugu.VGNode) {
		for _, at := range n.Attr {
			if at.Key == "tabindex" {
				focusable[attr(n, "id")] = true
			}
		}
		if href := attr(n, "href"); n.Data == "a" && strings.HasPrefix(href, "#") {
			targets = append(targets, href[1:])
		}
		for _, c := range renderedChildren(res, n) {
			walk(c)
		}
	}
	walk(res.Out.Out[0])
	if len(targets) < 7 {
		t.Fatalf("the page links to %d places in it: %v", len(targets), targets)
	}
	for _, id := range targets {
		if !focusable[id] {
			t.Errorf("a link goes to #%s, which cannot take the focus", id)
		}
	}
}

package main

import (
	"fmt"
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
	var children func(n *vugu.VGNode) []*vugu.VGNode
	children = func(n *vugu.VGNode) []*vugu.VGNode {
		var out []*vugu.VGNode
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			for c.Component != nil {
				c = res.ResultFor(c.Component).Out[0]
			}
			if c.IsTemplate() {
				out = append(out, children(c)...)
				continue
			}
			out = append(out, c)
		}
		return out
	}
	var find func(n *vugu.VGNode, path string) string
	find = func(n *vugu.VGNode, path string) string {
		for _, at := range n.Attr {
			if at.Key == "id" && at.Val == id {
				return path
			}
		}
		for i, c := range children(n) {
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
// ("No file chosen"; Load: "choose a graph file first").
func TestFileInputsKeepTheirPlace(t *testing.T) {
	a := NewApp("", "")
	env, err := vugu.NewBuildEnv(&quietEnv{})
	if err != nil {
		t.Fatal(err)
	}
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

package main

import (
	"html"
	"testing"

	"github.com/vugu/vugu"
)

// textOf returns the text node n holds, or its innerHTML as text.
func textOf(n *vugu.VGNode) string {
	if n.InnerHTML != nil {
		return html.UnescapeString(*n.InnerHTML)
	}
	s := ""
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == vugu.TextNode {
			s += c.Data
		}
	}
	return s
}

// TestLiveRegionHoldsATextNode: a LiveRegion is its element with its
// attributes and its text as one text node, never as innerHTML, which
// the renderer would set again at every render (replacing the node a
// screen reader watches); with no text it has no child. The page's
// three live regions are LiveRegions.
func TestLiveRegionHoldsATextNode(t *testing.T) {
	build := func(text string) *vugu.VGNode {
		c := &LiveRegion{AttrMap: vugu.AttrMap{"id": "announce", "aria-live": "polite"}, Text: text}
		out := c.Build(&vugu.BuildIn{}).Out
		if len(out) != 1 || out[0].Data != "p" || attr(out[0], "aria-live") != "polite" || attr(out[0], "id") != "announce" {
			t.Fatalf("built %+v", out)
		}
		return out[0]
	}
	n := build("Done: 10 strategies compared.")
	if n.InnerHTML != nil || n.FirstChild == nil || n.FirstChild.Type != vugu.TextNode || n.FirstChild.NextSibling != nil || n.FirstChild.Data != "Done: 10 strategies compared." {
		t.Errorf("the region holds %+v (innerHTML %v)", n.FirstChild, n.InnerHTML)
	}
	if n := build(""); n.FirstChild != nil {
		t.Errorf("an empty region holds %+v", n.FirstChild)
	}

	a, _ := readyApp(t)
	a.Announce, a.Papers.Announce, a.Revisits.Announce = "one", "two", "three"
	for _, c := range []struct {
		panel vugu.Builder
		id    string
		want  string
	}{{&RunPanel{App: a}, "announce", "one"}, {&PapersPanel{App: a}, "papers-announce", "two"}, {&RefreshPanel{App: a}, "refresh-announce", "three"}} {
		n := findNode(t, c.panel, c.id)
		if n == nil || n.InnerHTML != nil || textOf(n) != c.want {
			t.Errorf("#%s: %+v, want a LiveRegion saying %q", c.id, n, c.want)
		}
	}
}

package main

import "github.com/vugu/vugu"

// LiveRegion is an element whose text a screen reader says when it
// changes (aria-live): its lower-case attributes (id, class, aria-live)
// go to the element as they are, and Text is its one text node. Vugu's
// vg-content sets an element's innerHTML at every render, so that a live
// region written with it had its text node replaced whenever anything on
// the page changed (a key typed, a Tab), each time with the same words,
// which screen readers may say again; the text node a LiveRegion builds
// is kept, and only its text set.
type LiveRegion struct {
	AttrMap vugu.AttrMap
	Text    string
}

// Build makes the element, with its text as a text node.
func (c *LiveRegion) Build(vgin *vugu.BuildIn) *vugu.BuildOut {
	n := &vugu.VGNode{Type: vugu.ElementNode, Data: "p"}
	n.AddAttrList(c.AttrMap)
	if c.Text != "" {
		n.AppendChild(&vugu.VGNode{Type: vugu.TextNode, Data: c.Text})
	}
	return &vugu.BuildOut{Out: []*vugu.VGNode{n}}
}

package main

import "testing"

// TestFileInputsAreKept: the file inputs are elements the page's render
// keeps, not part of a static block of HTML that Vugu sets again
// (innerHTML) at every render: that made a new, empty input at each
// render, so a file picked and then any render (a helper's progress, a
// field edited) left Load nothing to send: it refused as if no graph file
// were chosen (TestPageCommunityNeedsHosts failed so about one run in
// twenty).
func TestFileInputsAreKept(t *testing.T) {
	a := NewApp("", "")
	for _, id := range []string{graphInputID, urlsInputID} {
		n, labelled := builtNode(t, &SourcePanel{App: a}, id)
		if n == nil || n.Data != "input" || !labelled {
			t.Errorf("#%s is not an element of its own in a label (%v)", id, n)
		}
	}
}

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// newSessionUploadWithURLs returns an upload of an edge list, name, and
// its URL list, urls, one URL a page on hosts of ten pages, which a
// sessionWorker loads as the page's worker does.
func newSessionUploadWithURLs(t *testing.T, name, urls string, pages int) *page.Upload {
	t.Helper()
	edges := ringEdges(pages)
	var list strings.Builder
	for i := range pages {
		fmt.Fprintf(&list, "http://host%d.example/p%d\n", i/10, i)
	}
	u := &page.Upload{}
	load := protocol.Load{Name: name, URLs: urls, Sizes: []int64{int64(len(edges)), int64(list.Len())}}
	sessionUploads.Store(u, sessionFiles{load: load, data: [][]byte{edges, []byte(list.String())}})
	t.Cleanup(func() { sessionUploads.Delete(u) })
	return u
}

// TestNamesShownAsTyped: file names the reader chose are shown as they are:
// an upload named 20240101.edges is not shown as "20,240,101.edges" in the
// graph's facts, the pinned caption, the pinned differences or the chart's
// sentence, so the page puts no separators in the numbers of those texts. A
// generated graph's counts still have them, from the engine's description
// of it.
func TestNamesShownAsTyped(t *testing.T) {
	// The file inputs hold nothing: Run runs on the upload taken.
	var none *page.Upload
	pickedFiles(t, &none)
	a, w := firstResult(t, "2000")
	w.files = make(chan sentFiles, 1)
	if got := factValue(a.ShownFacts(), "graph"); !strings.HasPrefix(got, "generated: 2,000 pages, ") {
		t.Errorf("a generated graph's facts name it %q", got)
	}
	run := func(u *page.Upload) {
		t.Helper()
		a.takeUpload(u)
		sentUpload(t, &w.fakeWorker)
		for _, r := range w.take() {
			a.handle(pageEvent(r))
		}
		a.Run()
		for _, r := range w.take() {
			a.handle(pageEvent(r))
		}
		if a.Error != "" || a.FormError != "" || a.Result == nil {
			t.Fatalf("run on the upload: error %q, form error %q", a.Error, a.FormError)
		}
	}
	run(newSessionUploadWithURLs(t, "20240101.edges", "123456.urls", 1200))
	if got := factValue(a.ShownFacts(), "graph"); got != "20240101.edges" {
		t.Errorf("the facts name the upload %q, want 20240101.edges", got)
	}
	if got := factValue(a.ShownFacts(), "pages"); got != "1,200" {
		t.Errorf("the facts give %q pages, want 1,200", got)
	}
	if got := (&ChartView{App: a}).Compared(); !strings.HasSuffix(got, " on 1,200 pages (20240101.edges).") {
		t.Errorf("the chart compares %q", got)
	}
	a.Pin()
	if got := a.Pinned.Caption; !strings.Contains(got, " on 20240101.edges (1,200 pages)") {
		t.Errorf("the pinned caption is %q", got)
	}
	run(newSessionUploadWithURLs(t, "20250101.edges", "123456.urls", 1200))
	if got, want := a.PinnedDifference(), "graph 20240101.edges → 20250101.edges"; !strings.Contains(got, want) {
		t.Errorf("the pinned difference is %q, want it to say %q", got, want)
	}
	run(newSessionUploadWithURLs(t, "20240101.edges", "123457.urls", 1200))
	if got, want := a.PinnedDifference(), "graph 20240101.edges, URLs 123456.urls → 20240101.edges, URLs 123457.urls"; !strings.Contains(got, want) {
		t.Errorf("the pinned difference is %q, want it to say %q", got, want)
	}
}

// factValue is the value of the fact labelled label, or "".
func factValue(facts [][2]string, label string) string {
	for _, f := range facts {
		if f[0] == label {
			return f[1]
		}
	}
	return ""
}

//go:build browser

package browsertest

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPageUploadKeepsPickedFiles picks a graph file, then edits a field (a
// render of the page) before pressing Load: the file input keeps the file,
// and Load reads it. Inputs' labels written as static HTML set again at
// every render would empty the inputs, and Load would then say "choose a
// graph file first" (in TestPageCommunityNeedsHosts, whenever a render came
// between its pick and its click).
func TestPageUploadKeepsPickedFiles(t *testing.T) {
	edges := filepath.Join(t.TempDir(), "picked.edges")
	if err := os.WriteFile(edges, []byte("0 1\n1 2\n2 0\n0 3\n3 4\n4 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, url := browser(t, nil)
	run(t, ctx, chromedp.Navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Click("#source-upload"), waitFor(`document.querySelector("#graph-file").offsetHeight > 0`, 10*time.Second),
		chromedp.SetUploadFiles("#graph-file", []string{edges}),
		setField("#seeds", "top-pagerank:3"), waitFor(`document.querySelector("#seeds").value == "top-pagerank:3"`, 10*time.Second),
		chromedp.Sleep(300*time.Millisecond)) // the render after the edit
	if n := value(t, ctx, chromedp.Evaluate[int](`document.querySelector("#graph-file").files.length`)); n != 1 {
		t.Fatalf("after a render the graph file input holds %d files, want the one picked", n)
	}
	run(t, ctx, loadEnabled, chromedp.Click("#load"),
		waitFor(`((document.querySelector("#graph-facts") || {}).textContent || "").includes("picked.edges")`, time.Minute))
}

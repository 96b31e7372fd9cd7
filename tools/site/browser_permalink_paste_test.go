package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// smallEdges writes an edge list of n pages to a file of the given name in
// a temporary folder and returns its path.
func smallEdges(t *testing.T, name string, n int) string {
	t.Helper()
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d %d\n%d %d\n%d %d\n", i, (i+1)%n, i, (i+7)%n, i, (3*i)%n)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// rowsAre is true when the page is idle and its table has n rows.
func rowsAre(n int) string {
	return idle + fmt.Sprintf(` && document.querySelectorAll("#metrics tbody tr").length == %d`, n)
}

// TestPagePermalinkOfAnUpload runs a comparison on an uploaded file, opens
// its permalink in a new tab, chooses the file there as the notice says
// and presses Run (not Load): the page loads the file, runs, and shows the
// same table. Before, Run said "graph: upload a graph file", the notice
// went and took the file picked with it ("No file chosen"), and Load then
// said "choose a graph file first".
func TestPagePermalinkOfAnUpload(t *testing.T) {
	edges := smallEdges(t, "ring.edges", 300)
	ctx, url := browser(t, nil)
	run(t, ctx, chromedp.Navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Click("#source-upload"), chromedp.SetUploadFiles("#graph-file", []string{edges}),
		loadEnabled, chromedp.Click("#load"),
		waitFor(`((document.querySelector("#graph-facts") || {}).textContent || "").includes("ring.edges")`, time.Minute),
		setField("#seeds", "top-pagerank:3"), chooseStrategies("optimal", "bfs", "opic"),
		chromedp.Click("#run"), waitFor(rowsAre(3), 2*time.Minute))
	cells := tableCells(t, ctx)
	link := value(t, ctx, chromedp.Value("#permalink"))

	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	run(t, tab, chromedp.Navigate(link),
		waitFor(`((document.querySelector("#notice") || {}).textContent || "").includes("ring.edges")`, time.Minute),
		waitFor(`!document.querySelector("#run").disabled`, time.Minute))
	notice := value(t, tab, chromedp.Text("#notice"))
	if !strings.Contains(notice, "choose") || !strings.Contains(notice, "then press Run") {
		t.Errorf("the link's notice %q does not say to choose the file, then press Run", notice)
	}
	run(t, tab, chromedp.SetUploadFiles("#graph-file", []string{edges}), chromedp.Click("#run"),
		waitFor(rowsAre(3)+` || document.querySelector("#error, #form-error") != null`, 2*time.Minute))
	if again := tableCells(t, tab); !sameCells(again, cells) {
		t.Errorf("the permalink's table, file chosen and Run pressed,\n%v\nthe direct upload's\n%v", again, cells)
	}
	if n := value(t, tab, chromedp.Evaluate[int](`document.querySelector("#graph-file").files.length`)); n != 1 {
		t.Errorf("after the run the graph file input holds %d files, want the one chosen", n)
	}
}

//go:build browser

package browsertest

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
// refused as if no graph file were chosen.
func TestPagePermalinkOfAnUpload(t *testing.T) {
	edges := smallEdges(t, "ring.edges", 300)
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Click("#source-upload"), chromedp.SetUploadFiles("#graph-file", []string{edges}),
		loadEnabled, chromedp.Click("#load"),
		waitFor(`((document.querySelector("#graph-facts") || {}).textContent || "").includes("ring.edges")`, time.Minute),
		setField("#seeds", "top-pagerank:3"), chooseStrategies("optimal", "bfs", "opic"),
		chromedp.Click("#run"), waitFor(rowsAre(3), 2*time.Minute))
	cells := tableCells(t, ctx)
	link := value(t, ctx, chromedp.Value("#permalink"))

	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	run(t, tab, navigate(link),
		waitFor(`((document.querySelector("#notice") || {}).textContent || "").includes("ring.edges")`, time.Minute),
		waitFor(`document.querySelector("#run").ariaDisabled == "false"`, time.Minute))
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

// damagedLink is a permalink cut short: its scenario does not inflate.
const damagedLink = "s=eJyrVkrOz0nNTc0rSUxXslIqS8wpTtWpTs"

// TestPageDamagedPermalink opens a permalink cut short: the page says so in
// one sentence, runs the default scenario, and keeps the link in its
// address until the user runs something. Before, it said "…was it cut
// short?; the default scenario…" and the opening run wrote the default
// scenario's permalink over the link.
func TestPageDamagedPermalink(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/#"+damagedLink), waitFor(idle, 2*time.Minute))
	msg := value(t, ctx, chromedp.Text("#error"))
	if !strings.Contains(msg, "damaged") || strings.Contains(msg, "?;") {
		t.Errorf("the damaged link's message %q", msg)
	}
	if hash := value(t, ctx, chromedp.Evaluate[string](`location.hash`)); hash != "#"+damagedLink {
		t.Errorf("after the default scenario's run the address's fragment is %q, want the link opened", hash)
	}
	run(t, ctx, chromedp.Click("#run"), waitFor(idle+` && location.hash != "#`+damagedLink+`"`, time.Minute))
	if link := value(t, ctx, chromedp.Value("#permalink")); value(t, ctx, chromedp.Location()) != link {
		t.Errorf("after the user's run the address is not the permalink %q", link)
	}
}

// TestPagePastedPermalink puts another scenario's permalink in the address
// of the open page, as a paste into the address bar does (only the
// fragment changes, so the page is not reloaded): the form and then the
// result follow. Before, nothing happened until a reload. The page's own
// updates of its address fire no hashchange; a damaged link pasted gets
// the error a load gives, and the form stays.
func TestPagePastedPermalink(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Evaluate[chromedp.Void](`window.hashChanges = 0; addEventListener("hashchange", () => window.hashChanges++)`),
		setField("#gen-pages", "3000"), setField("#seeds", "random:20"), chooseStrategies("optimal", "bfs", "random"),
		chromedp.Click("#run"), waitFor(rowsAre(3), time.Minute))
	cells := tableCells(t, ctx)
	link := value(t, ctx, chromedp.Value("#permalink"))
	run(t, ctx, setField("#gen-pages", "4000"), chooseStrategies("optimal", "bfs"),
		chromedp.Click("#run"), waitFor(rowsAre(2), time.Minute))
	if n := value(t, ctx, chromedp.Evaluate[int](`window.hashChanges`)); n != 0 {
		t.Errorf("the page's own updates of its address fired %d hashchange events", n)
	}
	fragment := link[strings.IndexByte(link, '#')+1:]
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "`+fragment+`"`),
		waitFor(`document.querySelector("#gen-pages").value == "3000"`, 10*time.Second),
		waitFor(rowsAre(3), time.Minute))
	if got := tableCells(t, ctx); !sameCells(got, cells) {
		t.Errorf("the pasted permalink's table\n%v\nthe original\n%v", got, cells)
	}
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "`+damagedLink+`"`),
		waitFor(`document.querySelector("#error") != null`, 10*time.Second))
	if msg := value(t, ctx, chromedp.Text("#error")); !strings.Contains(msg, "damaged") {
		t.Errorf("the damaged link pasted: %q", msg)
	}
	if pages := value(t, ctx, chromedp.Value("#gen-pages")); pages != "3000" {
		t.Errorf("the damaged link pasted changed the form's pages to %q", pages)
	}
}

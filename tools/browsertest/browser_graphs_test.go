//go:build browser

package browsertest

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/tools/site"
)

// TestPageEmbedRunsASiteGraph serves the site with cs-stanford from
// ../shared/data as serve.go -graph does (its edge list with its URL
// list, and its BVGraph): the full page opened on a permalink of the
// edge list lists both in the Graph panel with their facts and runs the
// comparison on it, with the table of the same scenario run natively,
// and passes axe-core's audit; the BVGraph chosen in the list runs, and
// the permalink names it by its path in the site; the embed opened on
// the first permalink runs on its 9,914 pages, with no file to choose. With CRAWLSIM_SCREENSHOTS=DIR it writes
// screenshots of the Graph panel at 1400 and 400 px there.
func TestPageEmbedRunsASiteGraph(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "cs-stanford"))
	if err != nil {
		t.Fatal(err)
	}
	edges := filepath.Join(dir, "cs-stanford.edges")
	if _, err := os.Stat(edges); err != nil {
		skipFor(t, fmt.Sprintf("cs-stanford data not available (%v); it lives in ../shared/data beside the repository", err))
	}
	graphs, err := site.PrepareGraphs([]site.GraphSpec{
		{File: edges, URLs: filepath.Join(dir, "cs-stanford.urls")},
		{File: filepath.Join(dir, "cs-stanford.graph")},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, url := browser(t, func(h http.Handler) http.Handler {
		gh, err := site.GraphsHandler(graphs, h)
		if err != nil {
			t.Fatal(err)
		}
		return gh
	})
	s := scenario.Scenario{Graph: scenario.Source{File: "graphs/cs-stanford.edges", URLs: "graphs/cs-stanford.urls"}, Seeds: "top-pagerank:20",
		Strategies: []scenario.Strategy{{ID: "optimal"}, {ID: "bfs"}, {ID: "fpr"}}, RandomSeed: 1}
	frag := permalinkOf(t, s)

	// The full page: the panel lists the site's graphs, the link's chosen.
	run(t, ctx, navigate(url+"/#"+frag),
		waitFor(idle+` && document.querySelectorAll("#metrics tbody tr").length == 3`, 3*time.Minute))
	panel := value(t, ctx, chromedp.Evaluate[struct {
		Site, First, Second bool
		Text, Error         string
	}](`(() => {
		const checked = id => { const e = document.getElementById(id); return !!e && e.checked; };
		const err = document.querySelector("#error");
		return {Site: checked("source-site"), First: checked("site-graph-1"), Second: checked("site-graph-2"),
			Text: document.querySelector("#source-panel").innerText, Error: err ? err.textContent : ""};
	})()`))
	if !panel.Site || !panel.First || panel.Second || panel.Error != "" {
		t.Errorf("the Graph panel: site's crawls chosen %v, first graph %v, second %v; error %q", panel.Site, panel.First, panel.Second, panel.Error)
	}
	for _, want := range []string{"cs-stanford.edges", "9,914 pages, 36,854 links, 21 hosts", "cs-stanford.graph", "9,914 pages, 36,854 links, no hosts"} {
		if !strings.Contains(panel.Text, want) {
			t.Errorf("the Graph panel does not say %q:\n%s", want, panel.Text)
		}
	}
	want, err := scenario.Run(context.Background(), s, scenario.Env{FS: site.SourceFS(graphs[0].Sources)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	model.OrderStrategies(want.Strategies, scenario.Catalogue().Strategies)
	if got := tableCells(t, ctx); !sameCells(got, resultCells(want)) {
		t.Errorf("the page's table\n%v\nnatively\n%v", got, resultCells(want))
	}
	// The panel passes axe-core's audit, in light mode at desktop width
	// and in dark mode at phone width.
	script := axeScript(t)
	for _, c := range []struct {
		dark  bool
		width int64
	}{{false, 1400}, {true, 400}} {
		run(t, ctx, darkMode(c.dark), viewport(c.width, 1000))
		for _, v := range audit(t, ctx, script) {
			t.Errorf("dark %v, %d px: axe-core %s (%s): %s\n    %s", c.dark, c.width, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n    "))
		}
	}
	run(t, ctx, darkMode(false), viewport(1400, 1200))
	if shots := os.Getenv("CRAWLSIM_SCREENSHOTS"); shots != "" {
		for _, w := range []int64{1400, 400} {
			run(t, ctx, viewport(w, 1000), chromedp.Evaluate[chromedp.Void](`document.querySelector("#source-panel").scrollIntoView()`))
			time.Sleep(500 * time.Millisecond)
			png := value(t, ctx, chromedp.CaptureScreenshot())
			os.WriteFile(filepath.Join(shots, fmt.Sprintf("site-graphs-%d.png", w)), png, 0o644)
		}
		run(t, ctx, viewport(1400, 1200))
	}

	// The other graph of the list, the BVGraph (its .properties goes
	// along), chosen and run.
	run(t, ctx, chromedp.Click("#site-graph-2"), chromedp.Click("#run"),
		waitFor(idle+` && document.querySelector("#chart-compared").textContent.includes("graphs/cs-stanford.graph")`, 3*time.Minute))
	if compared := value(t, ctx, chromedp.Text("#chart-compared")); !strings.Contains(compared, "9,914 pages") {
		t.Errorf("the run on the BVGraph says %q", compared)
	}
	link := value(t, ctx, chromedp.Value("#permalink"))
	if linked, err := scenario.Parse(bytes.NewReader(decodePermalink(t, link)), "permalink"); err != nil || linked.Graph.File != "graphs/cs-stanford.graph" || linked.Graph.URLs != "" {
		t.Errorf("the permalink's graph is %+v (%v)", linked.Graph, err)
	}

	// The embed on the first link: it runs on the site's graph.
	run(t, ctx, navigate(url+"/?embed=1#"+frag),
		waitFor(`document.querySelectorAll("#legend li").length == 3 && document.querySelector("#run").ariaDisabled == "false" && !document.querySelector("#legend.pending")`, 3*time.Minute))
	embed := value(t, ctx, chromedp.Evaluate[struct{ Compared, Error, Notice string }](`(() => {
		const text = sel => { const e = document.querySelector(sel); return e ? e.textContent : ""; };
		return {Compared: text("#chart-compared"), Error: text("#error"), Notice: text("#notice")};
	})()`))
	if !strings.Contains(embed.Compared, "9,914 pages") || embed.Error != "" || embed.Notice != "" {
		t.Errorf("the embed says %q; error %q, notice %q", embed.Compared, embed.Error, embed.Notice)
	}
}

//go:build browser

package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPageUploadKeepsPickedFiles picks a graph file, then edits a field (a
// render of the page) before pressing Load: the file input keeps the file,
// and Load reads it. Inputs' labels written as static HTML set again at
// every render would empty the inputs, and Load would then refuse as if
// no graph file were chosen (in TestPageCommunityNeedsHosts, whenever a
// render came between its pick and its click).
func TestPageUploadKeepsPickedFiles(t *testing.T) {
	edges := tempFile(t, "picked.edges", "0 1\n1 2\n2 0\n0 3\n3 4\n4 0\n")
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		pickGraphFile(edges),
		setField("#seeds", "top-pagerank:3"), waitFor(`document.querySelector("#seeds").value == "top-pagerank:3"`, 10*time.Second),
		chromedp.Sleep(300*time.Millisecond)) // the render after the edit
	if n := value(t, ctx, chromedp.Evaluate[int](`document.querySelector("#graph-file").files.length`)); n != 1 {
		t.Fatalf("after a render the graph file input holds %d files, want the one picked", n)
	}
	run(t, ctx, loadEnabled, chromedp.Click("#load"),
		waitFor(`((document.querySelector("#graph-facts") || {}).textContent || "").includes("picked.edges")`, time.Minute))
}

// TestPageUploadRefusedInView loads a binary file at phone width: the
// refusal, naming the file, is shown in the Graph panel by the Load
// button, in view, not only in the banner a screen or more above it; the
// form keeps its seeds.
func TestPageUploadRefusedInView(t *testing.T) {
	junk := tempFile(t, "junk.edges", "0 1\n\x00\x01\x02\xff binary\n")
	ctx, url := browser(t, nil)
	run(t, ctx, viewport(390, 844), navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#seeds", "top-pagerank:33"),
		pickGraphFile(junk),
		loadEnabled, chromedp.ScrollIntoView("#load"), chromedp.Click("#load"),
		waitFor(`((document.querySelector("#graph-error") || {}).textContent || "").includes("junk.edges")`, time.Minute))
	seen := value(t, ctx, chromedp.Evaluate[struct {
		InView bool
		Seeds  string
	}](`(() => { const r = document.querySelector("#graph-error").getBoundingClientRect();
		return {InView: r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight, Seeds: document.querySelector("#seeds").value}; })()`))
	if !seen.InView || seen.Seeds != "top-pagerank:33" {
		t.Errorf("after Load of a binary file: its refusal in view %v; seeds %q", seen.InView, seen.Seeds)
	}
	if fonts := value(t, ctx, chromedp.Evaluate[[]string](textFonts("#graph-error"))); fonts[0] != fonts[1] {
		t.Errorf("the refusal's font is %q, the page's %q", fonts[0], fonts[1])
	}
}

// TestPageLoadWithoutAFile presses Load with no graph file chosen: the
// Graph panel says so in Run's words (the graph file input is empty, which
// wasm/page tells apart from an input it cannot read), and the page reads
// no graph.
func TestPageLoadWithoutAFile(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Click("#source-upload"), loadEnabled, chromedp.Click("#load"),
		waitFor(`((document.querySelector("#graph-error") || {}).textContent || "") != ""`, 10*time.Second))
	got := value(t, ctx, chromedp.Evaluate[string](`document.querySelector("#graph-error").textContent`))
	const want = "graph: choose a graph file in the Graph panel first; or choose a generated graph"
	if got != want {
		t.Errorf("Load with no file: the Graph panel says %q, want %q", got, want)
	}
	if loaded := value(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#loaded-file") != null`)); loaded {
		t.Error("Load with no file: the panel names a loaded file")
	}
}

// TestPageUploadWarnsOfAnOddLabel loads, at phone width, an edge list of
// integer ids with one that is not ("x" on line 3): the Graph panel's
// facts say so with the file, the line and the id as soon as the file is
// read, before any Run, as crawlsim info does. With
// CRAWLSIM_SCREENSHOTS=DIR it writes a screenshot of the panel there.
func TestPageUploadWarnsOfAnOddLabel(t *testing.T) {
	edges := tempFile(t, "typo.edges", "0 1\n1 2\n3 x\n2 0\n")
	ctx, url := browser(t, nil)
	run(t, ctx, viewport(390, 844), navigate(url+"/"), waitFor(idle, 2*time.Minute),
		pickGraphFile(edges),
		loadEnabled, chromedp.ScrollIntoView("#load"), chromedp.Click("#load"),
		waitFor(`((document.querySelector("#graph-facts") || {}).textContent || "").includes("typo.edges")`, time.Minute))
	warning := value(t, ctx, chromedp.Evaluate[string](`(() => { const r = document.querySelector("#graph-facts tr.warning"); return r ? r.textContent : ""; })()`))
	if !strings.Contains(warning, `typo.edges:3: page id "x" is not a decimal integer`) {
		t.Errorf("after Load the facts' warning row says %q", warning)
	}
	if dir := os.Getenv("CRAWLSIM_SCREENSHOTS"); dir != "" {
		run(t, ctx, chromedp.ScrollIntoView("#graph-facts"))
		png := value(t, ctx, chromedp.CaptureScreenshot())
		os.WriteFile(filepath.Join(dir, "upload-odd-label-390.png"), png, 0o644)
	}
}

// tempFile writes content to a file named name in a folder of the test's
// own and returns its path.
func tempFile(t *testing.T, name, content string) string {
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// pickGraphFile chooses "uploaded crawl" in the Graph panel and picks the
// file at path in its graph file input, without pressing Load.
func pickGraphFile(path string) chromedp.Action[chromedp.Void] {
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Click("#source-upload"),
		waitFor(`document.querySelector("#graph-file").offsetHeight > 0`, 10*time.Second),
		chromedp.SetUploadFiles("#graph-file", []string{path}),
	}
	return func(ctx context.Context, tgt *chromedp.Target) (chromedp.Void, error) {
		for _, step := range steps {
			if _, err := step(ctx, tgt); err != nil {
				return chromedp.Void{}, err
			}
		}
		return chromedp.Void{}, nil
	}
}

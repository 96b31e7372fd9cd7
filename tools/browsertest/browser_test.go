//go:build browser

package browsertest

// The browser, the site and the helpers every browser test uses: one
// site built for all the tests (site.Build), a server of it
// (site.Handler) for each, a Chromium tab, and the actions that wait for
// the page and read it.

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/chromedp"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/refresh"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
	"github.com/crawlsim/crawlsim/tools/site"
)

// browserSite is the site built once for all the browser tests.
var browserSite struct {
	once sync.Once
	dir  string
	err  error
}

// skips lists the tests skipped for a tool or a data file this machine
// lacks, with the reason, for TestMain to print.
var skips struct {
	sync.Mutex
	lines []string
}

// skipFor skips the test, saying why, and lists it for TestMain's summary.
func skipFor(t *testing.T, why string) {
	t.Helper()
	skips.Lock()
	skips.lines = append(skips.lines, t.Name()+": "+why)
	skips.Unlock()
	t.Skip(why)
}

// lacks stops a test that needs a tool this machine lacks: it fails the
// test, since the tag browser asks for the whole suite, unless
// CRAWLSIM_BROWSER=optional, which skips it (listed by TestMain).
func lacks(t *testing.T, msg string) {
	t.Helper()
	if os.Getenv("CRAWLSIM_BROWSER") != "optional" {
		t.Fatal(msg + "; or set CRAWLSIM_BROWSER=optional to skip the tests that need it")
	}
	skipFor(t, msg)
}

// chromium returns the path of a Chromium, or stops the test (lacks).
func chromium(t *testing.T) string {
	t.Helper()
	names := []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"}
	if env := os.Getenv("CRAWLSIM_CHROME"); env != "" {
		names = append([]string{env}, names...)
	}
	for _, name := range names {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	lacks(t, "no Chromium found (looked for "+strings.Join(names, ", ")+"); install one (Debian: apt-get install chromium) or name it in CRAWLSIM_CHROME")
	return ""
}

// TestMain removes the site the browser tests built and lists the tests
// skipped, with the reason.
func TestMain(m *testing.M) {
	code := m.Run()
	if len(skips.lines) > 0 {
		fmt.Printf("browser tests skipped: %d\n", len(skips.lines))
		for _, l := range skips.lines {
			fmt.Println("  " + l)
		}
	}
	if browserSite.dir != "" {
		os.RemoveAll(browserSite.dir)
	}
	os.Exit(code)
}

// siteDir builds the page and worker once into a temporary folder.
func siteDir(t *testing.T) string {
	t.Helper()
	browserSite.once.Do(func() {
		dir, err := os.MkdirTemp("", "crawlsim-site-")
		if err != nil {
			browserSite.err = err
			return
		}
		var log bytes.Buffer
		if err := site.Build(context.Background(), filepath.Join("..", ".."), dir, &log); err != nil {
			browserSite.err = fmt.Errorf("%v\n%s", err, log.String())
			return
		}
		browserSite.dir = dir
	})
	if browserSite.err != nil {
		t.Fatal(browserSite.err)
	}
	return browserSite.dir
}

// browser opens a Chromium tab on a server of the built site and returns
// its context and the server's address.
func browser(t *testing.T, h func(http.Handler) http.Handler) (context.Context, string) {
	t.Helper()
	exe := chromium(t)
	dir := siteDir(t)
	var handler http.Handler = site.Handler(dir)
	if h != nil {
		handler = h(handler)
	}
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	return tab(t, exe), srv.URL
}

// tab opens a tab of the Chromium exe, 1400 by 1200 px, for three minutes
// at most. The page must work under its Content-Security-Policy: the test
// fails if the console reports a violation.
func tab(t *testing.T, exe string) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.WindowSize(1400, 1200))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	policyMessages := policyConsole(ctx)
	t.Cleanup(func() {
		for _, m := range policyMessages() {
			t.Errorf("the console says: %s", m)
		}
	})
	return ctx
}

// run runs the actions in order, failing the test with what the page says
// when one fails.
func run(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		failed(t, ctx, err)
	}
}

// value runs an action that returns a value.
func value[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		failed(t, ctx, err)
	}
	return v
}

// failed fails the test with err and the start of the page's text, or
// says that the tab's time ran out before the page could be read.
func failed(t *testing.T, ctx context.Context, err error) {
	t.Helper()
	if ctx.Err() != nil {
		t.Fatalf("%v\nthe tab's time ran out (%v); the page was not read", err, ctx.Err())
	}
	rctx, cancel := context.WithTimeout(ctx, stepLimit)
	defer cancel()
	page, _ := chromedp.Run(rctx, chromedp.Evaluate[string](`document.body ? document.body.innerText.slice(0, 3000) : ""`))
	t.Fatalf("%v\nthe page says:\n%s", err, page)
}

// stepLimit bounds one exchange with Chromium (an evaluation, the reading
// of the page's text), so a reply that never comes fails the step that
// waited for it, or is asked again, rather than using the tab's whole
// budget and failing with nothing but "context deadline exceeded".
const stepLimit = 20 * time.Second

// loadLimit bounds a page load (navigate).
const loadLimit = 90 * time.Second

// navigate loads url in the tab as chromedp.Navigate does, failing with
// the address when the load has not ended within loadLimit.
func navigate(url string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		lctx, cancel := context.WithTimeout(ctx, loadLimit)
		defer cancel()
		if _, err := chromedp.Navigate(url)(lctx, t); err != nil {
			if ctx.Err() == nil && lctx.Err() != nil {
				return fmt.Errorf("loading %s: not loaded in %v", url, loadLimit)
			}
			return fmt.Errorf("loading %s: %w", url, err)
		}
		return nil
	})
}

// waitFor polls a JavaScript expression until it is true.
//
// The test evaluates expr every 50 ms itself rather than with
// chromedp.Poll, whose loop runs inside the page: a poll begun while the
// page was still starting in a new document sometimes never answered
// (TestPageEmbedFitsItsFrame hung for its three minutes although its
// condition held). An evaluation that fails (an element not there yet) or
// gets no reply within stepLimit is tried again until the timeout, which
// reports the last error. The wait ends a step before the tab's own
// deadline, so the failure names what it waited for.
func waitFor(expr string, timeout time.Duration) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		start := time.Now()
		deadline := start.Add(timeout)
		if d, ok := ctx.Deadline(); ok && d.Add(-stepLimit).Before(deadline) {
			deadline = d.Add(-stepLimit)
		}
		for {
			ectx, cancel := context.WithTimeout(ctx, stepLimit)
			ok, err := chromedp.Evaluate[bool]("Boolean("+expr+")")(ectx, t)
			cancel()
			if err == nil && ok {
				return nil
			}
			if time.Now().After(deadline) {
				if err == nil {
					err = context.DeadlineExceeded
				}
				return fmt.Errorf("waited %v for %s: %w", time.Since(start).Round(time.Second), expr, err)
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(50 * time.Millisecond):
			}
		}
	})
}

// loadEnabled waits until the Load button can be pressed: after the first
// comparison the page's helper workers generate its graph, and every
// button that starts a request is disabled meanwhile (a click on it then
// does nothing, and the test waited a minute for a graph never asked for).
var loadEnabled = waitFor(`document.querySelector("#load").ariaDisabled == "false"`, time.Minute)

// idle is true when the page shows a comparison and runs nothing.
const idle = `document.querySelectorAll("#metrics tbody tr").length > 0 && document.querySelector("#run").ariaDisabled == "false"`

// setField types a value into a form field as a user does: the value,
// then the change event the page listens to.
func setField(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q; e.dispatchEvent(new Event("change", {bubbles: true})); })()`, sel, value))
}

// chooseStrategies checks exactly the given strategies.
func chooseStrategies(ids ...string) chromedp.Action[chromedp.Void] {
	list := `["` + strings.Join(ids, `","`) + `"]`
	return chromedp.Evaluate[chromedp.Void](`(() => { const want = ` + list + `;
		for (const e of document.querySelectorAll("#strategies-panel input[type=checkbox]")) {
			if (e.checked !== want.includes(e.id.replace("strategy-", ""))) e.click();
		} })()`)
}

// tableCells returns the metrics table's cells without the scheduling
// time, the one figure a clock measures, as the page writes them (with
// thousands separators, as report.Rows writes them since 237e1fa).
func tableCells(t *testing.T, ctx context.Context) [][]string {
	t.Helper()
	return value(t, ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll("#metrics tbody tr")).map(r => Array.from(r.cells).slice(0, -1).map(c => c.textContent))`))
}

// resultCells returns the cells of a result's table (report.ReadableRows:
// the command line's figures, a column each), as tableCells does.
func resultCells(r *scenario.Result) [][]string {
	_, rows := report.ReadableRows(r)
	for i := range rows {
		rows[i] = rows[i][:len(rows[i])-1]
	}
	return rows
}

func sameCells(a, b [][]string) bool {
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// TestPageDefaultComparison opens the page with no input: it shows the
// default comparison, with a chart and one table row per strategy. It
// also reports the binaries' sizes and the time to the first comparison.
func TestPageDefaultComparison(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	svgs := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#chart svg polyline").length`))
	rows := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#metrics tbody tr").length`))
	first := value(t, ctx, chromedp.AttributeValue("#chart", "data-first-comparison-ms")).Value
	s := DefaultPageScenario()
	if rows != len(s.Strategies) {
		t.Errorf("%d table rows, the default scenario has %d strategies", rows, len(s.Strategies))
	}
	if svgs < len(s.Strategies) {
		t.Errorf("the chart draws %d lines for %d strategies", svgs, len(s.Strategies))
	}
	t.Logf("first comparison drawn %s ms after the page started", first)
	// The readout under the pointer, at 40% of the chart's width.
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const o = document.querySelector("#chart .overlay"), r = o.getBoundingClientRect();
		o.dispatchEvent(new MouseEvent("mousemove", {bubbles: true, clientX: r.left + 0.4*r.width, clientY: r.top + r.height/2})); })()`),
		waitFor(`document.querySelector("#readout") != null`, 10*time.Second))
	readout := value(t, ctx, chromedp.Text("#readout"))
	if !strings.Contains(readout, "reachable pages downloaded") || !strings.Contains(readout, "optimal") || !strings.Contains(readout, "0.") {
		t.Errorf("the readout says %q", readout)
	}
	for _, name := range []string{"page.wasm", "worker.wasm"} {
		name += site.CompressedSuffix
		br, err := os.Stat(filepath.Join(siteDir(t), name))
		if err != nil {
			t.Fatal(err)
		}
		data, err := unbrotliFile(filepath.Join(siteDir(t), name))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %.2f MB raw, %.2f MB Brotli", name, float64(len(data))/1e6, float64(br.Size())/1e6)
	}
}

// DefaultPageScenario is the page's opening scenario as the ui package
// builds it (ui.DefaultForm): the command line's default comparison on
// 20,000 generated pages.
func DefaultPageScenario() scenario.Scenario {
	s := scenario.Default()
	s.Graph.Generate.Pages = 20000
	return s
}

// decodePermalink reads the scenario of a permalink (ui.EncodePermalink:
// "#s=" and the deflated JSON in URL-safe base64).
func decodePermalink(t *testing.T, link string) []byte {
	t.Helper()
	i := strings.Index(link, "#s=")
	if i < 0 {
		t.Fatalf("permalink %q holds no scenario", link)
	}
	raw, err := base64.RawURLEncoding.DecodeString(link[i+3:])
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(flate.NewReader(bytes.NewReader(raw)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// crawlsimRun runs `crawlsim run -scenario LINK` on a permalink, as a
// reader who copies it from the Share panel would, and returns its result
// (-o) and what it printed.
func crawlsimRun(t *testing.T, link string) (*scenario.Result, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "result.json")
	cmd := exec.Command("go", "run", "./tools/crawlsim", "run", "-scenario", link, "-o", out)
	cmd.Dir = filepath.Join("..", "..")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	text, err := cmd.Output()
	if err != nil {
		t.Fatalf("crawlsim run: %v\n%s%s", err, text, stderr.Bytes())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	r, err := scenario.ParseResult(bytes.NewReader(data), out)
	if err != nil {
		t.Fatal(err)
	}
	return r, string(text)
}

// TestPageMatchesCommandLine generates a graph in the page, runs four
// strategies, and compares the table with `crawlsim run` on the page's
// scenario (its permalink), cell by cell. It reports the page's run time
// against the native one.
func TestPageMatchesCommandLine(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "30000"), setField("#gen-seed", "3"), setField("#seeds", "top-pagerank:50"),
		chromedp.Click("#generate"),
		waitFor(`(document.querySelector("#graph-facts") || {}).textContent.includes("seed 3")`, time.Minute),
		chooseStrategies("optimal", "bfs", "fpr", "opic"))
	facts := strings.ReplaceAll(value(t, ctx, chromedp.Text("#graph-facts")), ",", "") // the page separates thousands
	if !strings.Contains(facts, "30000") {
		t.Errorf("graph facts %q do not say 30000 pages", facts)
	}
	start := time.Now()
	run(t, ctx, chromedp.Click("#run"),
		waitFor(idle+` && document.querySelectorAll("#metrics tbody tr").length == 4`, 2*time.Minute))
	pageTime := time.Since(start)
	cells := tableCells(t, ctx)
	link := value(t, ctx, chromedp.Value("#permalink"))
	want, _ := crawlsimRun(t, link)
	if !sameCells(cells, resultCells(want)) {
		t.Errorf("the page's table\n%v\ncrawlsim run's\n%v", cells, resultCells(want))
	}
	s, err := scenario.Parse(bytes.NewReader(decodePermalink(t, link)), "permalink")
	if err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	if _, err := scenario.Run(context.Background(), s, scenario.Env{Workers: 1}, nil); err != nil {
		t.Fatal(err)
	}
	native := time.Since(start)
	t.Logf("run of %s: %v in the page (wasm, headless Chromium, with messages and rendering), %v natively with one worker: ratio %.1f",
		strings.Join(cells[0][:1], ""), pageTime.Round(time.Millisecond), native.Round(time.Millisecond), pageTime.Seconds()/native.Seconds())
}

// TestPageCancel cancels a long run: the worker stops within a second, the
// page says so and runs the next comparison.
func TestPageCancel(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "400000"), chooseStrategies("optimal", "bfs", "batch-pagerank"),
		chromedp.Click("#run"),
		waitFor(`document.querySelector("#run").ariaDisabled == "true" && document.querySelector("#stage").textContent != "starting"`, time.Minute))
	start := time.Now()
	run(t, ctx, chromedp.Click("#cancel"), waitFor(`document.querySelector("#run").ariaDisabled == "false"`, 10*time.Second))
	took := time.Since(start)
	// Said under the run bar, not in a banner over the page.
	note := value(t, ctx, chromedp.Text("#stale-note"))
	banner := value(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#notice") != null`))
	if !strings.Contains(note, "cancelled") || banner {
		t.Errorf("after cancel the note under the run bar says %q; a banner over the page: %v", note, banner)
	}
	t.Logf("cancel took effect in %v", took.Round(time.Millisecond))
	run(t, ctx, setField("#gen-pages", "2000"), chromedp.Click("#run"),
		waitFor(idle+` && document.querySelectorAll("#metrics tbody tr").length == 3`, time.Minute))
	pages := strings.ReplaceAll(value(t, ctx, chromedp.Text("#graph-facts")), ",", "") // the page separates thousands
	if !strings.Contains(pages, "2000") {
		t.Errorf("after the cancel the next run's graph is %q", pages)
	}
}

// TestPageUpload uploads the cs-stanford edge list with its URL list and
// runs the comparison on it.
func TestPageUpload(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "cs-stanford"))
	if err != nil {
		t.Fatal(err)
	}
	edges, urls := filepath.Join(dir, "cs-stanford.edges"), filepath.Join(dir, "cs-stanford.urls")
	if _, err := os.Stat(edges); err != nil {
		skipFor(t, fmt.Sprintf("cs-stanford data not available (%v); it lives in ../shared/data beside the repository", err))
	}
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Click("#source-upload"),
		chromedp.SetUploadFiles("#graph-file", []string{edges}),
		chromedp.SetUploadFiles("#urls-file", []string{urls}),
		loadEnabled, chromedp.Click("#load"),
		waitFor(`(document.querySelector("#graph-facts") || {}).textContent.includes("cs-stanford.edges")`, time.Minute),
		setField("#seeds", "top-pagerank:20"), chooseStrategies("optimal", "bfs", "fpr", "larger-sites-first"),
		chromedp.Click("#run"),
		waitFor(idle+` && document.querySelectorAll("#metrics tbody tr").length == 4`, 2*time.Minute))
	facts := strings.ReplaceAll(value(t, ctx, chromedp.Text("#graph-facts")), ",", "") // the page separates thousands
	// The facts of ../shared/data/README.md.
	for _, want := range []string{"9914", "36854", "21"} {
		if !strings.Contains(facts, want) {
			t.Errorf("graph facts %q lack %s", facts, want)
		}
	}
	// The same scenario natively.
	s := scenario.Scenario{Graph: scenario.Source{File: "cs-stanford.edges", URLs: "cs-stanford.urls"}, Seeds: "top-pagerank:20",
		// The page lists the strategies in the registry's order.
		Strategies: []scenario.Strategy{{ID: "bfs"}, {ID: "larger-sites-first"}, {ID: "optimal"}, {ID: "fpr"}}, RandomSeed: 1}
	want, err := scenario.Run(context.Background(), s, scenario.Env{FS: os.DirFS(dir)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Both list the strategies in the one order (model.OrderStrategies),
	// as the command line's table does.
	model.OrderStrategies(want.Strategies, scenario.Catalogue().Strategies)
	if got := tableCells(t, ctx); !sameCells(got, resultCells(want)) {
		t.Errorf("the page's table\n%v\nnatively\n%v", got, resultCells(want))
	}
}

// TestPagePermalink runs a scenario, opens its permalink in a new tab, and
// finds the form restored and the same table.
func TestPagePermalink(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "5000"), setField("#seeds", "random:30"), setField("#random-seed", "9"),
		chooseStrategies("optimal", "opic", "random"), chromedp.Click("#run"),
		waitFor(idle+` && document.querySelectorAll("#metrics tbody tr").length == 3`, time.Minute))
	cells := tableCells(t, ctx)
	link := value(t, ctx, chromedp.Value("#permalink"))
	location := value(t, ctx, chromedp.Location())
	if location != link {
		t.Errorf("the address %q is not the permalink %q", location, link)
	}
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	run(t, tab, navigate(link),
		waitFor(idle+` && document.querySelectorAll("#metrics tbody tr").length == 3`, time.Minute))
	pages, seeds := value(t, tab, chromedp.Value("#gen-pages")), value(t, tab, chromedp.Value("#seeds"))
	if pages != "5000" || seeds != "random:30" {
		t.Errorf("the permalink restored pages %q and seeds %q", pages, seeds)
	}
	if again := tableCells(t, tab); !sameCells(again, cells) {
		t.Errorf("the permalink's table\n%v\nthe original\n%v", again, cells)
	}
}

// TestPageEmbed opens the embed mode: the chart and the Run button only.
func TestPageEmbed(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/?embed=1"), waitFor(`document.querySelector("#chart svg") != null`, 2*time.Minute))
	panels := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#source-panel, #strategies-panel, #share-panel").length`))
	table := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#metrics").length`))
	runButton := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#run").length`))
	if panels != 0 || table != 0 || runButton != 1 {
		t.Errorf("embed mode shows %d panels, %d tables and %d Run buttons; want 0, 0, 1", panels, table, runButton)
	}
}

// TestPageWorkerRestart makes the first worker fail to start (its binary
// answers 500): the page says so, starts another worker, and still shows
// the default comparison.
func TestPageWorkerRestart(t *testing.T) {
	var failed atomic.Int32
	ctx, url := browser(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/worker.wasm"+site.CompressedSuffix && failed.Add(1) == 1 {
				http.Error(w, "failing on purpose", http.StatusInternalServerError)
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	msg := value(t, ctx, chromedp.Text("#error"))
	if !strings.Contains(msg, "restarted") {
		t.Errorf("after the worker failed the page says %q", msg)
	}
}

// TestPageCommunitySeeds extracts community seeds in the page, sees the
// per-depth chart, and runs the comparison from them.
func TestPageCommunitySeeds(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "3000"), setField("#community-k", "5"),
		chromedp.Click("#extract-seeds"),
		waitFor(`document.querySelectorAll("#seeds-table tbody tr").length == 5 && document.querySelector("#seeds-chart svg") != null`, time.Minute))
	lines := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#seeds-chart svg polyline").length`))
	if lines != 6 {
		t.Errorf("the per-depth chart draws %d lines, want 6 (two panels of three seed sets)", lines)
	}
	run(t, ctx, chromedp.Click("#use-seeds"),
		waitFor(idle+` && document.querySelector("#seeds").value == "community:5"`, time.Minute),
		waitFor(`(document.querySelector("#graph-facts") || {textContent: ""}).textContent.replace(/,/g, "").includes("3000")`, time.Minute))
	if rows := len(tableCells(t, ctx)); rows != len(DefaultPageScenario().Strategies) {
		t.Errorf("the comparison from the community seeds has %d rows", rows)
	}
}

// TestPageRevisits simulates the revisit policies in the page and compares
// the table with the same scenario run natively.
func TestPageRevisits(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#refresh-sites", "120"), setField("#refresh-horizon", "400"), setField("#refresh-seed", "5"),
		chromedp.Click("#run-refresh"),
		waitFor(`document.querySelectorAll("#refresh-table tbody tr").length == 5 && document.querySelector("#refresh-chart svg") != null`, time.Minute))
	got := value(t, ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll("#refresh-table tbody tr")).map(r => Array.from(r.cells).map(c => c.textContent))`))
	p := refresh.DefaultParams()
	p.Sites, p.Horizon, p.Seed = 120, 400, 5 // the page's other fields are crawlsim refresh's defaults
	rr, err := scenario.NewRefreshRunner(scenario.Refresh{Simulation: p})
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), rr, 1<<10, nil); err != nil {
		t.Fatal(err)
	}
	res, _ := rr.Result()
	_, want := report.RefreshRows(res)
	if !sameCells(got, want) {
		t.Errorf("the page's revisit table\n%v\nnatively\n%v", got, want)
	}
}

// unbrotliFile returns the decompressed content of the Brotli file name.
func unbrotliFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(brotli.NewReader(f))
}

// textFonts is a script giving the computed font family and size of the
// element of selector sel and of the page's body text, as two strings:
// every message of the page, a refusal of the form or of a file, is in
// the text's font.
func textFonts(sel string) string {
	return `(() => { const f = e => { const s = getComputedStyle(e); return s.fontFamily + " " + s.fontSize; };
		return [f(document.querySelector(` + strconv.Quote(sel) + `)), f(document.body)]; })()`
}

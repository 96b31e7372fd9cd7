//go:build browser

package browsertest

// Browser tests of the page's start (that it is fast): the site written by
// -out works from a plain static file server and transfers its WebAssembly
// compressed; a skeleton of the chart and the progress is on screen from
// the first paint; nothing jumps when the run's progress bars appear. Times
// are logged, never asserted: they depend on the machine.

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/crawlsim/crawlsim/tools/site"
)

// startProbe is evaluated in the page before any of its scripts (a
// DevTools script, which the page's Content-Security-Policy does not
// govern). It records, in window.crawlsimProbe:
//   - paint: what the document holds at the first paint (checked at the
//     first animation frame, which comes before the first paint, in which
//     the page shows something: a frame before the header is read, or
//     while the skeleton is hidden until it is read whole, paints
//     nothing): whether a chart box and a progress line are there, and
//     the chart box's top;
//   - first: performance.now() when the chart draws its first curve;
//   - runTop: the chart box's top when the run's progress bars are shown,
//     doneTop when the first curve is drawn;
//   - shifts: the layout-shift entries (their values and times);
//   - boxes: where every box of the page is (boxesNow), and the chart
//     box's size, at the first paint, at page.wasm's first render, when
//     the progress bars appear and when the first curve is drawn.
const startProbe = `(() => {
	const p = window.crawlsimProbe = {paint: null, first: 0, runTop: null, doneTop: null, progressAt: 0, uiAt: 0, shifts: [], boxes: []};
	const top = () => { const c = document.querySelector("#chart"); return c ? Math.round(c.getBoundingClientRect().top) : null; };
	// boxesNow: the place (top and left in the document, in px) of every
	// panel, panel heading, the header, the sections' menu and the chart
	// box on screen, by id, or by tag and text for a heading without one.
	p.boxesNow = () => {
		const out = {};
		for (const e of document.querySelectorAll("header h1, .panel, .panel h2, .panel h3, nav.jump, #chart")) {
			const r = e.getBoundingClientRect();
			if (!r.width && !r.height) continue;
			const key = e.id ? "#" + e.id : e.tagName.toLowerCase() + " " + e.textContent.trim().replace(/\s+/g, " ").slice(0, 40);
			out[key] = [Math.round(r.top + scrollY), Math.round(r.left + scrollX)];
		}
		const c = document.querySelector("#chart");
		if (c) { const r = c.getBoundingClientRect(); out["#chart size"] = [Math.round(r.height), Math.round(r.width)]; }
		return out;
	};
	// describe names a node by its tag, id and classes (an SVG element's
	// className is an SVGAnimatedString: its class attribute is read),
	// with the two elements it is in, and a text node's text: for example
	// "button.entry > span.swatch > svg".
	p.describe = (n) => {
		const one = (e) => {
			if (e.nodeType !== 1) return "text " + JSON.stringify((e.textContent || "").trim().slice(0, 30));
			const cls = (e.getAttribute("class") || "").trim();
			return e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (cls ? "." + cls.split(/\s+/).join(".") : "");
		};
		const parts = [one(n)];
		for (let e = n.parentElement; e && parts.length < 3; e = e.parentElement) parts.unshift(one(e));
		return parts.join(" > ");
	};
	const snap = (when) => p.boxes.push({when: when, at: Math.round(performance.now()), places: p.boxesNow()});
	// shows: the page shows something, its header or its layout (the
	// layout alone embedded) in a visible box.
	const shows = () => [...document.querySelectorAll("#crawlsim header, #crawlsim .layout")].some((e) => getComputedStyle(e).visibility === "visible" && e.getBoundingClientRect().height > 0);
	const frame = () => {
		if (!shows()) { requestAnimationFrame(frame); return; }
		const c = document.querySelector("#chart");
		p.paint = {chart: !!c, chartHeight: c ? Math.round(c.getBoundingClientRect().height) : 0, progress: !!document.querySelector(".run progress"), top: top(), at: performance.now()};
		snap("at the first paint");
	};
	requestAnimationFrame(frame);
	new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) {
			const el = (s) => s.node && (s.node.nodeType === 1 ? s.node : s.node.parentElement);
			p.shifts.push({value: e.value, at: Math.round(e.startTime),
				sources: (e.sources || []).map((s) => s.node ? p.describe(s.node) + " " + Math.round(s.previousRect.x) + "," + Math.round(s.previousRect.y) + " " + Math.round(s.previousRect.width) + "×" + Math.round(s.previousRect.height) + "→" + Math.round(s.currentRect.x) + "," + Math.round(s.currentRect.y) + " " + Math.round(s.currentRect.width) + "×" + Math.round(s.currentRect.height) : "?").join(", "),
				mainArea: (e.sources || []).some((s) => el(s) && el(s).closest(".main-area"))});
		} }).observe({type: "layout-shift", buffered: true});
	const look = () => {
		if (!p.uiAt && document.querySelector("#run")) { p.uiAt = performance.now(); snap("at page.wasm's first render"); }
		if (p.runTop === null && document.querySelector("#progress .bar")) { p.runTop = top(); p.progressAt = performance.now(); snap("when the progress bars appear"); }
		if (!p.first && document.querySelector("#chart svg polyline")) { p.first = performance.now(); p.doneTop = top(); snap("when the first curve is drawn"); }
	};
	new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true});
})()`

// probe is what startProbe recorded.
type probe struct {
	Paint *struct {
		Chart       bool
		ChartHeight int
		Progress    bool
		Top         *int
		At          float64
	}
	First      float64
	RunTop     *int
	DoneTop    *int
	ProgressAt float64
	UIAt       float64
	Shifts     []struct {
		Value    float64
		At       int
		Sources  string
		MainArea bool // a source is in the run bar or the chart
	}
	Boxes []boxes
}

// boxes is where the page's boxes are at one moment: by box (its id, or
// its tag and text), its top and left in the document, in px; and, as
// "#chart size", the chart box's height and width.
type boxes struct {
	When   string
	At     int
	Places map[string][2]int
}

// boxesNow measures where the page's boxes are now (startProbe's
// boxesNow).
func boxesNow(t *testing.T, ctx context.Context, when string) boxes {
	t.Helper()
	return boxes{When: when, Places: value(t, ctx, chromedp.Evaluate[map[string][2]int](`window.crawlsimProbe.boxesNow()`))}
}

// moves lists the boxes that moved more than tolerance px, up, down or
// sideways, from where each was when it first appeared: each box once,
// the first time it is away from there, in the order of the snapshots.
func moves(snaps []boxes, tolerance int) []string {
	type place struct {
		at   [2]int
		when string
	}
	first := map[string]place{}
	moved := map[string]bool{}
	var out []string
	for _, s := range snaps {
		keys := make([]string, 0, len(s.Places))
		for k := range s.Places {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			now := s.Places[k]
			was, ok := first[k]
			if !ok {
				first[k] = place{now, s.When}
				continue
			}
			if dy, dx := now[0]-was.at[0], now[1]-was.at[1]; !moved[k] && (abs(dy) > tolerance || abs(dx) > tolerance) {
				moved[k] = true
				if strings.HasSuffix(k, " size") {
					out = append(out, fmt.Sprintf("%s changes %+d px in height, %+d px in width %s (%d by %d px %s)", k, dy, dx, s.When, was.at[1], was.at[0], was.when))
					continue
				}
				out = append(out, fmt.Sprintf("%s moves %+d px down, %+d px right %s (top %d, left %d %s)", k, dy, dx, s.When, was.at[0], was.at[1], was.when))
			}
		}
	}
	return out
}

// abs is |n|.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// addProbe installs startProbe for the next navigation.
func addProbe() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: startProbe})
		return err
	})
}

// readProbe returns what startProbe recorded.
func readProbe(t *testing.T, ctx context.Context) probe {
	t.Helper()
	return value(t, ctx, chromedp.Evaluate[probe](`window.crawlsimProbe`))
}

// countingWriter counts the bytes of a response body.
type countingWriter struct {
	http.ResponseWriter
	n int64
}

func (w *countingWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.n += int64(n)
	return n, err
}

// TestStaticSiteFromPlainServer builds the site as serve.go -out does and
// serves the folder with net/http's FileServer, which knows nothing of
// the page and negotiates no encoding: the page starts, its worker runs
// the default comparison, and the WebAssembly sent over the wire (both
// binaries, the page's and the worker's) is less than half of what the
// browser compiles.
func TestStaticSiteFromPlainServer(t *testing.T) {
	exe := chromium(t)
	dir := siteDir(t)
	var sent struct {
		mu    sync.Mutex
		bytes map[string]int64 // by URL path
	}
	sent.bytes = map[string]int64{}
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &countingWriter{ResponseWriter: w}
		files.ServeHTTP(cw, r)
		sent.mu.Lock()
		sent.bytes[r.URL.Path] += cw.n
		sent.mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	ctx := tab(t, exe)
	run(t, ctx, addProbe(), navigate(srv.URL+"/"), waitFor(idle, 2*time.Minute))
	rows := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#metrics tbody tr").length`))
	if want := len(DefaultPageScenario().Strategies); rows != want {
		t.Errorf("%d table rows, the default scenario has %d strategies", rows, want)
	}
	p := readProbe(t, ctx)
	t.Logf("plain file server: first curve drawn %.0f ms after navigation start", p.First)

	sent.mu.Lock()
	defer sent.mu.Unlock()
	var wasmSent, wasmRaw int64
	for _, name := range []string{"page.wasm", "worker.wasm"} {
		raw, err := unbrotliFile(filepath.Join(dir, name+site.CompressedSuffix))
		if err != nil {
			t.Fatal(err)
		}
		n := sent.bytes["/"+name+site.CompressedSuffix]
		if n == 0 {
			t.Errorf("the browser did not fetch %s%s (fetched %v)", name, site.CompressedSuffix, sent.bytes)
		}
		t.Logf("%s: %.2f MB compiled, %.2f MB sent", name, float64(len(raw))/1e6, float64(n)/1e6)
		wasmSent += n
		wasmRaw += int64(len(raw))
		if sent.bytes["/"+name] != 0 {
			t.Errorf("the browser fetched %s uncompressed (%d bytes)", name, sent.bytes["/"+name])
		}
	}
	var total int64
	for _, n := range sent.bytes {
		total += n
	}
	t.Logf("the site sent %.2f MB in all (%d files), %.2f MB of it WebAssembly", float64(total)/1e6, len(sent.bytes), float64(wasmSent)/1e6)
	if wasmSent == 0 || wasmSent*2 > wasmRaw {
		t.Errorf("%d bytes of WebAssembly sent for %d bytes compiled: want less than half", wasmSent, wasmRaw)
	}
}

// TestPageStartsWithoutJumps loads the page at a desktop's, a tablet's and
// a phone's width: at the first paint it already shows a chart box of the
// chart's size and a progress line (the skeleton in index.html, before
// any WebAssembly has arrived); the chart box stays where it is, within
// maxJump px, when page.wasm renders, when the run's progress bars appear
// and when the comparison is drawn (the caption and the x-axis row have
// their place from the first paint: ui/chart-view.vugu); so does every
// panel, panel heading and the sections' menu, in both columns, from where
// it first appeared (the graph's facts, the legend, the line under the
// chart, the metrics table and the share panel take their room before the
// result: ui/provisional.go); and the browser reports no layout shift of
// anything in the run bar or the chart panel, before the first curve or
// with it. It logs the time from navigation to the first curve and every
// layout shift with what moved.
func TestPageStartsWithoutJumps(t *testing.T) {
	// maxJump is the movement tolerated: a rounding pixel, not a line.
	const maxJump = 2
	ctx, url := browser(t, nil)
	run(t, ctx, addProbe())
	for _, width := range []int64{1400, 768, 400} {
		run(t, ctx, viewport(width, 900), navigate(url+"/"), waitFor(idle, 2*time.Minute))
		// The chart is redrawn for its box's width once drawn: look again
		// when that is done.
		run(t, ctx, chromedp.Sleep(time.Second))
		p := readProbe(t, ctx)
		snaps := append(p.Boxes, boxesNow(t, ctx, "once the page is idle"))
		for _, m := range moves(snaps, maxJump) {
			t.Errorf("at %d px %s", width, m)
		}
		if p.Paint == nil {
			t.Fatalf("at %d px the probe saw no animation frame", width)
		}
		t.Logf("at %d px: first paint at %.0f ms: chart box %v (%d px high), progress %v; page.wasm's first render at %.0f ms; progress bars at %.0f ms; first curve at %.0f ms", width, p.Paint.At, p.Paint.Chart, p.Paint.ChartHeight, p.Paint.Progress, p.UIAt, p.ProgressAt, p.First)
		if !p.Paint.Chart || p.Paint.ChartHeight < 100 {
			t.Errorf("at %d px at the first paint the page shows no chart box of the chart's size (present %v, %d px high)", width, p.Paint.Chart, p.Paint.ChartHeight)
		}
		if !p.Paint.Progress {
			t.Errorf("at %d px at the first paint the page shows no progress", width)
		}
		if p.RunTop == nil || p.DoneTop == nil || p.Paint.Top == nil {
			t.Fatalf("at %d px the chart box's top was not measured at every step: %+v", width, p)
		}
		t.Logf("at %d px: chart box top: %d px at first paint, %d px with the progress bars, %d px with the first curve", width, *p.Paint.Top, *p.RunTop, *p.DoneTop)
		for _, at := range []struct {
			when string
			top  int
		}{{"when the progress bars appear", *p.RunTop}, {"when the comparison is drawn", *p.DoneTop}} {
			if d := at.top - *p.Paint.Top; d > maxJump || d < -maxJump {
				t.Errorf("at %d px the chart box moves %d px %s (top %d px at first paint, %d px then)", width, d, at.when, *p.Paint.Top, at.top)
			}
		}
		before, after := 0.0, 0.0
		for _, s := range p.Shifts {
			when := "before the first curve"
			if float64(s.At) >= p.First {
				after += s.Value
				when = "with the first curve"
			} else {
				before += s.Value
			}
			if s.MainArea {
				t.Errorf("at %d px, at %d ms, %s, the run bar or the chart moves (layout shift %.4f): %s", width, s.At, when, s.Value, s.Sources)
			}
		}
		t.Logf("at %d px: layout shifts: %.4f before the first curve, %.4f with it: %+v", width, before, after, p.Shifts)
		for _, m := range moves(secondRun(t, ctx), maxJump) {
			t.Errorf("at %d px %s", width, m)
		}
	}
	// Embed mode fills its frame from the first paint: the skeleton takes
	// the embedded page's shape (static/page.js), the chart box its size.
	for _, frame := range [][2]int64{{900, 620}, {600, 400}} {
		run(t, ctx, viewport(frame[0], frame[1]), navigate(url+"/?embed=1"), waitFor(embedIdle, 2*time.Minute), chromedp.Sleep(time.Second))
		p := readProbe(t, ctx)
		snaps := append(p.Boxes, boxesNow(t, ctx, "once the page is idle"))
		snaps = append(snaps, secondRun(t, ctx)...)
		for _, m := range moves(snaps, maxJump) {
			t.Errorf("embedded in %d×%d px, %s", frame[0], frame[1], m)
		}
	}
}

// TestPageSkeletonArrivesSlowly serves index.html a tag at a time, each
// 20 ms after the one before, from the skeleton's start to the end of its
// chart panel, as a slow network or a busy parser delivers it: the browser
// paints the skeleton part-read, many times, and nothing in the run bar
// or the chart panel moves when the rest of it arrives. (A legend entry
// painted before its name was read held its swatch alone; the name made
// the entry taller and the swatch, centred, went 4 px down.) At the
// desktop's and the phone's widths, until page.wasm renders.
func TestPageSkeletonArrivesSlowly(t *testing.T) {
	const maxJump = 2
	slow := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/" {
				h.ServeHTTP(w, r)
				return
			}
			// The whole body, uncompressed, every time.
			for _, k := range []string{"Accept-Encoding", "If-Modified-Since", "If-None-Match"} {
				r.Header.Del(k)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.Header().Del("Content-Length")
			w.WriteHeader(rec.Code)
			body := rec.Body.String()
			from := strings.Index(body, `<div id="crawlsim">`)
			to := strings.Index(body, "<!-- end of the chart panel -->")
			if from < 0 || to < from {
				t.Errorf("index.html has no skeleton's chart panel to send slowly")
				io.WriteString(w, body)
				return
			}
			io.WriteString(w, body[:from])
			for rest := body[from:to]; rest != ""; {
				n := strings.IndexByte(rest, '>') + 1
				if n == 0 {
					n = len(rest)
				}
				io.WriteString(w, rest[:n])
				w.(http.Flusher).Flush()
				rest = rest[n:]
				time.Sleep(20 * time.Millisecond)
			}
			io.WriteString(w, body[to:])
		})
	}
	ctx, url := browser(t, slow)
	run(t, ctx, addProbe())
	for _, width := range []int64{1400, 400} {
		run(t, ctx, viewport(width, 900), navigate(url+"/"), waitFor(`document.readyState != "loading"`, time.Minute))
		p := readProbe(t, ctx)
		if p.Paint == nil {
			t.Fatalf("at %d px the probe saw no animation frame", width)
		}
		if p.UIAt > 0 {
			t.Logf("at %d px page.wasm had rendered the page too by then", width)
		}
		for _, m := range moves(append(p.Boxes, boxesNow(t, ctx, "once the skeleton is read")), maxJump) {
			t.Errorf("at %d px %s", width, m)
		}
		for _, s := range p.Shifts {
			if s.MainArea {
				t.Errorf("at %d px, at %d ms, while the skeleton arrives, the run bar or the chart moves (layout shift %.4f): %s", width, s.At, s.Value, s.Sources)
			}
		}
		t.Logf("at %d px: first paint at %.0f ms; layout shifts: %+v", width, p.Paint.At, p.Shifts)
	}
}

// embedIdle is true when the embedded page shows a comparison and runs
// nothing.
const embedIdle = `document.querySelector("#chart svg") != null && document.querySelector("#run").ariaDisabled == "false"`

// secondRun runs the comparison shown again and returns where the page's
// boxes are before, during (the earlier result marked as such) and after.
func secondRun(t *testing.T, ctx context.Context) []boxes {
	t.Helper()
	snaps := []boxes{boxesNow(t, ctx, "before a second run")}
	run(t, ctx, chromedp.Click("#run"), waitFor(`document.querySelector("#cancel") && document.querySelector("#cancel").ariaDisabled == "false"`, 30*time.Second))
	snaps = append(snaps, boxesNow(t, ctx, "during a second run"))
	run(t, ctx, waitFor(`document.querySelector("#cancel").ariaDisabled == "true" && `+embedIdle, time.Minute), chromedp.Sleep(time.Second))
	return append(snaps, boxesNow(t, ctx, "after a second run"))
}

// TestPageWorkerReadyFirst delays page.wasm, as a slow network may, so
// that the worker page.js started is ready before the page's program takes
// it over: the page still runs and draws the opening comparison. (The
// worker's "ready", handed over while the page installed the worker, was
// lost: the page waited for another that never came, and sometimes did on
// a fast reload too, when worker.wasm was ready first.)
func TestPageWorkerReadyFirst(t *testing.T) {
	slow := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, "/page.wasm") {
				time.Sleep(1500 * time.Millisecond)
			}
			h.ServeHTTP(w, r)
		})
	}
	ctx, url := browser(t, slow)
	for i := range 2 {
		run(t, ctx, navigate(fmt.Sprintf("%s/?load=%d", url, i)), waitFor(idle, 45*time.Second))
	}
}

// TestStaticSiteHostSaysEncoding serves the -out folder as a host
// configured to send .br files with Content-Encoding: br and .gz files
// with Content-Encoding: gzip (Apache's AddEncoding does, and some
// configurations have it for .gz by default): the browser then decodes the
// bodies itself, and the page compiles what arrives, WebAssembly already
// (the page's, the worker's and the Brotli decoder's), instead of
// decompressing it again.
func TestStaticSiteHostSaysEncoding(t *testing.T) {
	exe := chromium(t)
	dir := siteDir(t)
	files := http.FileServer(http.Dir(dir))
	var encoded atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, ".wasm.br"):
			w.Header().Set("Content-Encoding", "br")
			w.Header().Set("Content-Type", "application/wasm")
			encoded.Add(1)
		case strings.HasSuffix(r.URL.Path, ".wasm.gz"):
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Type", "application/wasm")
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ctx := tab(t, exe)
	run(t, ctx, navigate(srv.URL+"/"), waitFor(idle, 2*time.Minute))
	if n := encoded.Load(); n < 2 {
		t.Errorf("%d .wasm.br requests, want the page's and the worker's", n)
	}
	rows := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#metrics tbody tr").length`))
	if want := len(DefaultPageScenario().Strategies); rows != want {
		t.Errorf("%d table rows, the default scenario has %d strategies", rows, want)
	}
}

//go:build browser

package browsertest

// Browser tests of the page's layout on every screen: no horizontal
// overflow from phone to wide desktop, panels that stack on a phone, a
// chart that keeps its aspect, a table that scrolls in its own box, and an
// embed mode that fits its iframe before, during and after a run.

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// pageBox is what the layout tests measure of the document.
type pageBox struct {
	ScrollWidth, InnerWidth, ScrollHeight, InnerHeight int
	// Widest names the element that reaches furthest right, for the
	// failure message.
	Widest string
}

// measure reads the document's scroll size against the viewport's.
func measure(t *testing.T, ctx context.Context) pageBox {
	t.Helper()
	return value(t, ctx, chromedp.Evaluate[pageBox](`(() => {
		let widest = "", right = 0;
		for (const e of document.querySelectorAll("body *")) {
			const r = e.getBoundingClientRect();
			if (r.right > right + 0.5 && r.width > 0) { right = r.right; widest = e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && e.className.baseVal === undefined ? "." + String(e.className).replace(/ /g, ".") : "") + " (right edge " + Math.round(r.right) + ")"; }
		}
		const d = document.documentElement;
		return {ScrollWidth: d.scrollWidth, InnerWidth: window.innerWidth, ScrollHeight: d.scrollHeight, InnerHeight: window.innerHeight, Widest: widest};
	})()`))
}

// fits is true when the document is no wider than the viewport.
const fits = `document.documentElement.scrollWidth <= window.innerWidth`

// viewport sets the tab's viewport to w by h CSS pixels.
func viewport(w, h int64) chromedp.Action[chromedp.Void] {
	return chromedp.EmulateViewport(w, h)
}

// darkMode makes the tab report prefers-color-scheme: dark (and
// prefers-reduced-motion: reduce), or undoes it.
func darkMode(on bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		p := emulation.SetEmulatedMediaParams{}
		if on {
			p.Features = []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}, {Name: "prefers-reduced-motion", Value: "reduce"}}
		} else {
			p.Features = []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}, {Name: "prefers-reduced-motion", Value: "no-preference"}}
		}
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, p)
		return err
	})
}

// TestPageFitsEveryWidth loads the page at phone width, then widens it to
// a tablet, a laptop and a wide desktop: the document is never wider than
// the window. At phone width the panels stack in one column, the chart
// keeps the aspect of its viewBox and the metrics table scrolls inside its
// own box.
func TestPageFitsEveryWidth(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, viewport(360, 780), navigate(url+"/"), waitFor(idle, 2*time.Minute))
	for _, w := range []int64{360, 400, 768, 1400, 2560} {
		run(t, ctx, viewport(w, 900))
		// The page redraws its chart for its box's new width once the
		// resizing pauses (until then the old drawing is scaled into the
		// box's new height); wait for it before measuring.
		_ = chromedp.Do(ctx, waitFor(fits+` && `+chartDrawnForItsBox, 3*time.Second))
		if m := measure(t, ctx); m.ScrollWidth > m.InnerWidth {
			t.Errorf("at %d px the page lays out %d px wide; widest: %s", w, m.ScrollWidth, m.Widest)
		}
		if w > 400 {
			continue
		}
		// Phone width: one column, the chart's aspect, the table's own
		// scroll box.
		phone := value(t, ctx, chromedp.Evaluate[phoneLayout](`(() => {
			const a = document.querySelector("#source-panel").getBoundingClientRect(), b = document.querySelector("#chart-panel").getBoundingClientRect();
			const svg = document.querySelector("#chart svg"), vb = svg.viewBox.baseVal, r = svg.getBoundingClientRect();
			const table = document.querySelector("#metrics"), box = table.parentElement;
			return {Stacked: Math.abs(a.left - b.left) < 2 && (a.top > b.bottom || b.top > a.bottom),
				Aspect: vb.width / vb.height, Box: r.width / r.height,
				TableBox: Math.round(box.getBoundingClientRect().right), Scrolls: getComputedStyle(box).overflowX};
		})()`))
		if !phone.Stacked {
			t.Errorf("at %d px the graph panel and the chart are not stacked in one column", w)
		}
		if phone.Box < phone.Aspect*0.97 || phone.Box > phone.Aspect*1.03 {
			t.Errorf("at %d px the chart is drawn with aspect %.3f, its viewBox has %.3f", w, phone.Box, phone.Aspect)
		}
		if phone.TableBox > int(w) || (phone.Scrolls != "auto" && phone.Scrolls != "scroll") {
			t.Errorf("at %d px the table's box ends at %d px with overflow-x %q; want inside the window, scrolling", w, phone.TableBox, phone.Scrolls)
		}
	}
}

// phoneLayout is what TestPageFitsEveryWidth checks at phone width.
type phoneLayout struct {
	// Stacked: the graph panel and the chart are in one column.
	Stacked bool
	// Aspect is the chart's viewBox's, Box the chart's as drawn.
	Aspect, Box float64
	// TableBox is the right edge of the table's box, Scrolls its
	// overflow-x.
	TableBox int
	Scrolls  string
}

// permalinkOf returns the fragment of a permalink for s, as the page
// writes it (ui.EncodePermalink: "s=" and the deflated JSON in URL-safe
// base64).
func permalinkOf(t *testing.T, s scenario.Scenario) string {
	t.Helper()
	data, err := scenario.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return "s=" + base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// TestPageEmbedFitsItsFrame opens the embed mode at the snippet's 900×620
// and at 600×400 on a comparison long enough to be seen running: the
// document fits the frame, neither wider nor taller, while the page loads,
// during the run (progress shown) and after it, and once a link to an
// uploaded file is put in its address (its notice, with a link to the full
// page, over the previous chart, dimmed and marked). It carries a caption
// and a link to the full page.
func TestPageEmbedFitsItsFrame(t *testing.T) {
	s := DefaultPageScenario()
	s.Graph.Generate.Pages = 60000
	frag := permalinkOf(t, s)
	s.Graph = scenario.Source{File: "hollins.edges", URLs: "hollins.urls"}
	upload := permalinkOf(t, s)
	ctx, url := browser(t, nil)
	for _, size := range [][2]int64{{900, 620}, {600, 400}} {
		w, h := size[0], size[1]
		check := func(when string) {
			t.Helper()
			if m := measure(t, ctx); m.ScrollWidth > m.InnerWidth || m.ScrollHeight > m.InnerHeight {
				t.Errorf("embed at %d×%d %s: the document is %d×%d; widest: %s", w, h, when, m.ScrollWidth, m.ScrollHeight, m.Widest)
			}
		}
		// A frame of the page records the document's largest size while
		// a run goes: the run starts as soon as the worker is ready.
		run(t, ctx, viewport(w, h), navigate(fmt.Sprintf("%s/?embed=1&frame=%dx%d#%s", url, w, h, frag)),
			chromedp.Evaluate[chromedp.Void](`(() => {
				window.duringRun = {seen: false, width: 0, height: 0};
				const watch = () => {
					const run = document.querySelector("#run"), d = document.documentElement;
					if (run && run.ariaDisabled == "true" && document.querySelector("#progress")) {
						window.duringRun.seen = true;
						window.duringRun.width = Math.max(window.duringRun.width, d.scrollWidth);
						window.duringRun.height = Math.max(window.duringRun.height, d.scrollHeight);
					}
					if (!window.duringRun.seen || (run && run.ariaDisabled == "true")) requestAnimationFrame(watch);
				};
				watch();
			})()`),
			waitFor(`document.querySelector("#run") != null`, time.Minute))
		check("before the run")
		run(t, ctx, waitFor(`window.duringRun.seen && document.querySelector("#chart svg") != null && document.querySelector("#run").ariaDisabled == "false"`, 3*time.Minute))
		during := value(t, ctx, chromedp.Evaluate[pageBox](`({ScrollWidth: window.duringRun.width, ScrollHeight: window.duringRun.height, InnerWidth: innerWidth, InnerHeight: innerHeight})`))
		if during.ScrollWidth > during.InnerWidth || during.ScrollHeight > during.InnerHeight {
			t.Errorf("embed at %d×%d during the run: the document grew to %d×%d", w, h, during.ScrollWidth, during.ScrollHeight)
		}
		check("after the run")
		link := value(t, ctx, chromedp.Evaluate[string](`(() => { const a = document.querySelector("a#full-page"); return a ? a.href : ""; })()`))
		caption := value(t, ctx, chromedp.Evaluate[string](`(() => { const c = document.querySelector("#chart-caption"); return c ? c.textContent : ""; })()`))
		if link == "" || !bytes.Contains([]byte(link), []byte("#s=")) || bytes.Contains([]byte(link), []byte("embed")) {
			t.Errorf("embed at %d×%d: the link to the full page is %q; want the page's address with the scenario, without embed", w, h, link)
		}
		if caption == "" {
			t.Errorf("embed at %d×%d: no caption (#chart-caption)", w, h)
		}
		t.Logf("embed at %d×%d: caption %q", w, h, caption)

		run(t, ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "embed&`+upload+`"`),
			waitFor(`document.querySelector("#notice-full-page") != null && document.querySelector(".stale-note.on-chart") != null`, 10*time.Second))
		check("with an uploaded file's link")
		got := value(t, ctx, chromedp.Evaluate[embedNotice](`(() => ({
			Notice: document.querySelector("#notice").textContent,
			Link: document.querySelector("#notice-full-page").href,
			Caption: document.querySelector("a#full-page").href,
			Mark: document.querySelector(".stale-note.on-chart").textContent,
			Visible: (() => { const r = document.querySelector("#notice-full-page").getBoundingClientRect(); return r.width > 0 && r.bottom <= innerHeight; })(),
		}))()`))
		if !strings.HasPrefix(got.Link, url+"/#s=") || !bytes.Contains(decodePermalink(t, got.Link), []byte(`"hollins.edges"`)) || got.Caption != got.Link || !got.Visible {
			t.Errorf("embed at %d×%d with an uploaded file's link: the notice links to %q (visible %v), the caption to %q; want the link's scenario, without embed", w, h, got.Link, got.Visible, got.Caption)
		}
		if strings.Contains(got.Notice, "Graph panel") || !strings.Contains(got.Notice, "hollins.edges") {
			t.Errorf("embed at %d×%d with an uploaded file's link: the notice says %q", w, h, got.Notice)
		}
		if !strings.Contains(got.Mark, "previous scenario") {
			t.Errorf("embed at %d×%d with an uploaded file's link: the previous chart is marked %q", w, h, got.Mark)
		}
	}
}

// embedNotice is what TestPageEmbedFitsItsFrame reads of an upload's
// link in embed mode: the notice's text and link, the caption's link,
// the previous chart's mark, and whether the notice's link shows.
type embedNotice struct {
	Notice, Link, Caption, Mark string
	Visible                     bool
}

// TestPageControlsReadable looks at the scenario's controls at phone,
// tablet and desktop width: every select is at least as wide as its longest
// choice (none is cut off), and every checkbox and radio button has its
// text beside it, on its line and right after it, not pushed to the far
// side of the panel or onto a line of its own.
func TestPageControlsReadable(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, viewport(360, 780), navigate(url+"/"), waitFor(idle, 2*time.Minute))
	for _, w := range []int64{360, 400, 768, 1400} {
		run(t, ctx, viewport(w, 900))
		problems := value(t, ctx, chromedp.Evaluate[[]string](`(() => {
			const out = [], name = (e) => e.id || e.name || e.tagName.toLowerCase();
			for (const s of document.querySelectorAll(".panel select")) {
				if (!s.checkVisibility({visibilityProperty: true})) continue;
				const had = s.getBoundingClientRect().width, style = s.getAttribute("style");
				s.style.width = "max-content"; s.style.maxWidth = "none"; s.style.flex = "none";
				const needs = s.getBoundingClientRect().width;
				if (style === null) s.removeAttribute("style"); else s.setAttribute("style", style);
				if (had + 1 < needs) out.push("select #" + name(s) + " is " + Math.round(had) + " px wide, its choices need " + Math.round(needs) + " px");
			}
			for (const box of document.querySelectorAll(".panel label > input[type=checkbox], .panel label > input[type=radio]")) {
				if (!box.checkVisibility({visibilityProperty: true})) continue;
				const walk = document.createTreeWalker(box.parentElement, NodeFilter.SHOW_TEXT);
				walk.currentNode = box;
				let text = walk.nextNode();
				while (text && !text.textContent.trim()) text = walk.nextNode();
				if (!text) continue;
				const range = document.createRange();
				range.selectNodeContents(text);
				const first = range.getClientRects()[0], b = box.getBoundingClientRect();
				if (!first) continue;
				const gap = first.left - b.right, drop = first.top - b.top;
				if (gap < 0 || gap > 16 || Math.abs(drop) > 12) out.push("the text of #" + name(box) + " starts " + Math.round(gap) + " px right of it and " + Math.round(drop) + " px below it: " + JSON.stringify(text.textContent.trim().slice(0, 30)));
			}
			return out;
		})()`))
		for _, p := range problems {
			t.Errorf("at %d px %s", w, p)
		}
	}
}

// TestPageEmbedRunBarStaysOneLine runs the default comparison embedded in
// frames of 600×400 and 360×400 px and, during the run, gives the run
// bar's stage the longest text a run can show: the bar (Run, Cancel, the
// run's progress bar and the stage) keeps the height it has idle, the
// stage cut to its width, so that the chart under it never moves as the
// stage's text grows and shrinks.
func TestPageEmbedRunBarStaysOneLine(t *testing.T) {
	const long = "004-table2, 1 of 2: crawl windowed-rankmass window=0.05, 12 of 14: 45% of the pages downloaded so far"
	ctx, url := browser(t, nil)
	for _, w := range []int64{600, 360} {
		dark := w == 360
		run(t, ctx, darkMode(dark), viewport(w, 400), navigate(url+"/?embed=1"), waitFor(embedIdle, 2*time.Minute))
		idle := value(t, ctx, chromedp.Evaluate[float64](`document.querySelector("#comparison-form").getBoundingClientRect().height`))
		run(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
				window.runBar = {seen: false, height: 0};
				const watch = () => {
					const stage = document.querySelector("#stage");
					if (document.querySelector("#overall-progress") && stage) {
						stage.textContent = `+strconv.Quote(long)+`;
						window.runBar.seen = true;
						window.runBar.height = Math.max(window.runBar.height, document.querySelector("#comparison-form").getBoundingClientRect().height);
					}
					if (!window.runBar.seen || document.querySelector("#overall-progress")) requestAnimationFrame(watch);
				};
				watch();
			})()`),
			chromedp.Click("#run"), waitFor(`window.runBar.seen`, time.Minute))
		if dir := os.Getenv("CRAWLSIM_SCREENSHOTS"); dir != "" {
			// during the run, if it is still going
			png := value(t, ctx, chromedp.CaptureScreenshot())
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("embed-run-bar-%d-dark-%v.png", w, dark)), png, 0o644)
		}
		run(t, ctx, waitFor(`document.querySelector("#overall-progress") == null`, 2*time.Minute))
		if during := value(t, ctx, chromedp.Evaluate[float64](`window.runBar.height`)); during > idle+1 {
			t.Errorf("embedded at %d×400 px the run bar is %.0f px high idle and %.0f px with a long stage", w, idle, during)
		}
	}
}

// TestPageSelectsBesideTheirLabels: at a desktop's width (1400 px, the
// scenario's column at its narrowest, 340 px) and a phone's (400 px),
// every select of a field sits on its label's line, as the number and
// text boxes do, not on a line of its own under it. The importance's
// choices ("personalized PageRank (RankMass)") made it wider than the
// column left beside its label, and it went under it.
func TestPageSelectsBesideTheirLabels(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, viewport(1400, 900), navigate(url+"/"), waitFor(idle, 2*time.Minute))
	for _, w := range []int64{1400, 400} {
		run(t, ctx, viewport(w, 900))
		under := value(t, ctx, chromedp.Evaluate[[]string](`(() => {
			const out = [];
			for (const s of document.querySelectorAll(".panel label > select")) {
				if (!s.checkVisibility({visibilityProperty: true})) continue;
				const walk = document.createTreeWalker(s.parentElement, NodeFilter.SHOW_TEXT);
				let text = walk.nextNode();
				while (text && !text.textContent.trim()) text = walk.nextNode();
				if (!text) continue;
				const range = document.createRange();
				range.selectNodeContents(text);
				const line = range.getClientRects()[0], r = s.getBoundingClientRect();
				const mid = line.top + line.height / 2;
				if (mid < r.top || mid > r.bottom) out.push("#" + s.id + " (" + Math.round(r.width) + " px wide) is " + Math.round(r.top - line.bottom) + " px under its label " + JSON.stringify(text.textContent.trim()));
			}
			return out;
		})()`))
		for _, u := range under {
			t.Errorf("at %d px %s", w, u)
		}
	}
}

//go:build browser

package browsertest

// Browser tests of the take-aways: the chart as PNG, the table copied as
// Markdown, a pinned result compared with the next run.

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// keepBlobs makes the page remember every Blob it gives an address to
// (URL.createObjectURL), downloads included, in window.keptBlobs.
const keepBlobs = `(() => { if (window.keptBlobs) return; window.keptBlobs = [];
	const make = URL.createObjectURL.bind(URL);
	URL.createObjectURL = (b) => { if (b instanceof Blob) window.keptBlobs.push(b); return make(b); }; })()`

// lastBlob waits for a kept Blob of the type (a prefix of its type) after
// the first skip ones, and returns its bytes.
func lastBlob(t *testing.T, ctx context.Context, mime string, skip int) []byte {
	t.Helper()
	find := fmt.Sprintf(`window.keptBlobs.slice(%d).filter(b => b.type.startsWith(%q)).pop()`, skip, mime)
	run(t, ctx, waitFor(find+` !== undefined`, 30*time.Second))
	b64 := value(t, ctx, chromedp.Evaluate[string](`new Promise((done, fail) => { const r = new FileReader();
		r.onload = () => done(r.result.slice(r.result.indexOf(",") + 1)); r.onerror = () => fail(r.error); r.readAsDataURL(`+find+`); })`, chromedp.EvalAwaitPromise))
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatalf("%s blob: %v", mime, err)
	}
	return data
}

// chartDrawnForItsBox holds once the page's chart is drawn at its box's
// width (ui.App.chartSize: the box's width rounded, at least 300 px), as
// the page draws it after a window's resizing pauses.
const chartDrawnForItsBox = `(() => { const box = document.querySelector("#chart"), svg = box && box.querySelector("svg");
	return !!svg && svg.getAttribute("width") == String(Math.max(300, Math.round(box.clientWidth))); })()`

func keptBlobCount(t *testing.T, ctx context.Context) int {
	return value(t, ctx, chromedp.Evaluate[int](`window.keptBlobs.length`))
}

var svgSizeRE = regexp.MustCompile(`<svg [^>]*width="(\d+)" height="(\d+)"`)

// TestPagePNGDownload: "Chart (PNG)" downloads a PNG as large as the SVG
// download, which is as wide as the chart on the page (1× CSS pixels), in
// the page's colours: its background is the panel's, white in the light
// theme and #1b1e23 in the dark one (static/style.css --panel). The image
// comes from a blob: address under the page's policy (browser() fails the
// test on any violation in the console).
func TestPagePNGDownload(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute), chromedp.Evaluate[chromedp.Void](keepBlobs))
	shown := value(t, ctx, chromedp.Evaluate[string](`document.querySelector("#chart svg").getAttribute("width")`))

	n := keptBlobCount(t, ctx)
	run(t, ctx, chromedp.Click("#download-svg"))
	svg := string(lastBlob(t, ctx, "image/svg+xml", n))
	m := svgSizeRE.FindStringSubmatch(svg)
	if m == nil {
		t.Fatalf("the SVG download has no size: %.200s", svg)
	}
	w, _ := strconv.Atoi(m[1])
	h, _ := strconv.Atoi(m[2])
	if m[1] != shown {
		t.Errorf("the SVG download is %s wide, the chart on the page %s", m[1], shown)
	}

	for _, theme := range []struct {
		dark    bool
		r, g, b uint32
	}{{false, 0xff, 0xff, 0xff}, {true, 0x1b, 0x1e, 0x23}} {
		run(t, ctx, darkMode(theme.dark))
		n := keptBlobCount(t, ctx)
		run(t, ctx, chromedp.Click("#download-png"))
		data := lastBlob(t, ctx, "image/png", n)
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("dark %v: the PNG download does not decode as a PNG: %v (%d bytes)", theme.dark, err, len(data))
		}
		if cfg.Width != w || cfg.Height != h {
			t.Errorf("dark %v: the PNG is %d×%d, the chart %d×%d", theme.dark, cfg.Width, cfg.Height, w, h)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		r, g, b, _ := img.At(2, 2).RGBA()
		if r>>8 != theme.r || g>>8 != theme.g || b>>8 != theme.b {
			t.Errorf("dark %v: the PNG's background is #%02x%02x%02x, want #%02x%02x%02x", theme.dark, r>>8, g>>8, b>>8, theme.r, theme.g, theme.b)
		}
		if !drawn(img) {
			t.Errorf("dark %v: the PNG holds no chart, only its background", theme.dark)
		}
	}
	if msg := value(t, ctx, chromedp.Evaluate[string](`(document.querySelector(".message.error") || {}).textContent || ""`)); msg != "" {
		t.Errorf("the page says: %s", msg)
	}
}

// drawn reports whether an image has pixels of more than one colour.
func drawn(img image.Image) bool {
	b := img.Bounds()
	first := fmt.Sprint(img.At(b.Min.X, b.Min.Y))
	colours := 0
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			if fmt.Sprint(img.At(x, y)) != first {
				colours++
			}
		}
	}
	return colours > 100
}

// grantClipboard lets the page write and read the clipboard.
var grantClipboard = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
	for _, name := range []string{"clipboard-write", "clipboard-read"} {
		p := cdpbrowser.SetPermissionParams{Permission: &cdpbrowser.PermissionDescriptor{Name: name, AllowWithoutSanitization: true}, Setting: cdpbrowser.PermissionSettingGranted}
		if _, err := cdp.Call(ctx, t, cdpbrowser.SetPermission, p); err != nil {
			return err
		}
	}
	return nil
})

// markdownOf writes the cells as the Markdown table the page should copy
// (the cells of the default comparison hold no Markdown markup). It is
// the test's own expectation, written apart from the page's writer
// (ui/tableformat.go, in package main, which no test here can import), so
// that a change of the page's format shows here, byte for byte.
func markdownOf(head []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString("| " + strings.Join(head, " | ") + " |\n|")
	for i := range head {
		if i == 0 {
			b.WriteString(" :--- |")
		} else {
			b.WriteString(" ---: |")
		}
	}
	b.WriteString("\n")
	for _, r := range rows {
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	return b.String()
}

// TestPageCopyMarkdown: "Copy as Markdown" puts the table the page shows
// on the clipboard as a Markdown table, and says so beside the button,
// on the screen where it was pressed; without a clipboard
// (navigator.clipboard removed) the same text is downloaded instead.
func TestPageCopyMarkdown(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, grantClipboard, navigate(url+"/"), waitFor(idle, 2*time.Minute), chromedp.Evaluate[chromedp.Void](keepBlobs))
	head := value(t, ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#metrics thead th")).map(c => c.textContent)`))
	rows := value(t, ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll("#metrics tbody tr")).map(r => Array.from(r.cells).map(c => c.textContent))`))
	want := markdownOf(head, rows)

	run(t, ctx, chromedp.Click("#copy-markdown"), waitFor(`(document.querySelector("#copy-notice") || {}).textContent?.includes("clipboard")`, 20*time.Second))
	said := value(t, ctx, chromedp.Evaluate[struct {
		Notice   string
		OnScreen bool
	}](`(() => { const n = document.querySelector("#copy-notice"), b = n.getBoundingClientRect();
		return {Notice: n.textContent, OnScreen: b.top >= 0 && b.bottom <= innerHeight}; })()`))
	if !strings.Contains(said.Notice, "on the clipboard as Markdown") || !said.OnScreen {
		t.Fatalf("after Copy as Markdown the page says %q beside the button, on the screen %v", said.Notice, said.OnScreen)
	}
	got := value(t, ctx, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
	if got != want {
		t.Errorf("the clipboard holds\n%s\nwant\n%s", got, want)
	}

	// No clipboard: the table is downloaded.
	n := keptBlobCount(t, ctx)
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`Object.defineProperty(navigator, "clipboard", {value: undefined, configurable: true})`),
		chromedp.Click("#copy-markdown"))
	if got := string(lastBlob(t, ctx, "text/markdown", n)); got != want {
		t.Errorf("without a clipboard the download holds\n%s\nwant\n%s", got, want)
	}
	notice := value(t, ctx, chromedp.Evaluate[string](`document.querySelector("#copy-notice").textContent`))
	if !strings.Contains(notice, "downloaded as crawlsim-table.md") {
		t.Errorf("without a clipboard the page says %q", notice)
	}
}

// TestPagePinCompare: Pin keeps the result; the next run (other
// strategies) shows both tables, side by side at 1400 px and stacked at
// 375 px, what differs between the two scenarios, and the pinned curves
// on the chart dashed and lighter in their strategy's colour, with a key
// naming the pinned run; focusing a legend entry highlights its pinned
// curve too and fades the others; the keyboard readout lists the pinned
// values under this run's; Unpin removes both.
func TestPagePinCompare(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	before := tableCells(t, ctx)
	run(t, ctx, chromedp.Click("#pin"), setField("#gen-pages", "20000"), chooseStrategies("optimal", "bfs"), chromedp.Click("#run"),
		waitFor(idle+` && document.querySelectorAll("#metrics tbody tr").length == 2`, 2*time.Minute))
	pinned := value(t, ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll("#pinned-metrics tbody tr")).map(r => Array.from(r.cells).slice(0, -1).map(c => c.textContent))`))
	if !sameCells(pinned, before) {
		t.Errorf("the pinned table\n%v\nis not the first run's\n%v", pinned, before)
	}
	curves := value(t, ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#chart svg polyline.chart-pinned")).map(p => p.querySelector("title").textContent + " " + getComputedStyle(p).strokeDasharray)`))
	if len(curves) != len(before) {
		t.Errorf("%d pinned curves on the chart, want %d: %q", len(curves), len(before), curves)
	}
	for _, c := range curves {
		if !strings.HasPrefix(c, "pinned: ") || strings.HasSuffix(c, "none") {
			t.Errorf("pinned curve %q: want titled \"pinned: …\" and dashed", c)
		}
	}
	// Pinned bfs in bfs's colour, lighter; this run's bfs solid.
	stroke := func(title string) string {
		return value(t, ctx, chromedp.Evaluate[string](`(() => { const p = Array.from(document.querySelectorAll("#chart svg polyline")).find(p => p.querySelector("title").textContent == "`+title+`");
			if (!p) return "none drawn"; const s = getComputedStyle(p); return s.stroke + "|" + s.strokeDasharray + "|" + s.strokeOpacity; })()`))
	}
	now, was := strings.Split(stroke("bfs"), "|"), strings.Split(stroke("pinned: bfs"), "|")
	if len(now) != 3 || len(was) != 3 || now[0] != was[0] || now[1] != "none" || was[1] == "none" || was[2] == "1" {
		t.Errorf("bfs drawn %q, pinned bfs %q: want the same colour, this run solid, the pinned run dashed and lighter", now, was)
	}
	if key := value(t, ctx, chromedp.Evaluate[string](`(document.querySelector("#chart svg .chart-key") || {}).textContent || ""`)); !strings.Contains(key, "pinned run") {
		t.Errorf("the chart's key says %q", key)
	}
	if note := value(t, ctx, chromedp.Evaluate[string](`(document.querySelector("#pinned-note") || {}).textContent || ""`)); !strings.Contains(note, "the pinned run, 10 strategies") {
		t.Errorf("below the chart the page says %q, want what the dashed curves are", note)
	}
	if differs := value(t, ctx, chromedp.Evaluate[string](`(document.querySelector("#pinned-differs") || {}).textContent || ""`)); !strings.Contains(differs, "strategies removed: random") {
		t.Errorf("the pinned table's caption says %q; want the strategies removed", differs)
	}
	// Focus on the legend's bfs: the pinned bfs is highlighted, the
	// pinned random (an entry of its own) faded.
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`Array.from(document.querySelectorAll("#legend button")).find(b => b.textContent.trim() == "bfs").focus()`),
		waitFor(`(() => { const p = Array.from(document.querySelectorAll("#chart svg polyline")).find(p => p.querySelector("title").textContent == "pinned: bfs"); return p && getComputedStyle(p).strokeOpacity > 0.8; })()`, 5*time.Second))
	random := strings.Split(stroke("pinned: random"), "|")
	if opacity, err := strconv.ParseFloat(random[len(random)-1], 64); len(random) != 3 || err != nil || opacity >= 0.3 {
		t.Errorf("bfs focused: pinned random drawn %q; want faded", random)
	}
	// The readout from the keyboard: each pinned value under this run's.
	run(t, ctx, chromedp.Focus("#chart"))
	for range 5 {
		run(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	}
	run(t, ctx, waitFor(`document.querySelector("#readout") != null`, 5*time.Second))
	names := value(t, ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#readout .line")).map(l => l.querySelector(".name").textContent + (l.classList.contains("pinned") ? " *" : ""))`))
	if i := slices.Index(names, "bfs"); i < 0 || i+1 >= len(names) || names[i+1] != "bfs (pinned) *" || !slices.Contains(names, "random (pinned) *") {
		t.Errorf("the readout lists %q; want bfs (pinned) right under bfs, and the pinned run's random", names)
	}
	// Side by side on a desktop, stacked on a phone.
	place := `(() => { const c = document.querySelectorAll("#metrics-panel .compare-col"); if (c.length != 2) return "cols " + c.length;
		const a = c[0].getBoundingClientRect(), b = c[1].getBoundingClientRect();
		return Math.abs(a.top - b.top) < 2 && b.left >= a.right ? "side" : b.top >= a.bottom - 1 ? "stacked" : "overlap"; })()`
	if got := value(t, ctx, chromedp.Evaluate[string](place)); got != "side" {
		t.Errorf("at 1400 px the tables are %s, want side by side", got)
	}
	run(t, ctx, viewport(375, 800), chromedp.Sleep(300*time.Millisecond))
	if got := value(t, ctx, chromedp.Evaluate[string](place)); got != "stacked" {
		t.Errorf("at 375 px the tables are %s, want stacked", got)
	}
	if wide := value(t, ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); wide {
		t.Error("at 375 px the comparison overflows the window")
	}
	// The window grows: the chart is redrawn at its box's new width (after
	// the resizing pauses), and meanwhile its box already has the height
	// of that drawing, so Unpin, under it, is where it will stay: nothing
	// jumps when the drawing arrives (it did: the old drawing, scaled to
	// the new width, kept the phone's proportions, and Unpin moved up by
	// some 200 px a moment later).
	run(t, ctx, viewport(1400, 1200))
	unpinTop := `Math.round(document.querySelector("#unpin").getBoundingClientRect().top + window.scrollY)`
	before1400 := value(t, ctx, chromedp.Evaluate[int](unpinTop))
	run(t, ctx, waitFor(chartDrawnForItsBox, 10*time.Second))
	if after := value(t, ctx, chromedp.Evaluate[int](unpinTop)); after != before1400 {
		t.Errorf("Unpin moved from %d to %d px down the page when the chart was redrawn for the wider window", before1400, after)
	}
	run(t, ctx, chromedp.Click("#unpin"), waitFor(`document.querySelector("#pin") != null`, 5*time.Second))
	left := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#pinned-metrics, #chart svg .chart-pinned").length`))
	if left != 0 {
		t.Errorf("after Unpin %d pinned table or curves remain: %s", left, value(t, ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("#pinned-metrics, #chart svg .chart-pinned")).map(e => e.outerHTML.slice(0, 150)).join("\n") + " unpin:" + !!document.querySelector("#unpin")`)))
	}
}

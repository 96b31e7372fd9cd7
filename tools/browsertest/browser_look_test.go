//go:build browser

package browsertest

// Browser tests of what the page looks like on every screen, as seen in
// headless Chromium at 360, 768 and 1400 px, light and dark, before, during
// and after a run, and embedded in frames of 900×620 and 600×400 px: no
// room kept by something invisible, no empty line in the run bar, no legend
// entry cut by the embedded frame.

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// invisibleRoom lists the elements of the page that take room on screen
// while hidden (visibility: hidden), but for the visually-hidden text
// meant for screen readers: each is a gap the reader sees without knowing
// why.
const invisibleRoom = `Array.from(document.querySelectorAll(".crawlsim *")).filter((e) => {
	if (e.closest(".visually-hidden")) return false;
	const r = e.getBoundingClientRect();
	return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility === "hidden";
}).map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + "." + String(e.className).replace(/ /g, ".") + " " + JSON.stringify(e.textContent.trim().slice(0, 40)))`

// runBarGap is how much taller, in px, the run bar's row of buttons is
// than its tallest visible child (an empty line kept for a text, say).
const runBarGap = `(() => {
	const row = document.querySelector("#run-panel .buttons");
	let tallest = 0;
	for (const e of row.children) {
		const r = e.getBoundingClientRect();
		if (r.height > 0) tallest = Math.max(tallest, r.height);
	}
	return Math.round(row.getBoundingClientRect().height - tallest);
})()`

// cutLabels lists the strategies' labels of the run's progress bars that
// do not fit their place (cut with an ellipsis).
const cutLabels = `Array.from(document.querySelectorAll("#progress .label")).filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)`

// TestPageNothingHiddenOrCut: before the first result (the skeleton,
// then page.wasm's first render), during a run and after, at phone,
// tablet and desktop width, nothing hidden keeps room on the page (the
// x-axis row before a result and the simulated-time choice of a run
// without the clock were hidden, leaving a blank line or gap), and the
// run bar is one row of buttons, without an empty line (on phones the
// stage's text kept a line of its own, empty when nothing runs); during
// the run the stage is shown, and no strategy's label of the default
// comparison is cut (at 360 px "windowed-rankmass" was).
func TestPageNothingHiddenOrCut(t *testing.T) {
	ctx, url := browser(t, nil)
	for _, width := range []int64{360, 768, 1400} {
		look := func(when string) {
			t.Helper()
			if hidden := value(t, ctx, chromedp.Evaluate[[]string](invisibleRoom)); len(hidden) > 0 {
				t.Errorf("at %d px %s, hidden elements keep room: %s", width, when, strings.Join(hidden, "; "))
			}
			if gap := value(t, ctx, chromedp.Evaluate[int](runBarGap)); gap > 1 {
				t.Errorf("at %d px %s, the run bar is %d px taller than its buttons", width, when, gap)
			}
		}
		run(t, ctx, viewport(width, 900), navigate(url+"/"), waitFor(`document.querySelector(".crawlsim") != null`, time.Minute))
		look("at the first look")
		run(t, ctx, waitFor(idle, 2*time.Minute))
		look("after the first comparison")
		run(t, ctx, setField("#gen-pages", "200000"), chromedp.Click("#run"),
			waitFor(`document.querySelector("#progress .bar") != null`, 30*time.Second))
		// The stage is read as soon as the bars show: a run of 200,000
		// pages may end within the seconds that look takes on a busy
		// machine, and the drop-down, stage line and all, with it.
		stage := value(t, ctx, chromedp.Evaluate[struct{ Text, Page string }](`(() => {
			const shown = Array.from(document.querySelectorAll("#stage, #progress .stage-line")).find((e) => e.getBoundingClientRect().height > 0);
			if (shown && shown.textContent != "") return {Text: shown.textContent, Page: ""};
			const p = document.querySelector("#progress"), line = document.querySelector("#progress .stage-line");
			return {Text: "", Page: (shown ? (shown.id ? "#" + shown.id : "." + shown.className) + " shown empty; " : "") + (p == null ? "no drop-down, Run " + (document.querySelector("#run").ariaDisabled == "true" ? "disabled" : "enabled") :
				"a drop-down " + Math.round(p.getBoundingClientRect().height) + " px high, its stage line " + (line ? Math.round(line.getBoundingClientRect().height) + " px high, " + JSON.stringify(line.textContent) : "missing"))};
		})()`))
		if stage.Text == "" {
			t.Errorf("at %d px during a run no stage is shown: %s", width, stage.Page)
		}
		look("during a run")
		if cut := value(t, ctx, chromedp.Evaluate[[]string](cutLabels)); len(cut) > 0 {
			t.Errorf("at %d px during a run the progress bars' labels %q are cut", width, cut)
		}
		run(t, ctx, chromedp.Click("#cancel"), waitFor(`document.querySelector("#run").ariaDisabled == "false"`, 20*time.Second))
	}
}

// TestPageEmbedLegendWhole: embedded in frames of 900×620 and 600×400 px,
// before and after the first result, every entry of the legend is wholly
// inside the legend's box, or wholly out of it (scrolled to): none is cut
// in half at the frame's bottom. During a second run the note that the
// chart shows the previous run's result is on the chart, inside the
// frame, and covers neither the caption nor the axis choice (in a
// drop-down under the run bar it covered the caption).
func TestPageEmbedLegendWhole(t *testing.T) {
	ctx, url := browser(t, nil)
	const cut = `(() => {
		const legend = document.querySelector("#legend");
		if (!legend) return ["no legend"];
		const box = legend.getBoundingClientRect();
		const out = [];
		for (const b of legend.querySelectorAll("button")) {
			const r = b.getBoundingClientRect();
			const inside = r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
			const outside = r.top >= box.bottom - 0.5 || r.bottom <= box.top + 0.5;
			if (!inside && !outside) out.push(b.textContent.trim() + " (" + Math.round(r.top) + "-" + Math.round(r.bottom) + " in " + Math.round(box.top) + "-" + Math.round(box.bottom) + ")");
		}
		if (box.bottom > innerHeight + 0.5) out.push("the legend ends at " + Math.round(box.bottom) + ", below the frame");
		return out;
	})()`
	for _, frame := range [][2]int64{{900, 620}, {600, 400}} {
		run(t, ctx, viewport(frame[0], frame[1]), navigate(url+"/?embed=1"), waitFor(`document.querySelector("#legend") != null`, time.Minute))
		if c := value(t, ctx, chromedp.Evaluate[[]string](cut)); len(c) > 0 {
			t.Errorf("embedded in %d×%d px before the result, legend entries cut: %s", frame[0], frame[1], strings.Join(c, "; "))
		}
		run(t, ctx, waitFor(embedIdle, 2*time.Minute))
		if c := value(t, ctx, chromedp.Evaluate[[]string](cut)); len(c) > 0 {
			t.Errorf("embedded in %d×%d px, legend entries cut: %s", frame[0], frame[1], strings.Join(c, "; "))
		}
		// The default comparison may end within a poll of waitFor: the
		// page is looked at once it shows the result as stale with its
		// note, and only while it still does.
		const staleNoted = `document.querySelector(".crawlsim.stale") != null && Array.from(document.querySelectorAll(".stale-note")).some((e) => e.getBoundingClientRect().height > 0)`
		run(t, ctx, chromedp.Click("#run"), waitFor(staleNoted, 30*time.Second))
		covered := value(t, ctx, chromedp.Evaluate[[]string](`(() => {
			const out = [];
			if (document.querySelector(".crawlsim.stale") == null) return out; // the run ended first
			const notes = Array.from(document.querySelectorAll(".stale-note")).filter((e) => e.getBoundingClientRect().height > 0);
			if (notes.length == 0) out.push("no note that the result is the previous run's");
			for (const n of notes) {
				const r = n.getBoundingClientRect();
				if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) out.push("the note is out of the frame");
			}
			for (const e of document.querySelectorAll("#chart-heading, #full-page, .axes label")) {
				const r = e.getBoundingClientRect();
				for (const [x, y] of [[r.left + 2, r.top + 2], [r.right - 2, r.bottom - 2], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]]) {
					const at = document.elementFromPoint(x, y);
					if (at && !e.contains(at) && !at.contains(e)) { out.push((e.id || e.textContent.trim()) + " is covered by " + at.tagName.toLowerCase() + "." + at.className); break; }
				}
			}
			return out;
		})()`))
		if len(covered) > 0 {
			t.Errorf("embedded in %d×%d px during a second run: %s", frame[0], frame[1], strings.Join(covered, "; "))
		}
		run(t, ctx, chromedp.Click("#cancel"), waitFor(`document.querySelector("#run").ariaDisabled == "false"`, 20*time.Second))
	}
}

// headingCovered records, in the page, how the chart's heading looks when
// the run's progress bars first appear: the points of the heading where
// something else is on top, and whether the drop-down's box overlaps the
// heading's (window.crawlsimHeading, set once).
const headingCovered = `(() => {
	const look = () => {
		if (window.crawlsimHeading || !document.querySelector("#progress .bar")) return;
		const h = document.querySelector("#chart-heading").getBoundingClientRect(), p = document.querySelector("#progress").getBoundingClientRect();
		const points = [[h.left + 2, h.top + 2], [h.right - 2, h.top + 2], [(h.left + h.right) / 2, (h.top + h.bottom) / 2], [h.left + 2, h.bottom - 2], [h.right - 2, h.bottom - 2]];
		window.crawlsimHeading = {
			Covered: points.filter(([x, y]) => { const e = document.elementFromPoint(x, y); return !e || !e.closest("#chart-heading"); }).map(([x, y]) => Math.round(x) + "," + Math.round(y) + " " + (document.elementFromPoint(x, y) || {tagName: "nothing"}).tagName.toLowerCase()),
			Overlaps: !(p.bottom <= h.top || p.top >= h.bottom || p.right <= h.left || p.left >= h.right),
			Heading: [Math.round(h.top), Math.round(h.bottom)], Progress: [Math.round(p.top), Math.round(p.bottom)],
		};
	};
	new MutationObserver(look).observe(document, {subtree: true, childList: true});
})()`

// headingLook is what headingCovered records.
type headingLook struct {
	// Covered lists the heading's points under something else.
	Covered []string
	// Overlaps: the drop-down's box overlaps the heading's.
	Overlaps bool
	// Heading and Progress are the top and bottom of each box, in px.
	Heading, Progress [2]int
}

// checkRunCoversNoHeading runs a comparison on the page at url at 400 px
// and checks that the run's drop-down (the stage and a bar per strategy)
// leaves the chart panel's heading in sight.
func checkRunCoversNoHeading(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	run(t, ctx, viewport(400, 900), navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Evaluate[chromedp.Void](headingCovered), setField("#gen-pages", "200000"), chromedp.Click("#run"),
		waitFor(`window.crawlsimHeading`, 3*time.Minute))
	look := value(t, ctx, chromedp.Evaluate[headingLook](`window.crawlsimHeading`))
	if len(look.Covered) > 0 || look.Overlaps {
		t.Errorf("at 400 px during a run the chart's heading (%d to %d px) is covered at %q; the drop-down spans %d to %d px",
			look.Heading[0], look.Heading[1], look.Covered, look.Progress[0], look.Progress[1])
	}
	_ = chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("#cancel").click()`))
}

// TestPageRunCoversNoHeading: at phone width (400 px) a run's drop-down,
// which hangs over the chart so that nothing moves, covers no part of
// the chart panel's heading, which says what the chart shows.
func TestPageRunCoversNoHeading(t *testing.T) {
	ctx, url := browser(t, nil)
	checkRunCoversNoHeading(t, ctx, url)
}

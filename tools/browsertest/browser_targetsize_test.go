//go:build browser

package browsertest

// A browser test of the size of the page's targets for the pointer
// (WCAG 2.2, 2.5.8 Target Size (Minimum)).

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// smallTargets is a script listing the targets of the page (buttons,
// links, inputs, selects, text areas, summaries and other focusable
// elements) shown and smaller than 24 by 24 CSS px that WCAG 2.5.8's
// exceptions do not excuse:
//
//   - Inline: a link laid out inline in a line of other text;
//   - Spacing: a circle of 24 px diameter centred on the target's box
//     intersects no other target, nor the circle of another undersized
//     target.
//
// A checkbox or radio button in a label is pressed through its label as
// well, so its target is the label's box; the label's other targets
// (a link in a strategy's label) stay targets of their own.
const smallTargets = `(() => {
	const sel = "button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])";
	const name = e => (e.id ? "#" + e.id : e.tagName.toLowerCase() + (e.className ? "." + String(e.className).trim().replace(/\s+/g, ".") : "")) + " " + JSON.stringify(e.textContent.trim().slice(0, 24));
	const inline = e => {
		if (e.tagName !== "A" || getComputedStyle(e).display !== "inline") return false;
		let b = e.parentElement;
		while (b && getComputedStyle(b).display.startsWith("inline")) b = b.parentElement;
		return b != null && b.textContent.replace(e.textContent, "").trim() !== "";
	};
	const targets = [];
	for (const e of document.querySelectorAll(sel)) {
		if (!e.checkVisibility({visibilityProperty: true, opacityProperty: false})) continue;
		let box = e;
		if (e.matches("input[type=checkbox], input[type=radio]") && e.closest("label")) box = e.closest("label");
		const r = box.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) continue;
		targets.push({e, r, small: r.width < 24 - 0.01 || r.height < 24 - 0.01, inline: inline(e)});
	}
	const centre = r => [r.left + r.width / 2, r.top + r.height / 2];
	const dist = (p, r) => Math.hypot(Math.max(r.left - p[0], 0, p[0] - r.right), Math.max(r.top - p[1], 0, p[1] - r.bottom));
	const out = [];
	for (const a of targets) {
		if (!a.small || a.inline) continue;
		const c = centre(a.r);
		for (const b of targets) {
			if (b === a || b.e.contains(a.e) || a.e.contains(b.e)) continue;
			const d = dist(c, b.r), cb = centre(b.r);
			if (d < 12 - 0.01 || (b.small && !b.inline && Math.hypot(c[0] - cb[0], c[1] - cb[1]) < 24 - 0.01)) {
				out.push(name(a.e) + " is " + a.r.width.toFixed(1) + " by " + a.r.height.toFixed(1) + " px, " + (d < 12 ? Math.max(d, 0).toFixed(1) + " px from " : "its circle meets that of ") + name(b.e));
				break;
			}
		}
	}
	return out;
})()`

// TestPageTargetSize looks at the page's main views at a phone's width
// (400 px) and a desktop's (1400 px): the opening comparison with the
// glossary of the metrics open, and the Graph panel's upload with the
// form's refusal of a Run without a file (and its button to the file
// input). Every target is at least 24 by 24 CSS px, or is inline in a
// line of text, or has room around it (smallTargets). The metrics
// table's column headers and the glossary's summary (18.8 px high), the
// sections' links (20.3), the file inputs (21) and the permalink (22)
// are smaller, and pass by their room: most are 4 to 12 px from the
// nearest target, each far enough for the spacing exception.
//
// axe-core's target-size rule, which TestPageAccessibilityAudit runs
// (tag wcag22aa), checks the same criterion, but misses what this test
// catches. The audit looks at other views (the glossary closed, no
// upload, no refusal). axe-core reports as incomplete, which the audit
// drops (resultTypes ["violations"]), an undersized target it cannot
// tell is one: a target with tabindex -1, a neighbour out of the tab
// order, content overflowing the target's box. And its matcher
// (widget-not-inline-matches) leaves out any target in a block of text,
// where smallTargets excuses only a link inline in a line of text. Two
// 16 px buttons 4 px apart are an axe-core violation too; with tabindex
// -1 they are only incomplete for it, and this test still fails.
func TestPageTargetSize(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, viewport(1400, 1000), navigate(url+"/"), waitFor(idle, 2*time.Minute))
	check := func(view string) {
		t.Helper()
		for _, w := range []int64{400, 1400} {
			run(t, ctx, viewport(w, 1000), chromedp.Sleep(300*time.Millisecond))
			for _, p := range value(t, ctx, chromedp.Evaluate[[]string](smallTargets)) {
				t.Errorf("at %d px, %s: %s", w, view, p)
			}
		}
	}
	run(t, ctx, chromedp.Click("#glossary-summary"), waitFor(`document.querySelector("#glossary").open`, 5*time.Second))
	check("the opening comparison, the glossary open")
	run(t, ctx, chromedp.Click("#source-upload"), chromedp.Click("#run"),
		waitFor(`document.querySelector("#to-invalid") != null`, 10*time.Second))
	check("an upload without a file, Run refused")
}

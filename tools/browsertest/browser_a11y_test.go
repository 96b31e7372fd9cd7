//go:build browser

package browsertest

// Browser tests of the page's readability and accessibility: a
// keyboard-only path from load to a finished run and a readout, an
// aria-live region that announces progress and completion, dark mode and
// reduced motion, and an axe-core audit against WCAG 2.1 A and AA and
// WCAG 2.2 AA.

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// maxTabsToRun is how many presses of Tab may lead from the page's start
// to the Run button; maxTabsToChart from Run to the chart.
const (
	maxTabsToRun   = 3
	maxTabsToChart = 3
)

// focused is the id of the focused element, "" when none has one.
func focused(t *testing.T, ctx context.Context) string {
	t.Helper()
	return value(t, ctx, chromedp.Evaluate[string](`document.activeElement ? document.activeElement.id : ""`))
}

// tabTo presses Tab until the element with the id has the focus, at most
// limit times, and returns how many presses it took, or -1.
func tabTo(t *testing.T, ctx context.Context, id string, limit int) int {
	t.Helper()
	for i := 1; i <= limit; i++ {
		run(t, ctx, chromedp.KeyEvent(kb.Tab))
		if focused(t, ctx) == id {
			return i
		}
	}
	return -1
}

// readoutValues returns the readout's values in the order shown.
func readoutValues(t *testing.T, ctx context.Context) ([]float64, string) {
	t.Helper()
	lines := value(t, ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#readout .value")).map(e => e.textContent)`))
	var vs []float64
	for _, l := range lines {
		v, err := strconv.ParseFloat(strings.ReplaceAll(l, ",", ""), 64)
		if err != nil {
			t.Fatalf("readout value %q: %v", l, err)
		}
		vs = append(vs, v)
	}
	return vs, value(t, ctx, chromedp.Evaluate[string](`(document.querySelector("#readout") || {}).textContent || ""`))
}

// TestPageKeyboardOnly goes from the page's start to a finished run and a
// readout with the keyboard alone: Run within a few Tab presses, Enter
// runs, the aria-live region announces the progress and the end, the chart
// takes the focus a few presses later, and the arrow keys move a crosshair
// whose readout lists every strategy sorted by value, each with a swatch.
func TestPageKeyboardOnly(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	if n := tabTo(t, ctx, "run", maxTabsToRun); n < 0 {
		t.Fatalf("the Run button does not take the focus within %d presses of Tab (focus on %q)", maxTabsToRun, focused(t, ctx))
	}
	// Record what the live region says while the run goes.
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		window.liveSaid = [];
		const live = document.querySelector("#announce");
		if (!live) return;
		new MutationObserver(() => window.liveSaid.push(live.textContent)).observe(live, {subtree: true, childList: true, characterData: true});
	})()`),
		setField("#gen-pages", "40000"),
		chromedp.Focus("#run"),
		chromedp.KeyEvent(kb.Enter),
		waitFor(`document.querySelector("#run").ariaDisabled == "true"`, 10*time.Second),
		waitFor(idle, 2*time.Minute))
	said := value(t, ctx, chromedp.Evaluate[[]string](`window.liveSaid`))
	joined := strings.Join(said, " | ")
	if !strings.Contains(joined, "%") || !strings.Contains(strings.ToLower(joined), "done") {
		t.Errorf("the aria-live region said %q; want the progress in percent and that the run is done", joined)
	}
	// From Run to the chart.
	run(t, ctx, chromedp.Focus("#run"))
	if n := tabTo(t, ctx, "chart", maxTabsToChart); n < 0 {
		t.Fatalf("the chart does not take the focus within %d presses of Tab after Run (focus on %q)", maxTabsToChart, focused(t, ctx))
	}
	for range 8 {
		run(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	}
	run(t, ctx, waitFor(`document.querySelector("#readout") != null`, 5*time.Second))
	first, text := readoutValues(t, ctx)
	if len(first) != len(DefaultPageScenario().Strategies) {
		t.Errorf("the readout shows %d values for %d strategies: %q", len(first), len(DefaultPageScenario().Strategies), text)
	}
	if !sort.SliceIsSorted(first, func(i, j int) bool { return first[i] > first[j] }) {
		t.Errorf("the readout is not sorted by value, largest first: %v", first)
	}
	swatches := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#readout .swatch svg").length`))
	if swatches != len(first) {
		t.Errorf("the readout has %d swatches for %d lines", swatches, len(first))
	}
	// More presses move the crosshair right: the caption changes.
	caption := value(t, ctx, chromedp.Text("#readout .caption"))
	for range 10 {
		run(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	}
	if again := value(t, ctx, chromedp.Text("#readout .caption")); again == caption {
		t.Errorf("ArrowRight did not move the crosshair: the readout still says %q", again)
	}
	t.Logf("readout: %s", text)
}

// TestPageDarkAndReducedMotion emulates prefers-color-scheme: dark and
// prefers-reduced-motion: reduce: the page and the chart's background turn
// dark, its text light, and nothing moves (no transition or animation).
func TestPageDarkAndReducedMotion(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, darkMode(true), navigate(url+"/"), waitFor(idle, 2*time.Minute))
	type colours struct {
		Body, Panel, Text, ChartBg, ChartText string
		Moving                                []string
	}
	c := value(t, ctx, chromedp.Evaluate[colours](`(() => {
		const cs = (e, p) => e ? getComputedStyle(e)[p] : "none";
		const moving = [];
		for (const e of document.querySelectorAll("*")) {
			const s = getComputedStyle(e);
			if (s.transitionDuration.split(",").some(d => parseFloat(d) > 0.01) || (s.animationName !== "none" && s.animationDuration.split(",").some(d => parseFloat(d) > 0.01)) || s.scrollBehavior === "smooth")
				moving.push(e.tagName + (e.id ? "#" + e.id : ""));
		}
		return {Body: cs(document.body, "backgroundColor"), Panel: cs(document.querySelector(".panel"), "backgroundColor"), Text: cs(document.body, "color"),
			ChartBg: cs(document.querySelector("#chart svg .chart-bg"), "fill"), ChartText: cs(document.querySelector("#chart svg text"), "fill"), Moving: moving};
	})()`))
	for name, col := range map[string]string{"body background": c.Body, "panel background": c.Panel, "chart background": c.ChartBg} {
		if luminance(col) > 0.2 {
			t.Errorf("in dark mode the %s is %s", name, col)
		}
	}
	for name, col := range map[string]string{"text": c.Text, "chart text": c.ChartText} {
		if luminance(col) < 0.5 {
			t.Errorf("in dark mode the %s is %s", name, col)
		}
	}
	if len(c.Moving) > 0 {
		t.Errorf("with prefers-reduced-motion: reduce these still move: %v", c.Moving)
	}
}

// luminance is the relative luminance (WCAG 2.1) of a CSS rgb() or rgba()
// colour; 1 for a colour it cannot read, so that the dark checks fail.
func luminance(css string) float64 {
	i, j := strings.IndexByte(css, '('), strings.IndexByte(css, ')')
	if i < 0 || j < i {
		return 1
	}
	parts := strings.Split(css[i+1:j], ",")
	if len(parts) < 3 {
		return 1
	}
	var l float64
	for k, w := range []float64{0.2126, 0.7152, 0.0722} {
		v, err := strconv.ParseFloat(strings.TrimSpace(parts[k]), 64)
		if err != nil {
			return 1
		}
		v /= 255
		if v <= 0.03928 {
			v /= 12.92
		} else {
			v = math.Pow((v+0.055)/1.055, 2.4)
		}
		l += w * v
	}
	return l
}

// axeScript returns axe-core's axe.min.js, installed by .ci/run with npm
// (CRAWLSIM_AXE names it; by default under the user's cache), or stops the
// test (lacks).
func axeScript(t *testing.T) string {
	t.Helper()
	path := os.Getenv("CRAWLSIM_AXE")
	if path == "" {
		cache, err := os.UserCacheDir()
		if err == nil {
			path = filepath.Join(cache, "crawlsim-axe", "node_modules", "axe-core", "axe.min.js")
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		lacks(t, "axe-core not found ("+err.Error()+"); install it with: npm install --prefix ~/.cache/crawlsim-axe axe-core@4.14.1 (the version .ci/run installs), or name axe.min.js in CRAWLSIM_AXE")
	}
	return string(data)
}

// axeViolation is one rule axe-core finds broken, with the nodes that
// break it.
type axeViolation struct {
	ID, Impact, Help string
	Nodes            []string
}

// audit runs axe-core on the page, with the rules of WCAG 2.0 and 2.1, A
// and AA, those WCAG 2.2 adds at AA (the size of targets, 2.5.8, with its
// exception for targets spaced apart), and its best practices (landmarks, one main, headings in order),
// and returns the violations.
func audit(t *testing.T, ctx context.Context, script string) []axeViolation {
	t.Helper()
	run(t, ctx, chromedp.Evaluate[chromedp.Void](script+"\n;undefined"))
	return value(t, ctx, chromedp.Evaluate[[]axeViolation](`axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}, resultTypes: ["violations"]})
		.then(r => r.violations.map(v => ({ID: v.id, Impact: v.impact || "", Help: v.help, Nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + ": " + (n.failureSummary || "").split("\n").slice(1).join("; "))})))`,
		chromedp.EvalAwaitPromise))
}

// TestPageAccessibilityAudit runs axe-core's WCAG 2.1 A and AA and 2.2 AA rules and
// its best practices on the page after the opening comparison, in light
// and in dark mode, at desktop and phone width, in embed mode, and during
// a run (progress bars shown): no violation.
func TestPageAccessibilityAudit(t *testing.T) {
	script := axeScript(t)
	ctx, url := browser(t, nil)
	for _, c := range []struct {
		name  string
		dark  bool
		width int64
		path  string
	}{
		{"light, 1400 px", false, 1400, "/"},
		{"dark, 1400 px", true, 1400, "/"},
		{"light, 375 px", false, 375, "/"},
		{"dark, embed 900 px", true, 900, "/?embed=1"},
	} {
		run(t, ctx, darkMode(c.dark), viewport(c.width, 900), navigate(url+c.path),
			waitFor(`document.querySelector("#chart svg") != null && document.querySelector("#run").ariaDisabled == "false"`, 2*time.Minute))
		violations := audit(t, ctx, script)
		for _, v := range violations {
			t.Errorf("%s: axe-core %s (%s): %s\n    %s", c.name, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n    "))
		}
		t.Logf("%s: axe-core reports %d violations of the WCAG 2.1 A/AA and 2.2 AA rules and best practices", c.name, len(violations))
	}
	// During a run, with its progress bars.
	run(t, ctx, darkMode(false), viewport(1400, 900), navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "60000"), chromedp.Click("#run"),
		waitFor(`document.querySelectorAll("#progress progress").length > 0`, time.Minute))
	violations := audit(t, ctx, script)
	for _, v := range violations {
		t.Errorf("during a run: axe-core %s (%s): %s\n    %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n    "))
	}
	t.Logf("during a run: axe-core reports %d violations", len(violations))
	// axe-core does not ask a <progress> for a name: every bar must have
	// one, and the live region must exist.
	unnamed := value(t, ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("progress")).filter(p => !p.getAttribute("aria-label") && !p.getAttribute("aria-labelledby") && p.labels.length == 0).map(p => p.outerHTML)`))
	if len(unnamed) > 0 {
		t.Errorf("progress bars without an accessible name: %q", unnamed)
	}
}

// focusEmulation makes the tab behave as if its window had the focus, so
// that focus and blur events fire in headless Chromium.
var focusEmulation = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
	_, err := cdp.Call(ctx, t, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
	return err
})

// TestPageRunKeepsTheFocus: Run pressed with the keyboard keeps the
// focus while the run goes (it is aria-disabled, not disabled, which
// sent the focus to the page's body, so that the next Tab started again
// at the top), and a press then does nothing; Tab goes on from it to
// Cancel, which keeps the focus once pressed too, Shift+Tab comes back
// to Run, and Enter on it runs again.
func TestPageRunKeepsTheFocus(t *testing.T) {
	ctx, url := browser(t, nil)
	const going = `document.querySelector("#cancel") != null && document.querySelector("#cancel").ariaDisabled == "false"`
	run(t, ctx, focusEmulation, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "100000"),
		chromedp.Focus("#run"), chromedp.KeyEvent(kb.Enter), waitFor(going, 30*time.Second))
	during := value(t, ctx, chromedp.Evaluate[string](`(() => { const e = document.activeElement; return e == null || e == document.body ? "body" : e.id || e.tagName; })()`))
	if during != "run" {
		t.Fatalf("while the run goes the focus is on %q; want the Run button pressed", during)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Enter))
	if !value(t, ctx, chromedp.Evaluate[bool](going)) {
		t.Fatal("the run ended before the focus could be followed; give it a larger graph")
	}
	run(t, ctx, chromedp.KeyEvent(kb.Tab))
	if got := focused(t, ctx); got != "cancel" {
		t.Fatalf("Tab from Run during the run reaches %q; want Cancel, the control after it", got)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Enter), waitFor(idle, time.Minute))
	if got := focused(t, ctx); got != "cancel" {
		t.Errorf("Cancel pressed with Enter leaves the focus on %q; want still Cancel", got)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
	if got := focused(t, ctx); got != "run" {
		t.Fatalf("Shift+Tab from Cancel reaches %q; want Run", got)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Enter), waitFor(going, 30*time.Second), chromedp.Click("#cancel"), waitFor(idle, time.Minute))
}

// TestPageSkipToSettings: the settings come after the chart and the
// tables in the page's order, though the wide layout shows them on the
// left; the first Tab reaches a link that says so, shown on screen while
// it has the focus, and Enter on it moves the focus to the Graph panel,
// from which Tab reaches the panel's first control. At 1400 px in light
// and 390 px in dark; with CRAWLSIM_SCREENSHOTS=DIR it writes a
// screenshot of each, the link focused, there.
func TestPageSkipToSettings(t *testing.T) {
	ctx, url := browser(t, nil)
	type box struct {
		Top, Left, Width, Height float64
		Text                     string
	}
	for _, c := range []struct {
		width, height int64
		dark          bool
	}{{1400, 900, false}, {390, 844, true}} {
		run(t, ctx, focusEmulation, darkMode(c.dark), viewport(c.width, c.height), navigate(url+"/"), waitFor(idle, 2*time.Minute))
		if n := tabTo(t, ctx, "skip-to-settings", 1); n < 0 {
			t.Fatalf("at %d px the first Tab reaches %q; want the link to the settings", c.width, focused(t, ctx))
		}
		shown := value(t, ctx, chromedp.Evaluate[box](`(() => { const e = document.activeElement, r = e.getBoundingClientRect();
			return {Top: r.top, Left: r.left, Width: r.width, Height: r.height, Text: e.textContent}; })()`))
		if shown.Top < 0 || shown.Left < 0 || shown.Width < 40 || shown.Height < 10 || shown.Text != "Skip to the scenario's settings" {
			t.Errorf("at %d px the focused skip link is at %+v; want it on screen, saying where it goes", c.width, shown)
		}
		if dir := os.Getenv("CRAWLSIM_SCREENSHOTS"); dir != "" {
			png := value(t, ctx, chromedp.CaptureScreenshot())
			os.WriteFile(fmt.Sprintf("%s/skip-link-%d-dark-%v.png", dir, c.width, c.dark), png, 0o644)
		}
		run(t, ctx, chromedp.KeyEvent(kb.Enter))
		if got := focused(t, ctx); got != "source-panel" {
			t.Fatalf("at %d px Enter on the skip link moves the focus to %q; want the Graph panel", c.width, got)
		}
		run(t, ctx, chromedp.KeyEvent(kb.Tab))
		if !value(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#source-panel").contains(document.activeElement)`)) {
			t.Errorf("at %d px Tab from the Graph panel reaches %q, outside it", c.width, focused(t, ctx))
		}
		if bottom := value(t, ctx, chromedp.Evaluate[float64](`document.querySelector("#skip-to-settings").getBoundingClientRect().bottom + scrollY`)); bottom > 0 {
			t.Errorf("at %d px the skip link without the focus still shows (bottom at %v px of the page)", c.width, bottom)
		}
	}
}

// TestPagePanelCancelKeepsTheFocus: Reproduce pressed with the keyboard
// keeps the focus while the papers run, Tab reaches the Cancel beside
// it, and Cancel pressed, which goes away with the work, gives the focus
// back to Reproduce rather than to the page's body.
func TestPagePanelCancelKeepsTheFocus(t *testing.T) {
	ctx, url := browser(t, nil)
	const going = `document.querySelector("#cancel-papers") != null`
	run(t, ctx, focusEmulation, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#papers-paper", "all"),
		chromedp.Focus("#run-papers"), chromedp.KeyEvent(kb.Enter), waitFor(going, 30*time.Second))
	if got := focused(t, ctx); got != "run-papers" {
		t.Fatalf("while the papers run the focus is on %q; want Reproduce", got)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Tab))
	if got := focused(t, ctx); got != "cancel-papers" {
		t.Fatalf("Tab from Reproduce reaches %q; want its Cancel", got)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Enter), waitFor(`!(`+going+`)`, time.Minute))
	if got := focused(t, ctx); got != "run-papers" {
		t.Errorf("Cancel pressed with Enter leaves the focus on %q; want Reproduce", got)
	}
}

// TestPageLegendAndLogAxis: a legend entry, pressed from the keyboard,
// hides its curve and says so (aria-pressed), pressed again shows it; a
// focused entry highlights its curve (the others faded); the logarithmic
// x axis redraws the chart with powers of ten.
func TestPageLegendAndLogAxis(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	lines := func() int {
		return value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#chart svg polyline").length`))
	}
	all := lines()
	// Focus events need a page that has the focus: headless, emulate it.
	run(t, ctx, focusEmulation, chromedp.Focus(`#legend li:nth-child(3) button`),
		waitFor(`document.querySelectorAll("#chart svg polyline[stroke-opacity]").length > 0`, 5*time.Second))
	faded := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#chart svg polyline[stroke-opacity]").length`))
	if faded != all-1 {
		t.Errorf("a focused legend entry fades %d of %d curves; want all but its own", faded, all)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Enter), waitFor(`document.querySelector("#legend li:nth-child(3) button").getAttribute("aria-pressed") == "false"`, 5*time.Second))
	if n := lines(); n != all-1 {
		t.Errorf("with one entry off the chart draws %d of %d curves", n, all)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Enter), waitFor(`document.querySelector("#legend li:nth-child(3) button").getAttribute("aria-pressed") == "true"`, 5*time.Second))
	if n := lines(); n != all {
		t.Errorf("with the entry on again the chart draws %d of %d curves", n, all)
	}
	run(t, ctx, chromedp.Click("#log-x"), waitFor(`document.querySelector("#chart svg").textContent.includes("logarithmic")`, 5*time.Second))
	ticks := value(t, ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("#chart svg text")).map(e => e.textContent).join(" ")`))
	if !strings.Contains(ticks, "0.001") || !strings.Contains(ticks, "0.01") {
		t.Errorf("the logarithmic axis reads %q; want powers of ten", ticks)
	}
}

// TestPageEmbedLegendFocusRing: embedded in frames of 900×620 and 600×400
// px, where the legend has a fixed height and scrolls what is more, each
// legend entry focused from the keyboard shows its whole focus ring: the
// outline's box (the entry's box grown by the outline's offset and width,
// as computed) lies within the legend's client box, which clips it (a
// ring 5 px outside the entry was cut on the top row's top, the left
// column's left and the last visible row's bottom).
func TestPageEmbedLegendFocusRing(t *testing.T) {
	ctx, url := browser(t, nil)
	for _, frame := range [][2]int64{{900, 620}, {600, 400}} {
		run(t, ctx, viewport(frame[0], frame[1]), navigate(url+"/?embed=1"), waitFor(embedIdle, 2*time.Minute), focusEmulation)
		n := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#legend button").length`))
		if n == 0 {
			t.Fatalf("embedded in %d×%d px: no legend entries", frame[0], frame[1])
		}
		// A press of Tab makes the focus visible (:focus-visible); focus
		// moved from there by script stays visible.
		run(t, ctx, chromedp.KeyEvent(kb.Tab))
		var cut []string
		for i := 0; i < n; i++ {
			ring := value(t, ctx, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
				document.querySelectorAll("#legend button")[%d].focus();
				const b = document.activeElement, legend = document.querySelector("#legend");
				if (!b || !legend.contains(b)) return "the focus is on " + (b ? b.tagName.toLowerCase() + "#" + b.id : "nothing") + ", not in the legend";
				if (!b.matches(":focus-visible")) return b.textContent.trim() + " shows no focus ring";
				const s = getComputedStyle(b), grow = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth);
				if (s.outlineStyle == "none" || !(parseFloat(s.outlineWidth) > 0)) return b.textContent.trim() + " has no outline";
				const r = b.getBoundingClientRect(), l = legend.getBoundingClientRect();
				const box = {top: l.top + legend.clientTop, left: l.left + legend.clientLeft};
				box.bottom = box.top + legend.clientHeight; box.right = box.left + legend.clientWidth;
				const ring = {top: r.top - grow, left: r.left - grow, bottom: r.bottom + grow, right: r.right + grow};
				const out = [];
				for (const side of ["top", "left"]) if (ring[side] < box[side] - 0.5) out.push(side + " by " + (box[side] - ring[side]).toFixed(1) + " px");
				for (const side of ["bottom", "right"]) if (ring[side] > box[side] + 0.5) out.push(side + " by " + (ring[side] - box[side]).toFixed(1) + " px");
				return out.length ? b.textContent.trim() + "'s ring is cut at its " + out.join(", ") : "";
			})()`, i)))
			if ring != "" {
				cut = append(cut, ring)
			}
		}
		if len(cut) > 0 {
			t.Errorf("embedded in %d×%d px, legend focus rings cut by the legend: %s", frame[0], frame[1], strings.Join(cut, "; "))
		}
	}
}

// TestPageLiveRegionQuietWhileTyping: after a run, Tab and keys typed in
// a field change nothing a screen reader watches in the live region: its
// text node stays, and its words stay. Before, every render set its
// innerHTML, replacing its text node with the same "Done: …" sentence at
// each Tab and key, which screen readers may say again.
func TestPageLiveRegionQuietWhileTyping(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute), chromedp.Sleep(500*time.Millisecond),
		chromedp.Evaluate[chromedp.Void](`window.liveChanges = [];
			new MutationObserver((list) => { for (const r of list) {
				if (r.type === "childList") window.liveChanges.push("nodes replaced");
				else if (r.type === "characterData" && r.oldValue !== r.target.data) window.liveChanges.push("text " + JSON.stringify(r.oldValue) + " to " + JSON.stringify(r.target.data));
			} }).observe(document.querySelector("#announce"), {childList: true, characterData: true, characterDataOldValue: true, subtree: true});
			undefined`),
		chromedp.Focus("#gen-hosts"))
	for _, k := range []string{kb.Tab, kb.Tab, "5", "0", kb.Tab} {
		run(t, ctx, chromedp.KeyEvent(k), chromedp.Sleep(150*time.Millisecond))
	}
	changes := value(t, ctx, chromedp.Evaluate[[]string](`window.liveChanges`))
	said := value(t, ctx, chromedp.Evaluate[string](`document.querySelector("#announce").textContent`))
	if len(changes) != 0 {
		t.Errorf("while the reader tabbed and typed, the live region saying %q changed: %q", said, changes)
	}
	if !strings.HasPrefix(said, "Done") {
		t.Errorf("after the run the live region says %q", said)
	}
}

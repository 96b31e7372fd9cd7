//go:build browser

package browsertest

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// panelChartsLook measures the Community seeds, Revisits and Papers
// charts: per chart, the height on the screen of its smallest text (its
// bounding box, about 1.15 times its font's size, and that font's size
// times the chart's scale), its right edge, the width it was drawn for against its box's, and in which
// colours its background and its first text are painted, and the
// markers' halos (the lightest; -1 when it has none).
const panelChartsLook = `(() => {
	const lum = c => { const m = (c.match(/[\d.]+/g) || [255, 255, 255]).map(Number); return (0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]) / 255; };
	return ["#seeds-chart", "#refresh-chart", "#paper-004 .paper-chart"].map(sel => {
		const svg = document.querySelector(sel + " svg");
		if (!svg) return {Sel: sel, Missing: true};
		const texts = Array.from(svg.querySelectorAll("text")).map(e => e.getBoundingClientRect().height).filter(h => h > 0);
		const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
		const fonts = Array.from(svg.querySelectorAll("text")).map(e => parseFloat(getComputedStyle(e).fontSize) * scale);
		const bg = svg.querySelector(".chart-bg"), text = svg.querySelector("text");
		const halos = Array.from(svg.querySelectorAll(".chart-halo")).map(e => lum(getComputedStyle(e).stroke));
		return {Sel: sel, MinText: Math.min(...texts), MinFont: Math.min(...fonts), Right: svg.getBoundingClientRect().right, Drawn: Number(svg.getAttribute("width")),
			Box: svg.parentElement.clientWidth, Bg: bg ? lum(getComputedStyle(bg).fill) : -1, Ink: lum(getComputedStyle(text).fill),
			Halo: halos.length ? Math.max(...halos) : -1};
	});
})()`

// panelChartLook is what panelChartsLook says of a chart.
type panelChartLook struct {
	Sel                   string
	Missing               bool
	MinText, Right, Drawn float64
	MinFont               float64
	Box, Bg, Ink          float64
	Halo                  float64
}

// TestPagePanelChartsOnPhonesAndInDark: in dark mode at 360 pixels, after
// Extract, Simulate and paper 004 reproduced, the Community seeds,
// Revisits and Papers charts are drawn for the width they are shown at
// (their text about 12 pixels high on the screen, none under 10), the
// page does not scroll sideways, and their background is dark and their
// text light; widened to 1400 pixels, the Community seeds and Revisits
// charts are redrawn for their new width. A user review found them drawn
// 960, 900 and 800 pixels wide (text 4 to 5 pixels high on a phone), and
// the first two white in dark mode (TestPagePaperChartOnPhones checks the
// third), and later the first two's markers ringed in white (their
// halos, drawn in the chart's background colour). axe-core's colour
// contrast check passes on them.
func TestPagePanelChartsOnPhonesAndInDark(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, darkMode(true), viewport(360, 800), navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "3000"), setField("#community-k", "5"),
		chromedp.Click("#extract-seeds"),
		waitFor(`document.querySelector("#seeds-chart svg") != null && document.querySelector("#run-refresh").ariaDisabled == "false"`, time.Minute),
		setField("#refresh-sites", "120"), setField("#refresh-horizon", "400"),
		chromedp.Click("#run-refresh"),
		waitFor(`document.querySelector("#refresh-chart svg") != null`, time.Minute),
		// The panels' charts are redrawn for their box after a render.
		waitFor(`["#seeds-chart", "#refresh-chart"].every(s => Math.abs(document.querySelector(s + " svg").getAttribute("width") - document.querySelector(s).clientWidth) <= 1)`, 10*time.Second))
	all := []string{"#seeds-chart", "#refresh-chart"}
	checkPanelCharts(t, ctx, 360, all)
	// Without axe-core and with CRAWLSIM_BROWSER=optional, the audit is
	// left out and the layout checks still run.
	if os.Getenv("CRAWLSIM_BROWSER") != "optional" || os.Getenv("CRAWLSIM_AXE") != "" || axeInstalled() {
		for _, v := range audit(t, ctx, axeScript(t)) {
			if v.ID != "color-contrast" {
				continue
			}
			for _, n := range v.Nodes {
				if strings.Contains(n, "seeds-chart") || strings.Contains(n, "refresh-chart") || strings.Contains(n, "paper-chart") {
					t.Errorf("axe, colour contrast in a chart: %s", n)
				}
			}
		}
	}
	run(t, ctx, viewport(1400, 1000),
		waitFor(`["#seeds-chart", "#refresh-chart"].every(s => Math.abs(document.querySelector(s + " svg").getAttribute("width") - document.querySelector(s).clientWidth) <= 1)`, 10*time.Second))
	checkPanelCharts(t, ctx, 1400, all)
}

// axeInstalled reports whether axe-core is where axeScript looks by
// default.
func axeInstalled() bool {
	cache, err := os.UserCacheDir()
	if err != nil {
		return false
	}
	_, err = os.Stat(cache + "/crawlsim-axe/node_modules/axe-core/axe.min.js")
	return err == nil
}

// checkPanelCharts checks the charts (selectors of panelChartsLook) of a
// page width pixels wide in dark mode: their smallest text at least 10
// pixels high on the screen, inside the window, a dark background and
// light text, markers ringed in the dark background (their halos), and
// the page not scrolling sideways.
func checkPanelCharts(t *testing.T, ctx context.Context, width int, charts []string) {
	t.Helper()
	looks := value(t, ctx, chromedp.Evaluate[[]panelChartLook](panelChartsLook))
	for _, l := range looks {
		if !strings.Contains(strings.Join(charts, " "), l.Sel) {
			continue
		}
		if l.Missing {
			t.Errorf("%d px: no chart in %s", width, l.Sel)
			continue
		}
		if l.MinText < 10 {
			t.Errorf("%d px: %s's smallest text is %.1f px high on the screen (drawn %g wide in a box of %g)", width, l.Sel, l.MinText, l.Drawn, l.Box)
		}
		if l.Right > float64(width)+0.5 {
			t.Errorf("%d px: %s ends at %.1f px", width, l.Sel, l.Right)
		}
		if l.Bg < 0 || l.Bg > 0.3 || l.Ink < 0.6 {
			t.Errorf("%d px, dark mode: %s's background luminance %.2f, text %.2f; want a dark background, light text", width, l.Sel, l.Bg, l.Ink)
		}
		if l.Halo > 0.3 {
			t.Errorf("%d px, dark mode: %s's markers are ringed in a light colour (luminance %.2f); want the dark background's", width, l.Sel, l.Halo)
		}
	}
	if !value(t, ctx, chromedp.Evaluate[bool](fits)) {
		t.Errorf("%d px: the page scrolls sideways", width)
	}
}

// TestPagePaperChartOnPhones: in dark mode at 360 pixels, paper 004
// reproduces, its chart is drawn for the width of its box (report.SVG
// puts the legend below a narrow chart's plot; the chart was drawn 800,
// then 407 pixels wide in a box of 326 and shrunk), its text at least 10
// pixels high on the screen, by its bounding box and by its font's size
// (12 pixels drawn 407 wide in 326: 9.6; at 800 wide about 5), in the page's colours, and the
// page does not scroll sideways.
func TestPagePaperChartOnPhones(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, darkMode(true), viewport(360, 800), navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "3000"), setField("#papers-paper", "004"),
		chromedp.Click("#run-papers"),
		waitFor(papersDone+` || document.querySelector("#papers-error") != null`, 2*time.Minute))
	if msg := value(t, ctx, chromedp.Evaluate[string](`(document.querySelector("#papers-error") || {textContent: ""}).textContent`)); msg != "" {
		t.Fatalf("the reproduction failed at phone width: %s", msg)
	}
	looks := value(t, ctx, chromedp.Evaluate[[]panelChartLook](panelChartsLook))
	l := looks[2]
	if l.Missing || l.Drawn > l.Box+1 || l.MinFont < 10 {
		t.Errorf("paper 004's chart at 360 px: %+v; want it drawn at most as wide as its box, its smallest font at least 10 px on the screen", l)
	}
	checkPanelCharts(t, ctx, 360, []string{"#paper-004 .paper-chart"})
}

//go:build browser

package browsertest

// Browser tests of the chart's crosshair readout in an embed frame.

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// embedChart is where the parts of the embedded chart panel are, in CSS
// pixels of the frame ([top, bottom, left, right] by name), and the
// chart's drawn height beside the height it was drawn for (its viewBox's).
type embedChart struct {
	Boxes                    map[string][4]float64
	SVGHeight, ViewBoxHeight float64
}

const embedChartJS = `(() => {
	const out = {Boxes: {}};
	for (const [name, sel] of [["axes", ".axes"], ["chart", "#chart"], ["legend", "#legend"], ["readout", "#readout"]]) {
		const e = document.querySelector(sel);
		if (e) { const r = e.getBoundingClientRect(); out.Boxes[name] = [r.top, r.bottom, r.left, r.right]; }
	}
	const svg = document.querySelector("#chart svg");
	if (svg) { out.SVGHeight = svg.getBoundingClientRect().height; out.ViewBoxHeight = svg.viewBox.baseVal.height; }
	return out;
})()`

// TestPageEmbedReadoutInsideThePlot opens the embed mode at 600×400 and at
// the snippet's 900×620 and moves the crosshair from the keyboard, near
// the left end and near the right one: the readout of the ten curves
// stays inside the chart's box, over none of the legend (at 600×400 it
// ran 100 px down over the legend). At 600×400 the x-axis choice takes
// one line and the chart is drawn at its box's height (it was drawn 190
// high and shrunk into a box 148 px high, its 12 px text to 9 px), the
// box at least 180 px high.
func TestPageEmbedReadoutInsideThePlot(t *testing.T) {
	ctx, url := browser(t, nil)
	for _, frame := range [][2]int64{{600, 400}, {900, 620}} {
		w, h := frame[0], frame[1]
		run(t, ctx, viewport(w, h), navigate(fmt.Sprintf("%s/?embed=1&frame=%dx%d", url, w, h)), waitFor(embedIdle, 2*time.Minute),
			chromedp.Focus("#chart"))
		for _, from := range []struct {
			name string
			keys []string
		}{{"Home", []string{kb.Home, kb.ArrowRight, kb.ArrowRight}}, {"End", []string{kb.End, kb.ArrowLeft}}} {
			for _, k := range from.keys {
				run(t, ctx, chromedp.KeyEvent(k))
			}
			run(t, ctx, waitFor(`document.querySelector("#readout .line") != null`, 5*time.Second))
			c := value(t, ctx, chromedp.Evaluate[embedChart](embedChartJS))
			r, box, legend := c.Boxes["readout"], c.Boxes["chart"], c.Boxes["legend"]
			if r[0] < box[0]-0.5 || r[1] > box[1]+0.5 || r[2] < box[2]-0.5 || r[3] > box[3]+0.5 {
				t.Errorf("embed at %d×%d, crosshair from %s: the readout spans %v, out of the chart's box %v", w, h, from.name, r, box)
			}
			if r[1] > legend[0] && r[0] < legend[1] && r[3] > legend[2] && r[2] < legend[3] {
				t.Errorf("embed at %d×%d, crosshair from %s: the readout %v covers the legend %v", w, h, from.name, r, legend)
			}
			if n := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#readout .line").length`)); n != 10 {
				t.Errorf("embed at %d×%d: the readout lists %d curves, want the 10 drawn", w, h, n)
			}
			if w != 600 {
				continue
			}
			if axes := c.Boxes["axes"]; axes[1]-axes[0] > 24 {
				t.Errorf("embed at 600×400: the x-axis choice is %.0f px high; want one line", axes[1]-axes[0])
			}
			if c.SVGHeight < c.ViewBoxHeight-1 || box[1]-box[0] < 180 {
				t.Errorf("embed at 600×400: the chart's box is %.0f px high, the chart drawn %.0f high for %.0f; want it drawn at its box's height, 180 px or more", box[1]-box[0], c.SVGHeight, c.ViewBoxHeight)
			}
		}
	}
}

// TestPageReadoutInViewOnAPhone: on a phone's screen, with the chart
// focused while its box runs below the screen, the arrow keys (which the chart
// takes, so they cannot scroll the page) bring the whole box, and so the
// readout, into view; the readout ran 26 px under the bottom edge.
func TestPageReadoutInViewOnAPhone(t *testing.T) {
	ctx, url := browser(t, nil)
	// 600 px high: a phone's screen less its browser's bars, where the
	// page opens with the chart's box cut by the screen's bottom edge.
	run(t, ctx, viewport(390, 600), navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#chart").focus({preventScroll: true})`))
	if below := value(t, ctx, chromedp.Evaluate[float64](`document.querySelector("#chart").getBoundingClientRect().bottom - window.innerHeight`)); below <= 0 {
		t.Fatalf("the chart's box ends %.0f px above the screen's bottom; the test wants it below", -below)
	}
	run(t, ctx, chromedp.KeyEvent(kb.ArrowRight), waitFor(`document.querySelector("#readout .line") != null`, 5*time.Second))
	c := value(t, ctx, chromedp.Evaluate[embedChart](embedChartJS))
	inner := value(t, ctx, chromedp.Evaluate[float64](`window.innerHeight`))
	if r, box := c.Boxes["readout"], c.Boxes["chart"]; box[1] > inner+0.5 || r[1] > inner+0.5 || r[0] < 0 {
		t.Errorf("after an arrow key the chart's box spans %v and the readout %v, beyond the screen's %.0f px", box, r, inner)
	}
}

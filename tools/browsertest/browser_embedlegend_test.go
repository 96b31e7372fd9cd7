//go:build browser

package browsertest

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// embedLegend is what TestPageEmbedShowsEveryCurve reads of the embed's
// legend and of the line under its caption.
type embedLegend struct {
	Entries, Shown int
	Scrolls        bool
	Offer          string
	What           string
	WhatShown      bool
	PlotHeight     float64
}

// TestPageEmbedShowsEveryCurve opens the embed at 600×400 and 900×620 on
// the default comparison (ten strategies): every legend entry is inside
// the legend's box, or a note says how many curves there are and to
// scroll for the others; the line that says what a curve is stays, and
// the chart keeps its height (180 px at 600×400). With
// CRAWLSIM_SCREENSHOTS=DIR it writes a screenshot of each size there.
func TestPageEmbedShowsEveryCurve(t *testing.T) {
	frag := permalinkOf(t, DefaultPageScenario())
	ctx, url := browser(t, nil)
	for _, size := range [][2]int64{{600, 400}, {900, 620}} {
		w, h := size[0], size[1]
		run(t, ctx, viewport(w, h), navigate(fmt.Sprintf("%s/?embed=1&frame=%dx%d#%s", url, w, h, frag)),
			waitFor(`document.querySelector("#chart svg") != null && document.querySelector("#run") != null && document.querySelector("#run").ariaDisabled == "false" && !document.querySelector("#legend.pending")`, 3*time.Minute))
		if dir := os.Getenv("CRAWLSIM_SCREENSHOTS"); dir != "" {
			png := value(t, ctx, chromedp.CaptureScreenshot())
			os.WriteFile(fmt.Sprintf("%s/embed-%dx%d.png", dir, w, h), png, 0o644)
		}
		got := value(t, ctx, chromedp.Evaluate[embedLegend](`(() => {
			const legend = document.querySelector("#legend"), box = legend.getBoundingClientRect();
			const items = [...legend.querySelectorAll("li")];
			const shown = items.filter(li => { const r = li.getBoundingClientRect(); return r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.height > 0; }).length;
			const offer = document.querySelector("#legend-more");
			const offered = offer && getComputedStyle(offer).visibility === "visible" && offer.getBoundingClientRect().height > 0;
			const what = document.querySelector("#chart-what");
			const wr = what ? what.getBoundingClientRect() : null;
			const plot = document.querySelector("#chart").getBoundingClientRect();
			return {Entries: items.length, Shown: shown, Scrolls: legend.scrollHeight > legend.clientHeight + 1,
				Offer: offered ? offer.textContent : "",
				What: what ? what.textContent : "", WhatShown: !!wr && wr.height > 0 && wr.bottom <= innerHeight,
				PlotHeight: plot.height};
		})()`))
		t.Logf("embed at %d×%d: %+v", w, h, got)
		if got.Entries != 10 {
			t.Errorf("embed at %d×%d: %d legend entries, want 10", w, h, got.Entries)
		}
		if got.Shown < got.Entries && got.Offer == "" {
			t.Errorf("embed at %d×%d: %d of %d legend entries shown and nothing offers the others", w, h, got.Shown, got.Entries)
		}
		if !got.WhatShown || got.What == "" {
			t.Errorf("embed at %d×%d: the line that says what a curve is: %q, shown %v", w, h, got.What, got.WhatShown)
		}
		if got.PlotHeight < 150 {
			t.Errorf("embed at %d×%d: the chart is %v px high", w, h, got.PlotHeight)
		}
	}
}

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
	// Covers is true when the note that offers the other entries lies
	// over a word of the line above the legend.
	Covers bool
}

// TestPageEmbedShowsEveryCurve opens the embed at 600×400, 900×620 and
// 390×844 (a phone) on
// the default comparison (ten strategies): every legend entry is inside
// the legend's box, or a note says how many curves there are and to
// scroll for the others; the line that says what a curve is stays, and
// the chart keeps its height (180 px at 600×400), and the note covers
// no word of the line above the legend. With
// CRAWLSIM_SCREENSHOTS=DIR it writes a screenshot of each size there.
func TestPageEmbedShowsEveryCurve(t *testing.T) {
	frag := permalinkOf(t, DefaultPageScenario())
	ctx, url := browser(t, nil)
	for _, size := range [][2]int64{{600, 400}, {900, 620}, {390, 844}} {
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
			let covers = false;
			const line = document.querySelector("#chart-compared");
			if (offered && line) {
				const o = offer.getBoundingClientRect(), walk = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
				for (let n = walk.nextNode(); n; n = walk.nextNode()) {
					if (offer.contains(n)) continue;
					const range = document.createRange();
					range.selectNodeContents(n);
					covers ||= [...range.getClientRects()].some(r => r.width > 0 && r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom);
				}
			}
			return {Entries: items.length, Shown: shown, Scrolls: legend.scrollHeight > legend.clientHeight + 1,
				Offer: offered ? offer.textContent : "",
				What: what ? what.textContent : "", WhatShown: !!wr && wr.height > 0 && wr.bottom <= innerHeight,
				PlotHeight: plot.height, Covers: covers};
		})()`))
		t.Logf("embed at %d×%d: %+v", w, h, got)
		if got.Entries != 10 {
			t.Errorf("embed at %d×%d: %d legend entries, want 10", w, h, got.Entries)
		}
		if got.Shown < got.Entries && got.Offer == "" {
			t.Errorf("embed at %d×%d: %d of %d legend entries shown and nothing offers the others", w, h, got.Shown, got.Entries)
		}
		if got.Covers {
			t.Errorf("embed at %d×%d: the note %q covers words of the line above the legend", w, h, got.Offer)
		}
		if !got.WhatShown || got.What == "" {
			t.Errorf("embed at %d×%d: the line that says what a curve is: %q, shown %v", w, h, got.What, got.WhatShown)
		}
		if got.PlotHeight < 150 {
			t.Errorf("embed at %d×%d: the chart is %v px high", w, h, got.PlotHeight)
		}
	}
}

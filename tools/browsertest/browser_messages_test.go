//go:build browser

package browsertest

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestPageMessagesFitEveryWidth opens a permalink of an uploaded file (its
// notice asks for the file) and a damaged permalink (an error) at phone,
// tablet and desktop width: the message spans the page above the panels,
// the panels stay stacked on a phone, and nothing overflows. The messages
// are not placed in a grid area that only the desktop grid names: on a
// phone that would add columns of its own, and squeeze the panels side by
// side over each other.
func TestPageMessagesFitEveryWidth(t *testing.T) {
	s := DefaultPageScenario()
	s.Graph = scenario.Source{File: "hollins.edges", URLs: "hollins.urls"}
	upload := permalinkOf(t, s)
	ctx, url := browser(t, nil)
	for _, c := range []struct{ name, fragment, message string }{
		{"an upload's link", upload, "#notice"},
		{"a damaged link", "s=AAAA", "#error"},
	} {
		for _, w := range []int64{360, 400, 768, 1400} {
			run(t, ctx, viewport(w, 900), navigate(fmt.Sprintf("%s/?w=%d#%s", url, w, c.fragment)),
				waitFor(`document.querySelector("`+c.message+`") != null && document.querySelector("#chart-panel") != null`, time.Minute))
			if m := measure(t, ctx); m.ScrollWidth > m.InnerWidth {
				t.Errorf("%s at %d px: the page lays out %d px wide; widest: %s", c.name, w, m.ScrollWidth, m.Widest)
			}
			got := value(t, ctx, chromedp.Evaluate[messageLayout](`(() => {
				const m = document.querySelector("`+c.message+`").getBoundingClientRect();
				const a = document.querySelector("#source-panel").getBoundingClientRect(), b = document.querySelector("#chart-panel").getBoundingClientRect();
				const main = document.querySelector("#main").getBoundingClientRect();
				return {Spans: m.width >= main.width - 2, Above: m.bottom <= Math.min(a.top, b.top) + 1,
					Stacked: Math.abs(a.left - b.left) < 2 && (a.top > b.bottom || b.top > a.bottom)};
			})()`))
			if !got.Spans || !got.Above {
				t.Errorf("%s at %d px: the message spans the page %v, is above the panels %v", c.name, w, got.Spans, got.Above)
			}
			if w <= 400 && !got.Stacked {
				t.Errorf("%s at %d px: the graph panel and the chart are not stacked in one column", c.name, w)
			}
		}
	}
}

// messageLayout is what TestPageMessagesFitEveryWidth checks.
type messageLayout struct {
	// Spans: the message is as wide as the page's main element; Above:
	// it is above the panels; Stacked: the graph panel and the chart are
	// in one column.
	Spans, Above, Stacked bool
}

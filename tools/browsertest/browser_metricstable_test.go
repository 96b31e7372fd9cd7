//go:build browser

package browsertest

// Browser tests of the metrics table (ui/metrics-table.vugu) for a
// student on a phone: reached from the first screen, its cells read
// without knowing the command line's marks.

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// tableReach is where the metrics table is on the page's first screen.
type tableReach struct {
	TableTop, Screen int
	Link             string // the id of a link on the first screen to the table, or ""
}

// tableText is what the metrics table says: its description, its
// headers and its cells.
type tableText struct {
	Described string
	Head      []string
	Rows      [][]string
}

// TestPageMetricsTableOnPhone opens the page on a phone's screen (400 by
// 800 px) and waits for the opening comparison: the metrics table starts
// on the first screen, or a link on it, pressed with Enter, brings the
// table into view and gives its panel the focus. The table is described
// by a line that says what is better; every column has a header, and no
// cell holds "n/a" nor a figure paired with another by a slash ("4,350/n/a"
// in the default comparison, whose windowed-rankmass has a guarantee that
// PageRank does not bound).
func TestPageMetricsTableOnPhone(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, viewport(400, 800), navigate(url+"/"), waitFor(idle, 2*time.Minute), chromedp.Sleep(time.Second),
		chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`))
	r := value(t, ctx, chromedp.Evaluate[tableReach](`(() => {
		const table = document.querySelector("#metrics");
		const onScreen = (e) => { const b = e.getBoundingClientRect(); return b.height > 0 && b.top >= 0 && b.bottom <= innerHeight && getComputedStyle(e).visibility === "visible"; };
		const link = [...document.querySelectorAll('a[href="#metrics-panel"], a[href="#metrics"]')].find(onScreen);
		return {TableTop: Math.round(table.getBoundingClientRect().top), Screen: innerHeight, Link: link ? link.id : ""};
	})()`))
	t.Logf("at 400 px the table starts %d px down a screen of %d px; the link on that screen: %q", r.TableTop, r.Screen, r.Link)
	if r.TableTop >= r.Screen {
		if r.Link == "" {
			t.Fatalf("at 400 px the table starts %d px down, past the first screen (%d px), and no link on that screen leads to it", r.TableTop, r.Screen)
		}
		inView := `(() => { const b = document.querySelector("#metrics").getBoundingClientRect(); return b.top >= 0 && b.top < innerHeight; })()`
		focused := `document.activeElement && document.activeElement.closest("#metrics-panel") != null`
		run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("`+r.Link+`").focus()`), chromedp.KeyEvent(kb.Enter))
		if err := chromedp.Do(ctx, waitFor(inView+" && "+focused, 5*time.Second)); err != nil {
			t.Errorf("Enter on the link #%s does not bring the table into view with the focus in its panel: %v", r.Link, err)
		}
	}
	text := value(t, ctx, chromedp.Evaluate[tableText](`(() => {
		const table = document.querySelector("#metrics");
		const ids = (table.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
		return {Described: ids.map((id) => (document.getElementById(id) || {}).textContent || "").join(" "),
			Head: [...table.querySelectorAll("thead th")].map((c) => c.textContent.trim()),
			Rows: [...table.querySelectorAll("tbody tr")].map((r) => [...r.cells].map((c) => c.textContent.trim()))};
	})()`))
	if !strings.Contains(text.Described, "Better") && !strings.Contains(text.Described, "better") {
		t.Errorf("the table is described by %q, which does not say what is better", text.Described)
	}
	if want := len(DefaultPageScenario().Strategies); len(text.Rows) != want {
		t.Fatalf("%d rows, the default scenario has %d strategies", len(text.Rows), want)
	}
	for _, h := range text.Head {
		if h == "" {
			t.Errorf("a column has no header: %q", text.Head)
		}
	}
	for _, row := range text.Rows {
		if len(row) != len(text.Head) {
			t.Errorf("row %q has %d cells for %d headers", row, len(row), len(text.Head))
		}
		for i, cell := range row[1:] {
			if strings.Contains(cell, "n/a") || strings.Contains(cell, "/") {
				t.Errorf("%s's %q reads %q", row[0], text.Head[i+1], cell)
			}
		}
	}
}

// TestPagePinKeepsTheFocus: Pin this result pressed with the keyboard
// becomes Unpin and keeps the focus, and Unpin pressed becomes Pin this
// result again, still focused, so that the next Tab goes on from there.
// Before, each press sent the focus to the page's start.
func TestPagePinKeepsTheFocus(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Focus("#pin"), chromedp.KeyEvent(kb.Enter), waitFor(`document.querySelector("#unpin") != null`, 5*time.Second))
	if got := focused(t, ctx); got != "unpin" {
		t.Errorf("Pin this result pressed: the focus is on %q; want Unpin", got)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Enter), waitFor(`document.querySelector("#pin") != null`, 5*time.Second))
	if got := focused(t, ctx); got != "pin" {
		t.Errorf("Unpin pressed: the focus is on %q; want Pin this result", got)
	}
	if n := value(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#pinned-metrics, #chart svg .chart-pinned").length`)); n != 0 {
		t.Errorf("after Unpin %d pinned tables or curves remain", n)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Tab))
	if got := value(t, ctx, chromedp.Evaluate[string](`document.activeElement.getAttribute("aria-label") || ""`)); !strings.HasPrefix(got, "Metrics table") {
		t.Errorf("Tab after the pin button went to %q; want the metrics table", got)
	}
}

// TestPageMetricsHeaderFocusClearsTheStickyColumn: at phone width, each
// button of the metrics table's header, reached by Tab and by Shift+Tab,
// is whole in view when it has the focus, not under the strategy column
// that stays at the left as the table scrolls, nor past the right edge.
// Before, Shift+Tab left "pages to 80%" and "pages to 90%" under it.
func TestPageMetricsHeaderFocusClearsTheStickyColumn(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, viewport(400, 800), navigate(url+"/"), waitFor(idle, 2*time.Minute))
	const where = `(() => {
		const e = document.activeElement, box = e.closest(".table-scroll");
		if (!box || !e.closest("thead")) return {In: false};
		const th = box.querySelector("thead th:first-child");
		if (e.closest("th") === th) return {In: true, Whole: true, Name: e.textContent.trim()};
		const first = th.getBoundingClientRect(), b = e.getBoundingClientRect(), r = box.getBoundingClientRect();
		return {In: true, Name: e.textContent.trim(), Whole: b.left >= first.right - 1 && b.right <= r.right + 1};
	})()`
	type place struct {
		In, Whole bool
		Name      string
	}
	buttons := value(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#metrics thead th button")].map((b) => b.textContent.trim())`))
	if len(buttons) < 4 {
		t.Fatalf("the metrics header has the buttons %q; want one a column", buttons)
	}
	for _, step := range []struct {
		what, start, key string
	}{
		{"Tab", `document.querySelector("#metrics thead th button").focus()`, kb.Tab},
		{"Shift+Tab", `document.querySelector("#metrics thead th:last-child button").focus()`, ""},
	} {
		run(t, ctx, chromedp.Evaluate[chromedp.Void](step.start+"; undefined"))
		for range buttons {
			p := value(t, ctx, chromedp.Evaluate[place](where))
			if !p.In {
				break
			}
			if !p.Whole {
				t.Errorf("%s: the focused header %q is not whole in view", step.what, p.Name)
			}
			if step.key != "" {
				run(t, ctx, chromedp.KeyEvent(step.key), chromedp.Sleep(100*time.Millisecond))
			} else {
				run(t, ctx, chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)), chromedp.Sleep(100*time.Millisecond))
			}
		}
	}
}

//go:build browser

package browsertest

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// typeInto gives the field with the selector the focus, selects what it
// holds and types text over it, key by key, as a user does.
func typeInto(sel, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Focus(sel),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).select()`, sel)),
		chromedp.KeyEvent(text),
	)
}

// expectEnterStartsPanelWork loads the page, types into a panel's fields
// with typing, ending in field (described as what), presses Enter and
// waits until done holds; then the page must not have been loaded again,
// the comparison must not have run (the permalink is unchanged), and the
// focus must still be in field.
func expectEnterStartsPanelWork(t *testing.T, typing chromedp.Action[chromedp.Void], field, what, done string) {
	t.Helper()
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		chromedp.Evaluate[chromedp.Void](`window.enterMark = true`))
	before := value(t, ctx, chromedp.Value("#permalink"))
	run(t, ctx, typing, chromedp.KeyEvent(kb.Enter),
		waitFor(done+` && document.querySelector("#run").ariaDisabled == "false"`, time.Minute))
	after := value(t, ctx, chromedp.Evaluate[struct {
		Mark      bool
		Permalink string
		Focus     string
	}](`({Mark: window.enterMark === true, Permalink: document.querySelector("#permalink").value, Focus: document.activeElement.id})`))
	if !after.Mark {
		t.Fatalf("Enter in %s loaded the page again", what)
	}
	if after.Permalink != before {
		t.Errorf("Enter in %s ran the comparison", what)
	}
	if after.Focus != field {
		t.Errorf("after Enter in %s, the focus is on %q; want %q", what, after.Focus, field)
	}
}

// TestPageEnterInAFieldRuns: Enter in a field of the comparison's form
// runs the comparison with what was typed, as Run does, and leaves the
// focus in the field; Enter during a run starts no other run and keeps
// what was typed; Enter in a field whose value is refused shows the
// refusal and the button to the field that a press on Run shows. Before,
// Enter in a field did nothing.
func TestPageEnterInAFieldRuns(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		// A reload of the page would lose the mark.
		chromedp.Evaluate[chromedp.Void](`window.enterMark = true`))
	before := value(t, ctx, chromedp.Value("#permalink"))
	run(t, ctx, typeInto("#gen-pages", "3000"), chromedp.KeyEvent(kb.Enter),
		waitFor(idle+` && document.querySelector("#permalink").value != `+strconv.Quote(before), time.Minute))
	s, err := scenario.Parse(bytes.NewReader(decodePermalink(t, value(t, ctx, chromedp.Value("#permalink")))), "the permalink")
	if err != nil {
		t.Fatal(err)
	}
	if s.Graph.Generate == nil || s.Graph.Generate.Pages != 3000 {
		t.Errorf("Enter in the pages box after typing 3000 ran the graph %+v", s.Graph)
	}
	if got := focused(t, ctx); got != "gen-pages" {
		t.Errorf("after the run Enter started, the focus is on %q; want the pages box", got)
	}
	if !value(t, ctx, chromedp.Evaluate[bool](`window.enterMark === true`)) {
		t.Fatal("Enter in the pages box loaded the page again")
	}

	// During a run.
	const going = `document.querySelector("#run").ariaDisabled == "true"`
	run(t, ctx, typeInto("#gen-pages", "300000"), chromedp.KeyEvent(kb.Enter), waitFor(going, 10*time.Second),
		typeInto("#budget", "500"), chromedp.KeyEvent(kb.Enter), chromedp.Sleep(500*time.Millisecond))
	during := value(t, ctx, chromedp.Evaluate[struct {
		Budget, Pages string
		Running, Mark bool
	}](`({Budget: document.querySelector("#budget").value, Pages: document.querySelector("#gen-pages").value,
		Running: `+going+`, Mark: window.enterMark === true})`))
	if !during.Running {
		t.Fatal("the run ended before Enter was pressed during it; give it a larger graph")
	}
	if !during.Mark || during.Budget != "500" || during.Pages != "300000" {
		t.Errorf("Enter during a run: page kept %v, budget box %q, pages box %q; want the page and the values typed kept", during.Mark, during.Budget, during.Pages)
	}
	run(t, ctx, chromedp.Click("#cancel"), waitFor(`document.querySelector("#run").ariaDisabled == "false"`, 20*time.Second),
		chromedp.Sleep(time.Second))
	if value(t, ctx, chromedp.Evaluate[bool](going)) {
		t.Error("Enter during a run started another run once it was cancelled")
	}

	// A refused value: the refusal of a press on Run.
	run(t, ctx, typeInto("#budget", ""), chromedp.KeyEvent("\b"), typeInto("#gen-pages", "1e99"), chromedp.KeyEvent(kb.Enter),
		waitFor(`document.querySelector("#form-error") != null && document.querySelector("#to-invalid") != null`, 10*time.Second))
	type refusal struct{ Error, Button, Focus string }
	const read = `({Error: document.querySelector("#form-error").textContent, Button: document.querySelector("#to-invalid").textContent, Focus: document.activeElement.id})`
	byEnter := value(t, ctx, chromedp.Evaluate[refusal](read))
	if !strings.Contains(byEnter.Error, "pages: 1e99 is too large") || byEnter.Button != "Go to pages" || byEnter.Focus != "gen-pages" {
		t.Errorf("Enter in the pages box holding 1e99: refusal %q, button %q, focus on %q", byEnter.Error, byEnter.Button, byEnter.Focus)
	}
	run(t, ctx, chromedp.Click("#run"), chromedp.Sleep(500*time.Millisecond))
	if byRun := value(t, ctx, chromedp.Evaluate[refusal](read)); byRun.Error != byEnter.Error || byRun.Button != byEnter.Button {
		t.Errorf("Enter shows the refusal %q and the button %q; Run shows %q and %q", byEnter.Error, byEnter.Button, byRun.Error, byRun.Button)
	}
	if !value(t, ctx, chromedp.Evaluate[bool](`window.enterMark === true`)) {
		t.Error("Enter in a refused field loaded the page again")
	}
}

// TestPageRunDropDownHidesNoFocus: while a run goes, the drop-down of
// its progress hangs over the top of the chart panel; the keyboard's
// focus in that panel (the x-axis choice, logarithmic, the chart) is
// not hidden under it, at desktop and at phone width, and the drop-down
// comes back when the focus returns to the run bar. Before, Tab from
// Cancel went to three controls the drop-down covered.
func TestPageRunDropDownHidesNoFocus(t *testing.T) {
	ctx, url := browser(t, nil)
	const going = `document.querySelector("#run").ariaDisabled == "true"`
	run(t, ctx, focusEmulation, viewport(1400, 1000), navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "400000"), chromedp.Click("#run"),
		waitFor(`document.querySelector("#progress .bar") != null`, 30*time.Second))
	type focus struct {
		ID       string
		Covered  bool
		DropDown bool
	}
	const read = `(() => {
		const e = document.activeElement, p = document.querySelector("#progress");
		const shown = p != null && p.getClientRects().length > 0;
		let covered = false;
		if (shown) {
			const r = e.getBoundingClientRect(), q = p.getBoundingClientRect();
			covered = r.bottom > q.top && r.top < q.bottom && r.right > q.left && r.left < q.right;
		}
		return {ID: e.id, Covered: covered, DropDown: shown};
	})()`
	for _, w := range []struct{ w, h int64 }{{1400, 1000}, {390, 844}} {
		run(t, ctx, viewport(w.w, w.h), chromedp.Focus("#cancel"))
		for _, want := range []string{"x-fraction", "log-x", "chart"} {
			run(t, ctx, chromedp.KeyEvent(kb.Tab))
			got := value(t, ctx, chromedp.Evaluate[focus](read))
			if got.ID != want {
				t.Fatalf("%d px: Tab went to %q; want %q", w.w, got.ID, want)
			}
			if got.Covered {
				t.Errorf("%d px: the run's drop-down covers %q, which has the focus", w.w, got.ID)
			}
		}
		run(t, ctx, chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)),
			chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)),
			chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
		if got := value(t, ctx, chromedp.Evaluate[focus](read)); got.ID != "cancel" || !got.DropDown {
			t.Errorf("%d px: back on %q with Shift+Tab, the drop-down shown %v; want Cancel and the drop-down", w.w, got.ID, got.DropDown)
		}
	}
	if !value(t, ctx, chromedp.Evaluate[bool](going)) {
		t.Fatal("the run ended before the focus was followed; give it a larger graph")
	}
	run(t, ctx, chromedp.Click("#cancel"), waitFor(`document.querySelector("#run").ariaDisabled == "false"`, 20*time.Second))
}

//go:build browser

package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPageTypingDuringARun: a field typed into, key by key, while a
// comparison runs keeps what was typed. The page renders its progress
// twice a second, and each render set the fields' values to what their
// last change event had left: "50000" typed into the page budget over
// two seconds left the box empty.
func TestPageTypingDuringARun(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, focusEmulation, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "300000"), chromedp.Click("#run"),
		waitFor(`document.querySelector("#progress .bar") != null`, 30*time.Second),
		chromedp.Focus("#budget"))
	for _, k := range []string{"5", "0", "0", "0", "0"} {
		run(t, ctx, chromedp.KeyEvent(k), chromedp.Sleep(400*time.Millisecond))
	}
	run(t, ctx, chromedp.Sleep(time.Second))
	got := value(t, ctx, chromedp.Evaluate[struct {
		Box     string
		Running bool
	}](`({Box: document.querySelector("#budget").value, Running: document.querySelector("#run").ariaDisabled == "true"})`))
	if !got.Running {
		t.Fatal("the run ended before the typing did; give it a larger graph")
	}
	if got.Box != "50000" {
		t.Errorf("typed 50000 into the page budget during a run; the box holds %q", got.Box)
	}
	run(t, ctx, chromedp.Click("#cancel"), waitFor(`document.querySelector("#run").ariaDisabled == "false"`, 20*time.Second))
}

// TestPageTypesDecimals: a decimal number typed key by key stays in its
// box. After "0." the browser gives the box's value as "0" (the "." alone
// makes no number yet), and each keystroke renders the page: a render
// that set the box's value to that string wiped the point and put the
// caret first, so that "0.95" became "950" and "1.5" became "51".
func TestPageTypesDecimals(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	for _, c := range []struct{ box, typed string }{
		{"#gen-intra", "0.95"},
		{"#gen-degree", "1.5"},
		{"#gen-intra", "0.0001"},
		// a strategy's parameter, in a loop of boxes (vg-key)
		{"#param-windowed-rankmass-window", "0.25"},
	} {
		run(t, ctx, setField(c.box, ""), chromedp.Focus(c.box))
		for _, k := range c.typed {
			run(t, ctx, chromedp.KeyEvent(string(k)), chromedp.Sleep(50*time.Millisecond))
		}
		// leaving the box commits it (a change event) and renders again
		run(t, ctx, chromedp.KeyEvent("\t"), chromedp.Sleep(200*time.Millisecond))
		if got := value(t, ctx, chromedp.Evaluate[string](`document.querySelector("`+c.box+`").value`)); got != c.typed {
			t.Errorf("typed %s into %s key by key; the box holds %q", c.typed, c.box, got)
		}
	}
}

// TestPageRefusalShownByTheField: at phone width, a value refused by Enter
// in its box is said under the box, on the screen where the box is (the
// run bar that shows the whole refusal is screens above), and is read as
// the box's description; once the reader changes the box, the line under
// it, the run bar's refusal and its "Go to" button go. Before, only the
// box's border turned red, and the refusal stayed after it was mended.
func TestPageRefusalShownByTheField(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, viewport(400, 800), navigate(url+"/"), waitFor(idle, 2*time.Minute),
		typeInto("#gen-pages", "-5"), chromedp.KeyEvent(kb.Enter),
		waitFor(`document.querySelector("#gen-pages + .field-refusal") != null`, 10*time.Second))
	type shown struct {
		Line, Described, RunBar string
		OnScreen, Hidden        bool
	}
	got := value(t, ctx, chromedp.Evaluate[shown](`(() => {
		const box = document.querySelector("#gen-pages"), line = box.nextElementSibling, b = line.getBoundingClientRect();
		const err = document.querySelector("#form-error");
		return {Line: line.textContent, OnScreen: b.height > 0 && b.top >= 0 && b.bottom <= innerHeight,
			Hidden: line.getAttribute("aria-hidden") === "true",
			Described: (box.getAttribute("aria-describedby") || "").split(/\s+/).map((id) => (document.getElementById(id) || {}).textContent || "").join(" "),
			RunBar: err ? err.textContent : ""};
	})()`))
	if !strings.HasPrefix(got.Line, "pages: -5 ") || !got.OnScreen || !got.Hidden {
		t.Errorf("under the refused box: %q, on the screen %v, hidden from screen readers %v", got.Line, got.OnScreen, got.Hidden)
	}
	if !strings.Contains(got.Described, got.Line) || !strings.Contains(got.RunBar, got.Line) {
		t.Errorf("the box is described by %q and the run bar says %q; want both to hold %q", got.Described, got.RunBar, got.Line)
	}
	run(t, ctx, typeInto("#gen-pages", "3000"), chromedp.Sleep(500*time.Millisecond))
	left := value(t, ctx, chromedp.Evaluate[[]string](`["#gen-pages + .field-refusal", "#form-error", "#to-invalid"].filter((s) => document.querySelector(s) != null)`))
	if len(left) != 0 {
		t.Errorf("after the box was changed the page still shows %v", left)
	}
}

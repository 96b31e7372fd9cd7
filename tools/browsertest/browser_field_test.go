//go:build browser

package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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

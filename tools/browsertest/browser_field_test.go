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

//go:build browser

package browsertest

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// linkFragment is the permalink fragment of the scenario JSON, as the
// page writes it (ui.EncodePermalink): deflated, URL-safe base64 after
// "s=".
func linkFragment(t *testing.T, json string) string {
	t.Helper()
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(json))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return "s=" + base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// TestPageRepeatedStrategyLink opens a link that lists bfs twice and
// fpr-m with m=50 and m=2 and a log-scale chart against pages
// downloaded. Before, the worker refused the second bfs on every run, the
// copy m=2 ran unseen, and the chart's view was lost. Now the notice says
// bfs is compared once, the comparison runs, the copy is listed under
// fpr-m with a Remove button that the keyboard presses, the chart shows
// the link's view, and a refused field is marked on its input.
func TestPageRepeatedStrategyLink(t *testing.T) {
	ctx, url := browser(t, nil)
	frag := linkFragment(t, `{"version":1,"graph":{"generate":{"pages":2000}},"strategies":[{"id":"bfs"},{"id":"bfs"},{"id":"fpr-m","params":{"m":50}},{"id":"fpr-m","params":{"m":2}}]}`)
	run(t, ctx, navigate(url+"/#"+frag+"&x=count&log=1"), waitFor(rowsAre(3), 2*time.Minute))
	notice := value(t, ctx, chromedp.Text("#notice"))
	if !strings.Contains(notice, "bfs twice") {
		t.Errorf("the notice %q does not say the link lists bfs twice", notice)
	}
	copyText := value(t, ctx, chromedp.Text("#strategies-panel .copies li"))
	if !strings.Contains(copyText, "fpr-m with m = 2") {
		t.Errorf("the copy is listed as %q", copyText)
	}
	if x, log := value(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#x-count").checked`)),
		value(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#log-x").checked`)); !x || !log {
		t.Errorf("the chart against pages downloaded %v, logarithmic %v; want the link's view", x, log)
	}
	if link := value(t, ctx, chromedp.Value("#permalink")); !strings.HasSuffix(link, "&x=count&log=1") {
		t.Errorf("the permalink %q does not keep the chart's view", link)
	}
	run(t, ctx, chromedp.Focus("#remove-fpr-m-1"), chromedp.KeyEvent("\r"),
		waitFor(`document.querySelector("#strategies-panel .copies") == null && document.activeElement.id == "strategy-fpr-m"`, 10*time.Second),
		chromedp.Click("#run"), waitFor(rowsAre(2), 2*time.Minute))

	// A refused field is marked on its input, until it changes.
	run(t, ctx, setField("#gen-pages", "1e99"), chromedp.Click("#run"), waitFor(`document.querySelector("#form-error") != null`, 10*time.Second))
	marks := value(t, ctx, chromedp.Evaluate[[]string](`(() => { const e = document.querySelector("#gen-pages"); return [e.getAttribute("aria-invalid"), e.getAttribute("aria-describedby"), e.className, getComputedStyle(e).borderTopWidth]; })()`))
	if marks[0] != "true" || !strings.HasPrefix(marks[1], "form-error") || marks[2] != "invalid" || marks[3] != "2px" {
		t.Errorf("the refused pages input has aria-invalid, aria-describedby, class, border %q", marks)
	}
	if msg := value(t, ctx, chromedp.Text("#form-error")); !strings.Contains(msg, "pages: 1e99 is too large: at most 4,294,967,295") {
		t.Errorf("the refusal says %q", msg)
	}
	// in the page's text font, as the Graph panel's refusals are
	// (TestPageUploadRefusedInView), not a pre's monospace
	if fonts := value(t, ctx, chromedp.Evaluate[[]string](textFonts("#form-error"))); fonts[0] != fonts[1] {
		t.Errorf("the refusal's font is %q, the page's %q", fonts[0], fonts[1])
	}
	if dir := os.Getenv("CRAWLSIM_SCREENSHOTS"); dir != "" {
		run(t, ctx, chromedp.ScrollIntoView("#form-error"))
		os.WriteFile(filepath.Join(dir, "form-error.png"), value(t, ctx, chromedp.CaptureScreenshot()), 0o644)
	}
	// Chromium's number box takes "1e" (1e99 less two digits) but gives it
	// as empty (badInput): it said "empty: give the number of pages".
	run(t, ctx, chromedp.Focus("#gen-pages"), chromedp.KeyEvent("\b"), chromedp.KeyEvent("\b"), chromedp.Click("#run"),
		waitFor(`(document.querySelector("#form-error") || {}).textContent.includes("not a number")`, 10*time.Second))
	if msg := value(t, ctx, chromedp.Text("#form-error")); !strings.Contains(msg, "pages: what is typed is not a number") {
		t.Errorf("letters in the pages box are refused as %q", msg)
	}
	if typed := value(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#gen-pages").validity.badInput`)); !typed {
		t.Error("the page cleared what was typed into the pages box")
	}
}

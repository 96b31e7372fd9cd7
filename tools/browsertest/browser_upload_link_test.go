//go:build browser

package browsertest

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestPageEmbeddedUploadLink opens a link to an uploaded file in embed
// mode, at the snippet's 900×620 and at 600×400, and presses Run: the
// notice says the scenario needs the file and links to the full page with
// the link's scenario; neither it nor Run's error names the Graph panel,
// which embed mode does not show (they said to choose the file there and
// press Run); everything fits the frame.
func TestPageEmbeddedUploadLink(t *testing.T) {
	s := DefaultPageScenario()
	s.Graph = scenario.Source{File: "hollins.edges"}
	upload := permalinkOf(t, s)
	ctx, url := browser(t, nil)
	for _, size := range [][2]int64{{900, 620}, {600, 400}} {
		w, h := size[0], size[1]
		run(t, ctx, viewport(w, h), navigate(fmt.Sprintf("%s/?embed=1&frame=%dx%d#%s", url, w, h, upload)),
			waitFor(`document.querySelector("#notice-full-page") != null && document.querySelector("#run").ariaDisabled == "false"`, time.Minute),
			chromedp.Click("#run"), waitFor(`document.querySelector("#form-error") != null`, 10*time.Second))
		if m := measure(t, ctx); m.ScrollWidth > m.InnerWidth || m.ScrollHeight > m.InnerHeight {
			t.Errorf("embed at %d×%d, Run pressed: the document is %d×%d; widest: %s", w, h, m.ScrollWidth, m.ScrollHeight, m.Widest)
		}
		notice := value(t, ctx, chromedp.Text("#notice"))
		formError := value(t, ctx, chromedp.Text("#form-error"))
		link := value(t, ctx, chromedp.Evaluate[string](`document.querySelector("#notice-full-page").href`))
		for _, said := range []string{notice, formError} {
			if strings.Contains(said, "Graph panel") || strings.Contains(said, "press Run") {
				t.Errorf("embed at %d×%d: %q names controls embed mode does not show", w, h, said)
			}
		}
		if !strings.Contains(notice, "hollins.edges") || !strings.Contains(notice, "full page") {
			t.Errorf("embed at %d×%d: the notice says %q", w, h, notice)
		}
		if !strings.HasPrefix(link, url+"/#s=") || !bytes.Contains(decodePermalink(t, link), []byte(`"hollins.edges"`)) {
			t.Errorf("embed at %d×%d: the notice links to %q, want the full page with the link's scenario", w, h, link)
		}
	}
}

// TestPagePastedUploadLinkMarksTheResult puts a link to an uploaded file
// in the address of the open page after a run: the form takes the link's
// scenario and the previous comparison stays on screen, dimmed and marked
// as the previous scenario's (it stayed unmarked, as if it were the
// link's).
func TestPagePastedUploadLinkMarksTheResult(t *testing.T) {
	s := DefaultPageScenario()
	s.Graph = scenario.Source{File: "hollins.edges"}
	upload := permalinkOf(t, s)
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	if value(t, ctx, chromedp.Evaluate[bool](`document.querySelector(".crawlsim").classList.contains("stale")`)) {
		t.Fatal("the first result is marked stale")
	}
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "`+upload+`"`),
		waitFor(`document.querySelector("#notice") != null`, 10*time.Second))
	stale := value(t, ctx, chromedp.Evaluate[bool](`document.querySelector(".crawlsim").classList.contains("stale")`))
	note := value(t, ctx, chromedp.Evaluate[string](`(() => { const n = document.querySelector("#stale-note"); return n ? n.textContent : ""; })()`))
	if !stale || !strings.Contains(note, "previous scenario") {
		t.Errorf("after the upload's link: page marked stale %v, note %q", stale, note)
	}
}

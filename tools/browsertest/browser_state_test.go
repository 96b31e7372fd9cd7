//go:build browser

package browsertest

// Browser tests of the page's honest state: the simulated-time table of a
// politeness run, the previous result marked while a run goes, the page
// count validated, and buttons disabled with a reason where the graph lacks
// what they need.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crawlsim/crawlsim/engine/report"
)

// squeeze joins the fields of a line by single spaces.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestPageTimeTableMatchesCommandLine runs a politeness comparison in the
// page, on a link shared by the connections (crawlsim run
// -bandwidth-model shared), and compares its simulated-time table with
// the second table that `crawlsim run` prints for the page's scenario
// (its permalink): the same rows, cell by cell, but the strategies'
// column's heading, and each row of strategy a line of the command
// line's output, which names the shared link.
func TestPageTimeTableMatchesCommandLine(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "3000"), chooseStrategies("optimal", "bfs", "opic", "larger-sites-first"),
		chromedp.Click("#timed"), waitFor(`document.querySelector("#connections") != null`, 10*time.Second),
		setField("#connections", "4"), setField("#wait", "2"), chromedp.Click("#shared-link"),
		chromedp.Click("#run"),
		waitFor(idle+` && document.querySelectorAll("#metrics tbody tr").length == 4`, 2*time.Minute))
	got := value(t, ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll("#time-table tr")).map(r => Array.from(r.cells).map(c => c.textContent.replace(/(\d),(?=\d{3})/g, "$1")))`))
	res, text := crawlsimRun(t, value(t, ctx, chromedp.Value("#permalink")))
	head, rows, _, _ := report.TimeRows(res)
	// The page heads the strategies' column as its metrics table does;
	// the command line's "simulated time" there titles its table.
	want := append([][]string{append([]string{report.ColStrategy}, head[1:]...)}, rows...)
	if len(rows) != 3 || !sameCells(got, want) {
		t.Errorf("the page's time table\n%v\ncrawlsim run's\n%v", got, want)
	}
	if res.Scenario.Politeness == nil || res.Scenario.Politeness.BandwidthModel != "shared" {
		t.Errorf("crawlsim run ran the page's link with politeness %+v; want the shared link", res.Scenario.Politeness)
	}
	lines := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		lines[squeeze(line)] = true
	}
	for _, row := range got[min(1, len(got)):] {
		if !lines[squeeze(strings.Join(row, " "))] {
			t.Errorf("the page's row %q is not a line of crawlsim run's output:\n%s", row, text)
		}
	}
}

// TestPageStaleResults starts a long run over a shown result: meanwhile
// the result is dimmed and labelled as the previous run's; after a cancel
// it stays labelled; the next finished run clears the label.
func TestPageStaleResults(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	if note := value(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#stale-note") != null`)); note {
		t.Fatal("a fresh result is labelled stale")
	}
	run(t, ctx, setField("#gen-pages", "300000"), chooseStrategies("optimal", "bfs", "batch-pagerank"),
		chromedp.Click("#run"),
		waitFor(`document.querySelector("#run").ariaDisabled == "true" && document.querySelector("#stale-note") != null`, 20*time.Second))
	note := value(t, ctx, chromedp.Text("#stale-note"))
	// The old table's text takes the muted ink (dimmed, yet still readable:
	// the audit checks its contrast), the chart's drawing fades.
	dimmed := value(t, ctx, chromedp.Evaluate[bool](`(() => {
		const muted = getComputedStyle(document.querySelector(".crawlsim")).getPropertyValue("--muted").trim();
		const probe = document.createElement("span");
		probe.style.color = muted;
		document.body.appendChild(probe);
		const want = getComputedStyle(probe).color;
		probe.remove();
		const cell = document.querySelector("#metrics tbody td");
		const svg = document.querySelector("#chart .svg");
		return cell != null && getComputedStyle(cell).color == want && svg != null && getComputedStyle(svg).opacity != "1";
	})()`))
	rows := len(tableCells(t, ctx))
	if !strings.Contains(note, "previous run") || !dimmed || rows != len(DefaultPageScenario().Strategies) {
		t.Errorf("during the run: note %q, the old table in the muted ink and the chart faded: %v, %d rows (the previous result's)", note, dimmed, rows)
	}
	run(t, ctx, chromedp.Click("#cancel"), waitFor(`document.querySelector("#run").ariaDisabled == "false"`, 20*time.Second))
	if note := value(t, ctx, chromedp.Text("#stale-note")); !strings.Contains(note, "previous run") {
		t.Errorf("after the cancel the note says %q", note)
	}
	run(t, ctx, setField("#gen-pages", "2000"), chromedp.Click("#run"),
		waitFor(idle+` && document.querySelectorAll("#metrics tbody tr").length == 3`, time.Minute))
	if stale := value(t, ctx, chromedp.Evaluate[string](`document.querySelector(".crawlsim").className + (document.querySelector("#stale-note") ? " note" : "")`)); strings.Contains(stale, "stale") || strings.Contains(stale, "note") {
		t.Errorf("after the new result: %q", stale)
	}
}

// TestPagePagesValidated: the page count follows the command line's rule
// for -n, which its hint states: 1 page runs (crawlsim run -n 1 does),
// while 0 and a blank field are refused, naming the field, and nothing
// runs.
func TestPagePagesValidated(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	for _, c := range []struct{ pages, want string }{{"0", "1 or more"}, {"", "empty"}} {
		run(t, ctx, setField("#gen-pages", c.pages), chromedp.Click("#run"),
			waitFor(`document.querySelector("#form-error") != null`, 10*time.Second))
		msg := value(t, ctx, chromedp.Text("#form-error"))
		running := value(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#run").ariaDisabled == "true"`))
		if !strings.Contains(msg, "pages") || !strings.Contains(msg, c.want) || running {
			t.Errorf("pages %q: the page says %q, running %v", c.pages, msg, running)
		}
	}
	hint := value(t, ctx, chromedp.Text("#gen-pages-hint"))
	if !strings.Contains(strings.ReplaceAll(hint, ",", ""), "100000") || !strings.Contains(hint, "1 or more") {
		t.Errorf("the pages hint %q does not give the rule (1 or more) and the command line's default", hint)
	}
	run(t, ctx, setField("#gen-pages", "1"), chromedp.Click("#run"),
		waitFor(`document.querySelector("#form-error") != null || (document.querySelector("#run").ariaDisabled == "false" && (document.querySelector("#chart-compared") || {}).textContent.includes(" 1 page"))`, time.Minute))
	if msg := value(t, ctx, chromedp.Evaluate[string](`(document.querySelector("#form-error") || document.querySelector("#error") || {}).textContent || ""`)); msg != "" {
		t.Errorf("pages 1: the page says %q; crawlsim run -n 1 runs", msg)
	}
	if rows := len(tableCells(t, ctx)); rows != len(DefaultPageScenario().Strategies) {
		t.Errorf("pages 1: %d table rows, want one per strategy of the default comparison", rows)
	}
}

// TestPageCommunityNeedsHosts uploads an edge list without a URL list:
// the community seeds button is disabled, and the reason is shown beside
// it and describes it. So are the strategies that order by hosts: larger
// sites first, chosen by default, stays chosen (it runs, as breadth-first)
// with its reason shown; unchecked, it cannot be chosen again. The
// politeness clock says what it means without hosts.
func TestPageCommunityNeedsHosts(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&b, "%d %d\n%d %d\n", i, (i*7+1)%300, i, (i*13+5)%300)
	}
	edges := filepath.Join(t.TempDir(), "nohosts.edges")
	if err := os.WriteFile(edges, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	if value(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#extract-seeds").disabled || document.querySelector("#extract-seeds").ariaDisabled != "false"`)) {
		t.Fatal("extract disabled on the generated graph")
	}
	run(t, ctx, chromedp.Click("#source-upload"),
		chromedp.SetUploadFiles("#graph-file", []string{edges}),
		loadEnabled, chromedp.Click("#load"),
		waitFor(`(document.querySelector("#graph-facts") || {}).textContent.includes("nohosts.edges") && document.querySelector("#run").ariaDisabled == "false"`, time.Minute))
	state := value(t, ctx, chromedp.Evaluate[[]string](`(() => { const b = document.querySelector("#extract-seeds"), ids = (b.getAttribute("aria-describedby") || "").split(" "), r = ids.map((id) => document.getElementById(id)).find((e) => e && /reason/.test(e.id));
		return [String(b.disabled), r ? r.textContent : "", r ? String(r.offsetHeight > 0) : "false"]; })()`))
	if state[0] != "true" || !strings.Contains(state[1], "no hosts") || state[2] != "true" {
		t.Errorf("on a graph without hosts: disabled %s, reason %q, visible %s", state[0], state[1], state[2])
	}
	// describedReason returns a control's disabled and checked state and
	// the visible text of the reason among its aria-describedby ids.
	const describedReason = `((sel) => { const b = document.querySelector(sel), ids = (b.getAttribute("aria-describedby") || "").split(" ");
		const r = ids.map((id) => document.getElementById(id)).find((e) => e && /reason|note/.test(e.id));
		return [String(b.disabled), String(b.checked), r && r.offsetHeight > 0 ? r.textContent : ""]; })`
	lsf := value(t, ctx, chromedp.Evaluate[[]string](describedReason+`("#strategy-larger-sites-first")`))
	if lsf[0] != "false" || lsf[1] != "true" || !strings.Contains(lsf[2], "breadth-first") {
		t.Errorf("larger sites first on a graph without hosts, chosen by default: disabled %s, checked %s, visible reason %q; want still chosen, saying it is breadth-first", lsf[0], lsf[1], lsf[2])
	}
	run(t, ctx, chromedp.Click("#strategy-larger-sites-first"))
	lsf = value(t, ctx, chromedp.Evaluate[[]string](describedReason+`("#strategy-larger-sites-first")`))
	if lsf[0] != "true" || lsf[1] != "false" || lsf[2] == "" {
		t.Errorf("larger sites first unchecked: disabled %s, checked %s, visible reason %q; want disabled with its reason", lsf[0], lsf[1], lsf[2])
	}
	timed := value(t, ctx, chromedp.Evaluate[[]string](describedReason+`("#timed")`))
	if timed[0] != "false" || !strings.Contains(timed[2], "one site") {
		t.Errorf("politeness on a graph without hosts: disabled %s, note %q; want available, saying all pages count as one site", timed[0], timed[2])
	}
}

// TestPageGenerateRefusedInView presses Generate with 0 pages at phone
// width: the refusal is said in the Graph panel by the button, in view,
// not only in the run bar a screen or more above it.
func TestPageGenerateRefusedInView(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, viewport(390, 844), navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#gen-pages", "0"), chromedp.ScrollIntoView("#generate"), chromedp.Click("#generate"),
		waitFor(`((document.querySelector("#graph-error") || {}).textContent || "").includes("pages")`, 10*time.Second))
	inView := value(t, ctx, chromedp.Evaluate[bool](`(() => { const r = document.querySelector("#graph-error").getBoundingClientRect();
		return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; })()`))
	if !inView {
		t.Errorf("the refusal of Generate is not in view")
	}
}

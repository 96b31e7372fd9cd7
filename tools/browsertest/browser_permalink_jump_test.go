//go:build browser

package browsertest

// Browser tests of a permalink's start (so that nothing on the page jumps):
// the skeleton in index.html is the default scenario's chart panel, but a
// permalink's scenario may compare three strategies or all of them, and its
// graph may leave pages the seeds cannot reach (a warning under the metrics
// table): nothing on the page moves from the first paint to the drawn
// comparison.

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// withStrategies returns s comparing the strategies ids, each with its
// defaults.
func withStrategies(s model.Scenario, ids ...string) model.Scenario {
	s.Strategies = nil
	for _, id := range ids {
		s.Strategies = append(s.Strategies, model.Strategy{ID: id})
	}
	return s
}

// permalinkScenarios are scenarios of permalinks unlike the page's
// opening one: fewer strategies, all of them (on a smaller graph, so that
// the test is quick), seeds that leave pages unreachable, which the
// result warns of under the metrics table, and the politeness clock (a
// simulated-time axis and table), with such seeds and without.
func permalinkScenarios(t *testing.T) []struct {
	name string
	s    model.Scenario
} {
	three := withStrategies(DefaultPageScenario(), "optimal", "opic", "random")
	var all []string
	for _, info := range scenario.Catalogue().Strategies {
		all = append(all, info.ID)
	}
	every := withStrategies(DefaultPageScenario(), all...)
	every.Graph.Generate.Pages = 3000
	unreachable := withStrategies(DefaultPageScenario(), "optimal", "opic", "bfs")
	unreachable.Graph.Generate.Pages = 3000
	unreachable.Seeds = "random:1"
	timed := withStrategies(DefaultPageScenario(), "optimal", "bfs", "larger-sites-first")
	timed.Graph.Generate.Pages = 3000
	timed.Politeness = &model.Politeness{}
	// Both: the warnings are there before the time table's rows come,
	// and what is under them must not move then.
	timedUnreachable := timed
	timedUnreachable.Seeds = "random:1"
	return []struct {
		name string
		s    model.Scenario
	}{{"3 strategies", three}, {fmt.Sprintf("all %d strategies", len(all)), every}, {"3 strategies, unreachable pages", unreachable},
		{"3 strategies, politeness clock", timed}, {"3 strategies, politeness clock, unreachable pages", timedUnreachable}}
}

// TestPagePermalinkStartsWithoutJumps opens permalinks of scenarios
// unlike the opening one (permalinkScenarios) at a desktop's and a
// phone's width and embedded in the snippet's 900×620 frame: every
// panel, panel heading, the sections' menu and the chart box stay where
// they were at the first paint, within 2 px, when page.wasm renders, when
// the progress bars appear, when the comparison and its warnings are
// drawn, and once the page is idle.
func TestPagePermalinkStartsWithoutJumps(t *testing.T) {
	const maxJump = 2
	ctx, url := browser(t, nil)
	run(t, ctx, addProbe(), addWarningsProbe())
	load := 0
	for _, c := range permalinkScenarios(t) {
		frag := permalinkOf(t, c.s)
		for _, at := range []struct {
			w, h  int64
			embed bool
		}{{1400, 900, false}, {400, 900, false}, {900, 620, true}} {
			load++
			// A query of its own makes each address a new document.
			address, done, where := fmt.Sprintf("%s/?load=%d#%s", url, load, frag), idle, fmt.Sprintf("at %d px", at.w)
			if at.embed {
				address = fmt.Sprintf("%s/?embed=1&load=%d#%s", url, load, frag)
				done, where = embedIdle, fmt.Sprintf("embedded in %d×%d px", at.w, at.h)
			}
			run(t, ctx, viewport(at.w, at.h), navigate(address), waitFor(done, 2*time.Minute), chromedp.Sleep(time.Second))
			p := readProbe(t, ctx)
			snaps := append(p.Boxes, boxesNow(t, ctx, "once the page is idle"))
			if len(snaps) < 4 {
				t.Errorf("%s, %s: the probe saw %d moments, want the first paint, page.wasm's render, the progress bars and the first curve", c.name, where, len(snaps))
			}
			// The result's warnings that depend on the graph (pages the
			// seeds cannot reach) come at the end of the metrics panel and
			// take room when they arrive: what follows them moves down,
			// below the first screen; nothing before them moves. A
			// warning may also be there from the first paint (the
			// provisional one of guaranteed curves), so the boxes under
			// it are let move only between the moments when it appears or
			// grows, not in the others.
			kept, pushed, pusher := allowWarnings(snaps, maxJump)
			for _, m := range moves(kept, maxJump) {
				t.Errorf("%s, %s: %s", c.name, where, m)
			}
			if len(pushed) > 0 {
				t.Logf("%s, %s: under the warnings (top %d px), %d boxes move down as they arrive: %s", c.name, where, pusher, len(pushed), pushed[0])
				if pusher < int(at.h) {
					t.Errorf("%s, %s: the warnings (top %d px) push boxes on the first screen (%d px high) down: %q", c.name, where, pusher, at.h, pushed)
				}
			}
		}
	}
}

// warningsKey is the key under which warningsProbe records, in a
// snapshot where the result's warnings show, their top in the document
// and the room they take (their height and margins), in px; under
// warningsColumnKey, the left and right of the panel that holds them.
const (
	warningsKey       = "#warnings extent"
	warningsColumnKey = "#warnings column"
)

// warningsProbe, evaluated in the page after startProbe, adds the
// result's warnings (#warnings) to the boxes it measures, as warningsKey.
const warningsProbe = `(() => {
	const p = window.crawlsimProbe, boxesNow = p.boxesNow;
	p.boxesNow = () => {
		const out = boxesNow(), w = document.querySelector("#warnings");
		if (w) {
			const r = w.getBoundingClientRect(), s = getComputedStyle(w);
			if (r.width || r.height) {
				const c = (w.closest(".panel") || w).getBoundingClientRect();
				out[` + "`" + warningsKey + "`" + `] = [Math.round(r.top + scrollY), Math.round(r.height + parseFloat(s.marginTop) + parseFloat(s.marginBottom))];
				out[` + "`" + warningsColumnKey + "`" + `] = [Math.round(c.left + scrollX), Math.round(c.right + scrollX)];
			}
		}
		return out;
	};
})()`

// addWarningsProbe installs warningsProbe for the next navigation (after
// addProbe).
func addWarningsProbe() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: warningsProbe})
		return err
	})
}

// allowWarnings returns snaps without warningsKey and with the push of
// the warnings taken out: from a snapshot in which the warnings appear or
// grow by more than tolerance px on, each box under them (below their
// top, its left within their panel's width) is taken that
// much higher (moves then reports only what moved more, or elsewhere, or
// at another moment, as a time table filled late under a warning that was
// there from the first paint). pushed lists the boxes so pushed, and
// pusher is the top of the warnings that pushed the first of them (-1
// when none).
func allowWarnings(snaps []boxes, tolerance int) (kept []boxes, pushed []string, pusher int) {
	pusher = -1
	shift := map[string]int{} // the warnings' growth taken out so far, by box
	kept = make([]boxes, len(snaps))
	var last [2]int // the warnings' top and room in the snapshot before, room 0 when absent
	for i, s := range snaps {
		kept[i] = boxes{When: s.When, At: s.At, Places: map[string][2]int{}}
		w, column := s.Places[warningsKey], s.Places[warningsColumnKey]
		grew := 0
		if i > 0 && w[1]-last[1] > tolerance {
			grew = w[1] - last[1]
		}
		last = w
		keys := make([]string, 0, len(s.Places))
		for k := range s.Places {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if k == warningsKey || k == warningsColumnKey {
				continue
			}
			now := s.Places[k]
			if grew > 0 && !strings.HasSuffix(k, " size") && now[0] > w[0] && now[1] >= column[0]-tolerance && now[1] < column[1] {
				shift[k] += grew
				pushed = append(pushed, fmt.Sprintf("%s, pushed %d px down %s", k, grew, s.When))
				if pusher < 0 {
					pusher = w[0]
				}
			}
			kept[i].Places[k] = [2]int{now[0] - shift[k], now[1]}
		}
	}
	return kept, pushed, pusher
}

// TestPermalinkWarningsExcuseOnlyTheirPush: a box under warnings that
// were there from the first paint is caught when it moves later (a
// table filled late above it), and a box under warnings that appear is
// let move down by their room, not more.
func TestPermalinkWarningsExcuseOnlyTheirPush(t *testing.T) {
	snap := func(when string, places map[string][2]int) boxes { return boxes{When: when, Places: places} }
	column := [2]int{0, 400}
	from := []boxes{
		snap("first", map[string][2]int{"#metrics-panel": {100, 0}, warningsKey: {300, 40}, warningsColumnKey: column, "#about": {500, 0}}),
		snap("then", map[string][2]int{"#metrics-panel": {100, 0}, warningsKey: {300, 40}, warningsColumnKey: column, "#about": {680, 0}}),
	}
	kept, pushed, _ := allowWarnings(from, 2)
	if m := moves(kept, 2); len(m) != 1 || len(pushed) != 0 {
		t.Errorf("under warnings shown from the start, a box moved 180 px: moves %q, pushed %q; want it caught", m, pushed)
	}
	appear := []boxes{
		snap("first", map[string][2]int{"#metrics-panel": {100, 0}, "#about": {500, 0}, "#strategies-panel": {600, 500}}),
		snap("then", map[string][2]int{"#metrics-panel": {100, 0}, warningsKey: {300, 40}, warningsColumnKey: column, "#about": {540, 0}, "#strategies-panel": {600, 500}}),
		snap("last", map[string][2]int{"#metrics-panel": {100, 0}, warningsKey: {300, 40}, warningsColumnKey: column, "#about": {540, 0}, "#strategies-panel": {600, 500}}),
	}
	kept, pushed, pusher := allowWarnings(appear, 2)
	if m := moves(kept, 2); len(m) != 0 || len(pushed) != 1 || pusher != 300 {
		t.Errorf("warnings of 40 px that appear push the box under them 40 px: moves %q, pushed %q (by warnings at %d); want one push, no move", m, pushed, pusher)
	}
	appear[1].Places["#about"] = [2]int{720, 0}
	kept, _, _ = allowWarnings(appear, 2)
	if m := moves(kept, 2); len(m) != 1 {
		t.Errorf("warnings of 40 px that appear while the box under them moves 220 px: moves %q; want it caught", m)
	}
}

package site

// Browser tests of a permalink's start (issue 14, "Fast": "no layout
// jump"): the skeleton in index.html is the default scenario's chart
// panel, but a permalink's scenario may compare three strategies or all of
// them, and its graph may leave pages the seeds cannot reach (a warning
// under the metrics table): nothing on the page moves from the first
// paint to the drawn comparison.

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// permalinkFragment is the fragment of s's permalink, as
// ui.EncodePermalink writes it: "s=" and the deflated JSON in URL-safe
// base64 (decodePermalink reads it back).
func permalinkFragment(t *testing.T, s model.Scenario) string {
	t.Helper()
	data, err := model.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return "s=" + base64.RawURLEncoding.EncodeToString(b.Bytes())
}

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
// simulated-time axis and table).
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
	return []struct {
		name string
		s    model.Scenario
	}{{"3 strategies", three}, {"all 18 strategies", every}, {"3 strategies, unreachable pages", unreachable},
		{"3 strategies, politeness clock", timed}}
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
	run(t, ctx, addProbe())
	load := 0
	for _, c := range permalinkScenarios(t) {
		frag := permalinkFragment(t, c.s)
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
			run(t, ctx, viewport(at.w, at.h), chromedp.Navigate(address), waitFor(done, 2*time.Minute), chromedp.Sleep(time.Second))
			p := readProbe(t, ctx)
			snaps := append(p.Boxes, boxesNow(t, ctx, "once the page is idle"))
			if len(snaps) < 4 {
				t.Errorf("%s, %s: the probe saw %d moments, want the first paint, page.wasm's render, the progress bars and the first curve", c.name, where, len(snaps))
			}
			// The result's warnings that depend on the graph (pages the
			// seeds cannot reach) come at the end of the metrics panel and
			// take room when they arrive: what follows them moves down,
			// below the first screen; nothing before them moves.
			warnings := value(t, ctx, chromedp.Evaluate[int](`(() => { const w = document.querySelector("#warnings"); return w ? Math.round(w.getBoundingClientRect().top + scrollY) : -1; })()`))
			var below []string
			for k, at := range snaps[len(snaps)-1].Places {
				if warnings >= 0 && !strings.HasSuffix(k, " size") && at[0] > warnings {
					below = append(below, k)
				}
			}
			for _, m := range moves(without(snaps, below), maxJump) {
				t.Errorf("%s, %s: %s", c.name, where, m)
			}
			if moved := moves(snaps, maxJump); warnings >= 0 && len(moved) > 0 {
				t.Logf("%s, %s: under the warnings (top %d px), %d boxes move down as they arrive: %s", c.name, where, warnings, len(moved), moved[0])
				if warnings < int(at.h) {
					t.Errorf("%s, %s: the warnings (top %d px) push boxes on the first screen (%d px high) down: %q", c.name, where, warnings, at.h, moved)
				}
			}
		}
	}
}

// without returns the snapshots without the boxes keys.
func without(snaps []boxes, keys []string) []boxes {
	out := make([]boxes, len(snaps))
	for i, s := range snaps {
		out[i] = boxes{When: s.When, At: s.At, Places: map[string][2]int{}}
		for k, v := range s.Places {
			if !slices.Contains(keys, k) {
				out[i].Places[k] = v
			}
		}
	}
	return out
}

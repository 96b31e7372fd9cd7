package report

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestPolitenessFact: the politeness line of the table's header says
// what the clock ran with: a link shared by the transfers in progress
// with -bandwidth-model shared, and the page sizes' file or distribution
// with -page-sizes, not the one page size and per-connection rate the
// defaults give.
func TestPolitenessFact(t *testing.T) {
	sigma := 0.5
	for _, c := range []struct {
		what string
		set  func(p *scenario.Politeness)
		want string
	}{
		{"defaults", func(p *scenario.Politeness) {},
			"politeness  2 connections, wait 15 s, download 0.5 s + 15,000 B at 100,000 B/s\n"},
		{"shared link", func(p *scenario.Politeness) { p.BandwidthModel = model.BandwidthShared },
			"politeness  2 connections, wait 15 s, download 0.5 s + 15,000 B on a link of 100,000 B/s shared by the transfers in progress\n"},
		{"sizes from a file", func(p *scenario.Politeness) { p.PageSizes = &scenario.PageSizes{File: "sizes.txt"} },
			"politeness  2 connections, wait 15 s, download 0.5 s + the page's size read from sizes.txt at 100,000 B/s\n"},
		{"log-normal sizes", func(p *scenario.Politeness) {
			p.PageSizes = &scenario.PageSizes{Distribution: model.PageSizeLogNormal, Sigma: &sigma, Seed: 7}
		}, "politeness  2 connections, wait 15 s, download 0.5 s + a size of mean 15,000 B, log-normal (sigma 0.5, seed 7), at 100,000 B/s\n"},
	} {
		r := timedResult()
		c.set(r.Scenario.Politeness)
		var b strings.Builder
		if err := Table(&b, r); err != nil {
			t.Fatal(err)
		}
		var line string
		for _, l := range strings.SplitAfter(b.String(), "\n") {
			if strings.HasPrefix(l, "politeness ") {
				line = l
			}
		}
		if line != c.want {
			t.Errorf("%s: %q; want %q", c.what, line, c.want)
		}
	}
}

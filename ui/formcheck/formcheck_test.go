package formcheck

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestGenerator: the generator's pages, hosts, mean out-degree and
// intra-host share outside what the engine takes are refused in the
// engine's words (model.GeneratorProblems, which crawlsim gen and run
// say after the flag: "-hosts 20001 is more than ..."), under the form's
// labels; a graph of no pages is left to the pages field. The page said
// "hosts: 20001: want 1 to the number of pages (20,000); leave the field
// blank for the default" in its own words.
func TestGenerator(t *testing.T) {
	share := 1.5
	for _, c := range []struct {
		g    model.Generate
		want string
	}{
		{model.Generate{Pages: 20000, Hosts: 100, MeanOutDegree: 8}, ""},
		{model.Generate{Pages: 20000}, ""},
		{model.Generate{Pages: 20000, Hosts: 20001}, "hosts: 20,001 is more than the 20,000 pages: at most 20,000, since every host needs a page"},
		{model.Generate{Pages: 20000, Hosts: -1}, "hosts: -1 is out of range: want 1 to the number of pages"},
		{model.Generate{Pages: 20000, MeanOutDegree: 1e5}, "mean out-degree: 100,000 is too large for 20,000 pages: at most 9,999.5 (= (pages-1)/2)"},
		{model.Generate{Pages: 20000, MeanOutDegree: -1}, "mean out-degree: -1 is out of range: want a positive number, at most 9,999.5 (= (pages-1)/2)"},
		{model.Generate{Pages: 20000, IntraHostShare: &share}, "intra-host share: 1.5 is out of range: want a number from 0 to 1"},
		{model.Generate{Pages: 5e9}, "pages: 5,000,000,000 is too many: at most 4,294,967,295"},
		{model.Generate{Pages: 0, Hosts: -1}, ""},
	} {
		e := Errors{Zeros: zeros}
		e.Generator(&c.g)
		if err := e.Err(); (err == nil) != (c.want == "") || err != nil && err.Error() != c.want {
			t.Errorf("%+v: %v; want %q", c.g, err, c.want)
		}
	}
}

// TestPoliteness: waits and latencies outside 0 to a million seconds, and
// negative sizes, are refused in the engine's words
// (model.PolitenessProblem, which crawlsim run says after the flag:
// "-wait 2,000,000 is too large: ..."), under the form's labels. The
// page said "wait: 2e6: want a number of seconds from 0 to 1,000,000;
// leave the field blank for the default" in its own words.
func TestPoliteness(t *testing.T) {
	wait, latency, size := 2e6, -1.0, -1.0
	var e Errors
	e.Politeness(&model.Politeness{Wait: &wait, Latency: &latency, PageSize: &size})
	want := "wait: 2,000,000 is too large: at most 1,000,000 seconds, so that simulated times stay computable\n" +
		"latency: -1 is not a number of seconds from 0 to 1,000,000\n" +
		"page size: -1 is not a non-negative number of bytes"
	if err := e.Err(); err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	ok := 1e6
	e = Errors{}
	e.Politeness(&model.Politeness{Wait: &ok, PageSize: &ok})
	if err := e.Err(); err != nil {
		t.Errorf("a wait of 1,000,000 seconds: %v", err)
	}
}

// TestLimits: the most pages and hosts are the most a graph has pages;
// hosts are at most the pages of the graph when it has some.
func TestLimits(t *testing.T) {
	if CountLimit("graph.generate.pages") != model.MaxPages || CountLimit("politeness.connections") != model.MaxConnections {
		t.Error("CountLimit of pages or connections")
	}
	if HostsLimit(500) != 500 || HostsLimit(0) != model.MaxPages {
		t.Errorf("HostsLimit(500) = %d, HostsLimit(0) = %d", HostsLimit(500), HostsLimit(0))
	}
}

// TestCommunitySeeds: the community seeds box says blank is empty,
// letters are not a number, and a count too large is too large.
func TestCommunitySeeds(t *testing.T) {
	if k, err := CommunitySeeds(" 1e2"); k != 100 || err != nil {
		t.Errorf("CommunitySeeds(1e2) = %d, %v", k, err)
	}
	for _, c := range []struct{ k, want string }{
		{"", "seeds: empty: give the number of seeds, 1 or more"},
		{" ", "seeds: empty: give the number of seeds, 1 or more"},
		{"abc", `seeds: "abc" is not a number`},
		{"1e99", "seeds: 1e99 is too large: at most 4,294,967,295"},
		{"0", `seeds: "0" is not a number of seeds of at least 1`},
	} {
		if _, err := CommunitySeeds(c.k); err == nil || err.Error() != c.want {
			t.Errorf("seeds %q: %v; want %q", c.k, err, c.want)
		}
	}
}

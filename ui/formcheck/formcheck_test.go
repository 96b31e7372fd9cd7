package formcheck

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestGenerator: the generator's hosts, mean out-degree and intra-host
// share outside what the worker takes are refused with the text as typed
// and the range, the pages' count in it; a graph of no pages is left to
// the pages field.
func TestGenerator(t *testing.T) {
	share := 1.5
	for _, c := range []struct {
		g    model.Generate
		want string
	}{
		{model.Generate{Pages: 20000, Hosts: 100, MeanOutDegree: 8}, ""},
		{model.Generate{Pages: 20000, Hosts: 20001}, "hosts: 20001: want 1 to the number of pages (20,000); leave the field blank for the default"},
		{model.Generate{Pages: 20000, MeanOutDegree: 1e5}, "mean out-degree: 1e5: want a positive mean, at most (pages-1)/2 = 9,999.5; leave the field blank for the default"},
		{model.Generate{Pages: 20000, IntraHostShare: &share}, "intra-host share: 1.5: want a number from 0 to 1; leave the field blank for the default"},
		{model.Generate{Pages: 0, Hosts: -1}, ""},
	} {
		e := Errors{Zeros: zeros}
		e.Generator(&c.g, "20001 ", "1e5", "1.5")
		if err := e.Err(); (err == nil) != (c.want == "") || err != nil && err.Error() != c.want {
			t.Errorf("%+v: %v; want %q", c.g, err, c.want)
		}
	}
}

// TestPoliteness: waits and latencies above a million seconds, and
// negative sizes, are refused with limits written out.
func TestPoliteness(t *testing.T) {
	wait, latency, size := 2e6, 1.0, -1.0
	var e Errors
	e.Politeness(&model.Politeness{Wait: &wait, Latency: &latency, PageSize: &size}, "2e6", "1", "-1")
	want := "wait: 2e6: want a number of seconds from 0 to 1,000,000; leave the field blank for the default\n" +
		"page size: -1: want a number of bytes, 0 or more; leave the field blank for the default"
	if err := e.Err(); err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
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

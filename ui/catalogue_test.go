package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestCatalogueCurrent: the catalogue the page embeds is the engine's, as
// tools/catalogue writes it; after a change to a strategy's registration
// (or to the defaults) it fails until `go generate ./ui/...` runs.
func TestCatalogueCurrent(t *testing.T) {
	c := scenario.Catalogue()
	want, err := model.MarshalCatalogue(&c)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(catalogueJSON, want) {
		t.Fatalf("ui/catalogue.json is not the engine's catalogue (%d bytes, the engine's %d): run go generate ./ui/...", len(catalogueJSON), len(want))
	}
}

// TestCatalogueAsTheEngine: what the page reads from its catalogue is
// what the engine's registry and defaults say.
func TestCatalogueAsTheEngine(t *testing.T) {
	infos := crawl.Strategies()
	if len(catalogue.Strategies) != len(infos) {
		t.Fatalf("%d strategies; the registry has %d: run go generate ./ui/...", len(catalogue.Strategies), len(infos))
	}
	for i, info := range infos {
		got, ok := lookupStrategy(info.ID)
		if catalogue.Strategies[i].ID != info.ID || !ok || got.Name != info.Name || got.NoHostsWarning != info.NoHostsWarning {
			t.Errorf("strategy %d: %+v; the registry has %s", i, catalogue.Strategies[i], info.ID)
		}
	}
	for _, p := range []string{model.PresetDefault, model.PresetCountry, model.PresetRankMassCrawler, model.PresetFractionalPageRank} {
		if got, want := catalogue.Presets[p], crawl.Preset(p); len(got) == 0 || !slices.Equal(got, want) {
			t.Errorf("preset %s: %v; the registry says %v", p, got, want)
		}
	}
	d := defaultScenario()
	d.Graph.Generate.Pages = 3
	d.Strategies[0].ID = "changed"
	if catalogue.Default.Graph.Generate.Pages != scenario.DefaultPages || catalogue.Default.Strategies[0].ID == "changed" {
		t.Error("changing defaultScenario's copy changed the catalogue's default")
	}
	if want, ok := scenario.ZeroNotAllowed("graph.generate.pages"); !ok {
		t.Fatal("the engine allows a 0 page count")
	} else if got, ok := zeroNotAllowed("graph.generate.pages"); !ok || got != want {
		t.Errorf("zeroNotAllowed(pages) = %q, %v; the engine says %q", got, ok, want)
	}
	if _, ok := zeroNotAllowed("random_seed"); ok {
		t.Error("a 0 random seed is refused; it is a value")
	}
}

// TestReaderAsTheEngine: the page reads a scenario (a permalink's) with
// the engine's rules, so it refuses what the command line refuses, in the
// same words.
func TestReaderAsTheEngine(t *testing.T) {
	for _, in := range []string{
		`{"damping": 0}`,
		`{"graph": {"generate": {"pages": 0}}, "metrics": {"tau_sample": 0}}`,
		`{"strategies": [{"id": "bfs", "paramz": {}}]}`,
		`{"version": 2}`,
	} {
		_, got := reader.Parse(strings.NewReader(in), "link")
		_, want := scenario.Parse(strings.NewReader(in), "link")
		if got == nil || want == nil || got.Error() != want.Error() {
			t.Errorf("%s: the page says %v; the engine %v", in, got, want)
		}
	}
	for _, in := range []string{`{"simulation": {"sites": 0}}`, `{"simulation": {"regulation": {"window": 0}}}`} {
		_, got := reader.ParseRefresh(strings.NewReader(in), "r")
		_, want := scenario.ParseRefresh(strings.NewReader(in), "r")
		if got == nil || want == nil || got.Error() != want.Error() {
			t.Errorf("%s: the page says %v; the engine %v", in, got, want)
		}
	}
}

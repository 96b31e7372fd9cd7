package model

import (
	"bytes"
	"strings"
	"testing"
)

// TestPermalinkDataReadsTheFragment: the scenario a fragment holds is read
// back whatever parts surround it; a fragment without one holds none; one
// cut short, or inflating beyond MaxPermalinkScenario, is refused.
func TestPermalinkDataReadsTheFragment(t *testing.T) {
	data := []byte(`{"graph": {"generate": {"pages": 500}}}`)
	frag, err := PermalinkFragment(data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(frag, PermalinkKey) || strings.ContainsAny(frag[len(PermalinkKey):], "+/=#& ") {
		t.Errorf("fragment %q is not URL-safe", frag)
	}
	for _, f := range []string{frag, "embed&" + frag, frag + "&view=count"} {
		got, ok, err := PermalinkData(f)
		if !ok || err != nil || !bytes.Equal(got, data) {
			t.Errorf("%q: %q, %v, %v; want %q", f, got, ok, err, data)
		}
	}
	if _, ok, err := PermalinkData("embed"); ok || err != nil {
		t.Errorf("a fragment without a scenario: %v, %v", ok, err)
	}
	big, err := PermalinkFragment(bytes.Repeat([]byte(" "), MaxPermalinkScenario+1))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"s=!!!", frag[:len(frag)/2], big} {
		if _, ok, err := PermalinkData(bad); !ok || err == nil {
			t.Errorf("%.40q: ok %v, error %v; want it refused", bad, ok, err)
		}
	}
}

// FuzzPermalinkData: any fragment, as typed or pasted after -scenario,
// is read or refused without a panic, never yields more than
// MaxPermalinkScenario bytes, and a fragment written by PermalinkFragment
// reads back the bytes it was written from.
func FuzzPermalinkData(f *testing.F) {
	for _, data := range []string{`{"version":1}`, "", "\x00\xff", strings.Repeat("ab", 1000)} {
		frag, err := PermalinkFragment([]byte(data))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(frag)
		f.Add("embed&" + frag + "&x=count")
		f.Add(frag[:len(frag)/2])
	}
	f.Add("s=")
	f.Add("s=!!!")
	f.Add("s=AAAA&s=BBBB")
	f.Fuzz(func(t *testing.T, fragment string) {
		data, ok, err := PermalinkData(fragment)
		if len(data) > MaxPermalinkScenario {
			t.Fatalf("%d bytes read, more than %d", len(data), MaxPermalinkScenario)
		}
		if !ok && (err != nil || data != nil) {
			t.Fatalf("no scenario, yet %q, %v", data, err)
		}
		if err != nil || !ok {
			return
		}
		again, err := PermalinkFragment(data)
		if err != nil {
			t.Fatal(err)
		}
		back, ok, err := PermalinkData(again)
		if !ok || err != nil || !bytes.Equal(back, data) {
			t.Fatalf("%q written again read back as %q, %v, %v", data, back, ok, err)
		}
	})
}

// TestPermalinkScenarioNamesUploads: a link's graph file and URL list are
// named as the page names an upload, by their base names, unless the
// graph is one of the site's; the scenario given is not changed, nor are
// its other fields.
func TestPermalinkScenarioNamesUploads(t *testing.T) {
	for _, c := range []struct {
		file, urls         string
		wantFile, wantURLs string
	}{
		{"/data/cs-stanford.edges", "../data/cs-stanford.urls", "cs-stanford.edges", "cs-stanford.urls"},
		{"cnr-2000/cnr-2000.graph", "", "cnr-2000.graph", ""},
		{`C:\data\web.csr`, `C:\data\web.urls`, "web.csr", "web.urls"},
		{"web.edges.gz", "web.urls", "web.edges.gz", "web.urls"},
		{"./graphs/web.edges", "", "web.edges", ""},
		{"graphs/cs-stanford.edges", "graphs/cs-stanford.urls", "graphs/cs-stanford.edges", "graphs/cs-stanford.urls"},
	} {
		s := Scenario{Graph: Source{File: c.file, URLs: c.urls, Format: "edges"}, Seeds: "random:5",
			Previous: &PreviousSource{File: "/data/old.edges"}}
		got := PermalinkScenario(s)
		if got.Graph.File != c.wantFile || got.Graph.URLs != c.wantURLs {
			t.Errorf("%q, %q: the link names %q, %q; want %q, %q", c.file, c.urls, got.Graph.File, got.Graph.URLs, c.wantFile, c.wantURLs)
		}
		if s.Graph.File != c.file || got.Graph.Format != "edges" || got.Seeds != "random:5" || got.Previous.File != "/data/old.edges" {
			t.Errorf("%q: changed more than the upload's names: %+v from %+v", c.file, got, s)
		}
	}
	gen := Scenario{Graph: Source{Generate: &Generate{Pages: 500}}}
	if got := PermalinkScenario(gen); got.Graph.Generate != gen.Graph.Generate || got.Graph.File != "" {
		t.Errorf("a generated graph's link: %+v", got.Graph)
	}
}

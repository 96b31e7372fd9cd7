package main

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestSeedListCommaInURL: a line of a seed list file is one item for
// every command, a URL with a comma in it too. run, whose scenario holds
// the list as text, split "http://a.example/x?a=1,2" at its comma and
// said `no page has the URL "http://a.example/x?a=1"`, where rank took
// the page; an error about such a line names the whole URL and its line.
func TestSeedListCommaInURL(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n2 0\n")
	urls := writeFile(t, dir, "g.urls", "http://a.example/\nhttp://a.example/x?a=1,2\nhttp://b.example/\n")
	list := writeFile(t, dir, "seeds.txt", "# one URL with a comma\nhttp://a.example/x?a=1,2\n")
	out := mustRun(t, "run", "-seeds", "list:"+list, "-urls", urls, "-strategies", "bfs", "-json", edges)
	var res struct {
		Scenario struct {
			Seeds string `json:"seeds"`
		} `json:"scenario"`
		Seeds []uint32 `json:"seeds"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Seeds, []uint32{1}) {
		t.Errorf("run: the seeds are %v; want [1], the page of http://a.example/x?a=1,2", res.Seeds)
	}
	if want := `list:"http://a.example/x?a=1,2"`; res.Scenario.Seeds != want {
		t.Errorf("run: the scenario's seeds are %q; want %q", res.Scenario.Seeds, want)
	}
	mustRun(t, "rank", "-seeds", "list:"+list, "-urls", urls, edges)

	missing := writeFile(t, dir, "missing.txt", "0\nhttp://a.example/x?a=1,3\n")
	for _, cmd := range []string{"run", "rank"} {
		checkFails(t, 1, []string{cmd, "-seeds", "list:" + missing, "-urls", urls, edges},
			missing+`:2: no page has the URL "http://a.example/x?a=1,3"`)
	}
}

// TestScenarioSeedItemNamesPlace: a page of a seed list written in a
// -scenario FILE that the graph does not have is reported at the file's
// seeds field, as the file's other errors are (FILE:LINE:COLUMN: FIELD:
// ...); run said only `seeds: item 2: no page has the URL ...`. A -seeds
// flag that replaces the file's list is not placed in the file.
func TestScenarioSeedItemNamesPlace(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n2 0\n")
	urls := writeFile(t, dir, "g.urls", "http://a.example/\nhttp://a.example/x?a=1,2\nhttp://b.example/\n")
	text, err := json.Marshal(map[string]string{"file": edges, "urls": urls})
	if err != nil {
		t.Fatal(err)
	}
	run := writeFile(t, dir, "run.json", "{\"graph\": "+string(text)+",\n"+
		" \"strategies\": [{\"id\": \"bfs\"}],\n"+
		"  \"seeds\": \"list:\\\"http://a.example/x?a=1,2\\\",http://nope.example/\"}\n")
	checkFails(t, 1, []string{"run", "-scenario", run},
		run+`:3:12: seeds: item 2: no page has the URL "http://nope.example/"`)
	_, errOut, _ := crawlsim(t, "run", "-scenario", run, "-seeds", "list:0,http://none.example/")
	if want := "crawlsim run: seeds: item 2: no page has the URL \"http://none.example/\"\n"; errOut != want {
		t.Errorf("with -seeds: stderr %q; want %q", errOut, want)
	}
}

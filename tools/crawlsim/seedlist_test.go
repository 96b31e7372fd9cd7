package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
	res := runSeeds(t, "run", "-seeds", "list:"+list, "-urls", urls, "-strategies", "bfs", "-json", edges)
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

// TestSeedListOfOneLabel: list:b names a file of seeds, and a quoted
// item, list:"b", the page labelled b of an edge list, which no spelling
// could seed before; a missing file says how to quote. A saved scenario
// keeps the quotes, so that running it seeds the page again.
func TestSeedListOfOneLabel(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "a b\nb c\nc a\n")
	res := runSeeds(t, "run", "-renumber", "-seeds", `list:"b"`, "-strategies", "bfs", "-json", edges)
	if !slices.Equal(res.Seeds, []uint32{1}) || res.Scenario.Seeds != `list:"b"` {
		t.Errorf(`list:"b": seeds %v, scenario's seeds %q; want [1] (b, the second label) and list:"b"`, res.Seeds, res.Scenario.Seeds)
	}
	checkFails(t, 1, []string{"run", "-renumber", "-seeds", "list:b", edges},
		`-seeds list:b: cannot read it: no such file or directory; an item alone that is neither a page id (a number from 0) nor a URL names a file of seeds (to seed the page labelled b, quote it: -seeds 'list:"b"')`)

	labelled := writeFile(t, dir, "labelled.json", `{"graph": {"file": "`+edges+`", "renumber": true}, "seeds": "list:b"}`)
	checkFails(t, 1, []string{"run", "-scenario", labelled},
		`scenario `+labelled+`: seeds list:b: cannot read it: no such file or directory; an item alone that is neither a page id (a number from 0) nor a URL names a file of seeds (to seed the page labelled b, quote it: "seeds": "list:\"b\"")`)

	saved := filepath.Join(dir, "saved.json")
	mustRun(t, "run", "-renumber", "-seeds", `list:"b"`, "-strategies", "bfs", "-save-scenario", saved, edges)
	res = runSeeds(t, "run", "-scenario", saved, "-json")
	if !slices.Equal(res.Seeds, []uint32{1}) {
		t.Errorf("the saved scenario seeds %v; want [1]", res.Seeds)
	}
}

// TestScenarioSeedListFile: "seeds": "list:FILE" in a -scenario file reads
// the file, as -seeds list:FILE does (the file's name was taken as a page
// before); an unknown page is placed at the file's line, a missing file
// is named with the field, and no output may replace the list.
func TestScenarioSeedListFile(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n2 0\n2 3\n")
	list := writeFile(t, dir, "seeds.txt", "# two seeds\n2\n3\n")
	scenarioWith := func(name, seedsFile string) string {
		text, err := json.Marshal(map[string]any{"graph": map[string]string{"file": edges},
			"strategies": []map[string]string{{"id": "bfs"}}, "seeds": "list:" + seedsFile})
		if err != nil {
			t.Fatal(err)
		}
		return writeFile(t, dir, name, string(text))
	}
	res := runSeeds(t, "run", "-scenario", scenarioWith("run.json", list), "-json")
	if !slices.Equal(res.Seeds, []uint32{2, 3}) {
		t.Errorf("the scenario's list:%s seeds %v; want [2 3]", list, res.Seeds)
	}
	bad := writeFile(t, dir, "bad.txt", "2\n9\n")
	checkFails(t, 1, []string{"run", "-scenario", scenarioWith("bad.json", bad)}, bad+":2: page 9 is beyond the last page 3")
	missing := filepath.Join(dir, "missing.txt")
	checkFails(t, 1, []string{"run", "-scenario", scenarioWith("missing.json", missing)},
		"scenario "+filepath.Join(dir, "missing.json")+": seeds list:"+missing+": cannot read it: no such file or directory")
	checkFails(t, 2, []string{"run", "-scenario", scenarioWith("run2.json", list), "-o", list}, list)
	if b, err := os.ReadFile(list); err != nil || string(b) != "# two seeds\n2\n3\n" {
		t.Errorf("the seed list after -o: %q, %v; want it unchanged", b, err)
	}
}

// TestScenarioSeedListContentErrorPlace: an error in the text of a
// scenario's list:FILE adds where relative names are read from only when
// FILE is relative, as for the scenario's other files (the name read
// was once lost with the list, so an absolute one got the note too).
func TestScenarioSeedListContentErrorPlace(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n")
	empty := writeFile(t, dir, "empty.txt", "# no seeds\n")
	text, err := json.Marshal(map[string]any{"graph": map[string]string{"file": edges},
		"strategies": []map[string]string{{"id": "bfs"}}, "seeds": "list:" + empty})
	if err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, dir, "run.json", string(text))
	_, errOut, status := crawlsim(t, "run", "-scenario", file)
	if status != 1 || !strings.Contains(errOut, empty+": ") || strings.Contains(errOut, "relative to the current folder") {
		t.Errorf("list:%s (absolute, no seeds): status %d, stderr %q; want 1, the file named, and no note on relative names", empty, status, errOut)
	}
}

// seededRun is what a test reads of run -json: the scenario's seeds as
// text and the seeds chosen.
type seededRun struct {
	Scenario struct {
		Seeds string `json:"seeds"`
	} `json:"scenario"`
	Seeds []uint32 `json:"seeds"`
}

// runSeeds runs crawlsim with args, which end in -json, and reads the
// seeds of its result.
func runSeeds(t *testing.T, args ...string) seededRun {
	t.Helper()
	var res seededRun
	if err := json.Unmarshal([]byte(mustRun(t, args...)), &res); err != nil {
		t.Fatal(err)
	}
	return res
}

package main

import (
	"os"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestScenarioFileIsAFolder: -scenario naming a folder is refused as a
// folder, naming the flag, by run and refresh alike, not with the
// system's "read DIR: is a directory".
func TestScenarioFileIsAFolder(t *testing.T) {
	dir := t.TempDir()
	for _, command := range []string{"run", "refresh"} {
		checkFails(t, 1, []string{command, "-scenario", dir}, "crawlsim "+command+": -scenario "+dir+": that is a folder, not a scenario file")
	}
}

// TestRunScenarioOfAPageLink: run -scenario takes a link of the page in
// place of a file (the page writes its links with model.PermalinkFragment,
// ui.EncodePermalink), its fragment alone too, and runs it to the result
// of the same scenario in a file; a link cut short is refused as the page
// refuses it.
func TestRunScenarioOfAPageLink(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "gen", "-n", "600", "-hosts", "6", "-o", "web.csr")
	mustRun(t, "run", "-seeds", "random:5", "-strategies", "optimal,bfs,fpr-m:m=10", "-connections", "2",
		"-bandwidth-model", "shared", "-page-sizes", "lognormal:2:3", "-save-scenario", "s.json", "-o", "r1.json", "web.csr")
	data, err := os.ReadFile("s.json")
	if err != nil {
		t.Fatal(err)
	}
	fragment, err := model.PermalinkFragment(data)
	if err != nil {
		t.Fatal(err)
	}
	want := withoutTimes(t, readResult(t, "r1.json"))
	for _, link := range []string{"http://127.0.0.1:8080/#" + fragment, "https://example.org/crawlsim/?embed=1#" + fragment, fragment} {
		mustRun(t, "run", "-scenario", link, "-o", "r2.json")
		if got := withoutTimes(t, readResult(t, "r2.json")); got != want {
			t.Errorf("-scenario %.40s...: another result than the scenario's file:\n%s\nvs\n%s", link, got, want)
		}
	}
	checkFails(t, 1, []string{"run", "-scenario", "http://127.0.0.1:8080/#" + fragment[:len(fragment)/2]},
		"the link's scenario is damaged, perhaps cut short")
}

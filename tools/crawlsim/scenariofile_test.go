package main

import (
	"os"
	"strings"
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
	// A link retyped with "?" for "#", or with its fragment lost, is a
	// link without a scenario, not a file that is missing.
	checkFails(t, 1, []string{"run", "-scenario", "http://127.0.0.1:8080/?" + fragment},
		`crawlsim run: -scenario: http://127.0.0.1:8080/?`+fragment[:60-len("http://127.0.0.1:8080/?")]+`... is a link with no scenario in it: the page's links carry theirs after "#s="`)
	checkFails(t, 1, []string{"run", "-scenario", "https://example.org/crawlsim/"},
		`crawlsim run: -scenario: https://example.org/crawlsim/ is a link with no scenario in it`)
	// The errors of a link's scenario name it as such, not by the link,
	// hundreds of characters long, as if it were a file name.
	for _, c := range []struct{ json, want string }{
		{`{"version":1,"paramz":3}`, `crawlsim run: the link's scenario:1:14: unknown field "paramz" in the top level`},
		{`{"version":1,"damping":2}`, `crawlsim run: the link's scenario:1:24: damping: 2 is outside (0, 1]`},
		{`{"version":1,"seeds":"list:nosuch.txt"}`, `crawlsim run: the link's scenario: seeds list:nosuch.txt: cannot read it: no such file or directory`},
	} {
		frag, err := model.PermalinkFragment([]byte(c.json))
		if err != nil {
			t.Fatal(err)
		}
		_, errOut, status := crawlsim(t, "run", "-scenario", "http://127.0.0.1:8080/#"+frag, "web.csr")
		if status == 0 || !strings.HasPrefix(errOut, c.want) || strings.Contains(errOut, frag) || strings.Contains(errOut, "in the the") {
			t.Errorf("a link holding %s: status %d, stderr:\n%s\nwant it to start %q, without the link", c.json, status, errOut, c.want)
		}
	}
}

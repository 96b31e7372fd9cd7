package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkFails runs crawlsim and checks its exit status and that stderr
// holds every one of want.
func checkFails(t *testing.T, status int, args []string, want ...string) {
	t.Helper()
	_, errOut, got := crawlsim(t, args...)
	if got != status {
		t.Errorf("crawlsim %s: status %d, want %d; stderr %q", strings.Join(args, " "), got, status, errOut)
		return
	}
	for _, w := range want {
		if !strings.Contains(errOut, w) {
			t.Errorf("crawlsim %s: stderr %q does not say %q", strings.Join(args, " "), errOut, w)
		}
	}
}

// writeFile writes text to dir/name and returns the path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSeedsFlagsNotANumber: -density NaN or Inf, and -size 0, are refused
// naming the flag (a NaN once passed every range check, and -size 0 meant
// "fixed density").
func TestSeedsFlagsNotANumber(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n")
	urls := writeFile(t, dir, "g.urls", "http://a.org/\nhttp://b.org/\nhttp://c.org/\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-density", "NaN"}, "-density NaN"},
		{[]string{"-density", "Inf"}, "-density +Inf"},
		{[]string{"-density", "-Inf"}, "-density -Inf"},
		{[]string{"-density", "0"}, "-density 0"},
		{[]string{"-size", "0"}, "-size 0"},
	} {
		args := append(append([]string{"seeds", "-urls", urls}, c.args...), edges)
		checkFails(t, 2, args, c.want)
	}
}

// TestSeedListBounded: -seeds list:FILE reads at most a bounded list and
// says which limit was hit, or that the file is binary, naming the file
// and line (list:/dev/zero once said "bufio.Scanner: token too long").
func TestSeedListBounded(t *testing.T) {
	dir := t.TempDir()
	long := writeFile(t, dir, "long.txt", "1\n"+strings.Repeat("7", 100<<10)+"\n")
	binary := writeFile(t, dir, "binary.txt", "1\n2\x00\x01\x02\n")
	bom := writeFile(t, dir, "bom.txt", "\xef\xbb\xbf3\n")
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n")
	for _, c := range []struct{ path, want string }{
		{long, long + ":2: line longer than the 64 KiB limit for a seed list line"},
		{binary, binary + ":2:2: a NUL byte: this is binary data, not a seed list"},
	} {
		checkFails(t, 1, []string{"run", "-seeds", "list:" + c.path, "-n", "50"}, c.want)
		checkFails(t, 1, []string{"rank", "-seeds", "list:" + c.path, edges}, c.want)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		checkFails(t, 1, []string{"run", "-seeds", "list:/dev/zero", "-n", "50"}, "/dev/zero:1:1: a NUL byte")
	}
	// A byte order mark is skipped: the list holds page 3.
	out := mustRun(t, "run", "-seeds", "list:"+bom, "-n", "50", "-strategies", "bfs")
	if !strings.Contains(out, "list:3") {
		t.Errorf("the run from %s does not start from list:3:\n%s", bom, out)
	}
}

// TestScenarioFileBounded: -scenario FILE is read through one bounded
// reader (scenario.ReadText) by run and refresh: an endless or binary file
// is refused with the limit or the position, a UTF-8 byte order mark is
// skipped, and a file holding null is not the default scenario.
func TestScenarioFileBounded(t *testing.T) {
	dir := t.TempDir()
	big := writeFile(t, dir, "big.json", "{}"+strings.Repeat("\n", 4<<20))
	binary := writeFile(t, dir, "binary.json", "{\"seeds\": \"\x00\x01\"}")
	null := writeFile(t, dir, "null.json", "null\n")
	bom := writeFile(t, dir, "bom.json", "\xef\xbb\xbf{\"graph\": {\"generate\": {\"pages\": 60}}, \"strategies\": [{\"id\": \"bfs\"}]}\n")
	bomBad := writeFile(t, dir, "bombad.json", "\xef\xbb\xbf{\"budget\": -2}\n")
	refreshBOM := writeFile(t, dir, "refresh.json", "\xef\xbb\xbf{\"simulation\": {\"sites\": 20, \"horizon\": 50}}\n")
	for _, cmd := range []string{"run", "refresh"} {
		checkFails(t, 1, []string{cmd, "-scenario", big}, big+": larger than the 4 MiB limit for a scenario file")
		checkFails(t, 1, []string{cmd, "-scenario", binary}, binary+":1:12: a NUL byte: this is binary data, not a JSON scenario")
		checkFails(t, 1, []string{cmd, "-scenario", null}, null+":1:1: the top level: expected a JSON object, not null")
		if _, err := os.Stat("/dev/zero"); err == nil {
			checkFails(t, 1, []string{cmd, "-scenario", "/dev/zero"}, "/dev/zero: larger than the 4 MiB limit for a scenario file")
		}
	}
	mustRun(t, "run", "-scenario", bom)
	// Positions count from after the mark, as an editor shows them.
	checkFails(t, 1, []string{"run", "-scenario", bomBad}, bomBad+":1:12: budget: -2 is negative")
	mustRun(t, "refresh", "-scenario", refreshBOM)
}

// TestGivenZeroFlags: a flag given as 0 is used, or refused naming the
// flag, in the flags' words (-tmin and -tmax, not the scenario's min and
// max); it never silently means "the default" (refresh -sites 0 once
// simulated 1,000 sites, run -host-exp 0 a Zipf exponent of 1).
func TestGivenZeroFlags(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "refresh.json", "{\"simulation\": {\"sites\": 20, \"horizon\": 50}}\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"refresh", "-sites", "0"}, "-sites 0: want 1 to 1,048,576"},
		{[]string{"refresh", "-tmin", "0"}, "crawlsim refresh: -tmin 0: want a positive interval"},
		{[]string{"refresh", "-tmax", "0"}, "crawlsim refresh: -tmax 0: want a positive interval"},
		{[]string{"refresh", "-samples", "0"}, "-samples 0: want 1 to 100,000"},
		{[]string{"refresh", "-horizon", "0"}, "-horizon 0: want a positive number"},
		{[]string{"refresh", "-window", "0"}, "-window 0: want at least 1 visit"},
		{[]string{"refresh", "-pg", "0"}, "crawlsim refresh: -pl/-pg 0.3/0 (-pl: default): the lower threshold must be below the upper one"},
		{[]string{"refresh", "-interest-pl", "0"}, "crawlsim refresh: -interest-pl/-interest-pg 0/0.8 (-interest-pg: default): want thresholds in (0, 1]"},
		{[]string{"refresh", "-scenario", file, "-users", "0"}, "-users 0: want 1 to 65,536"},
		{[]string{"run", "-host-exp", "0"}, "-host-exp 0 is out of range: want a number above 0 and at most 5"},
		{[]string{"run", "-degree-exp", "0"}, "-degree-exp 0 is out of range: want a number from 1.5 to 5"},
		{[]string{"gen", "-host-exp", "0", "-o", filepath.Join(dir, "g.csr")}, "-host-exp 0 is out of range: want a number above 0 and at most 5"},
	} {
		checkFails(t, 2, c.args, c.want)
	}
	// Zeros that are values are used: no interest threshold, free visits.
	out := mustRun(t, "refresh", "-scenario", file, "-min-interest", "0", "-site-bytes", "0", "-migrant-bytes", "0", "-json")
	if !strings.Contains(out, `"site_bytes":0`) || !strings.Contains(out, `"migrant_bytes":0`) {
		t.Errorf("refresh -site-bytes 0 -migrant-bytes 0 does not keep them:\n%.600s", out)
	}
}

// TestScenarioFileExplicitZero: a scenario file that writes 0 where 0
// would mean the default is refused with the place and the field, by run
// and refresh; a flag setting that field fixes the file.
func TestScenarioFileExplicitZero(t *testing.T) {
	dir := t.TempDir()
	run := writeFile(t, dir, "run.json", "{\"graph\": {\"generate\": {\"pages\": 60}},\n \"damping\": 0, \"strategies\": [{\"id\": \"bfs\"}]}\n")
	ref := writeFile(t, dir, "refresh.json", "{\"simulation\": {\"sites\": 0, \"horizon\": 50}}\n")
	checkFails(t, 1, []string{"run", "-scenario", run}, run+":2:13: damping: 0 is not allowed: want a number in (0, 1]")
	checkFails(t, 1, []string{"refresh", "-scenario", ref}, ref+":1:26: simulation.sites: 0 is not allowed: want 1 to 1,048,576 sites")
}

// TestSeedListItemNamesFileAndLine: a page of -seeds list:FILE that the
// graph does not have is reported at the file and line that name it, by
// run (whose scenario holds the list as text) as by rank. The user's list
// was "1", a blank line, "# c" and "foo", and run said
// `seeds: item 2: no page has the URL "foo"`.
func TestSeedListItemNamesFileAndLine(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n")
	urls := writeFile(t, dir, "g.urls", "http://a.org/\nhttp://b.org/\nhttp://c.org/\n")
	list := writeFile(t, dir, "seeds4.txt", "1\n\n# c\nfoo\n")
	beyond := writeFile(t, dir, "beyond.txt", "# pages\n0\n\n7\n")
	for _, cmd := range []string{"run", "rank"} {
		checkFails(t, 1, []string{cmd, "-seeds", "list:" + list, "-urls", urls, edges}, list+`:4: no page has the URL "foo"`)
		checkFails(t, 1, []string{cmd, "-seeds", "list:" + beyond, "-urls", urls, edges}, beyond+":4: page 7 is beyond the last page 2")
	}
}

package main

import "testing"

// TestScenarioFileIsAFolder: -scenario naming a folder is refused as a
// folder, naming the flag, by run and refresh alike, not with the
// system's "read DIR: is a directory".
func TestScenarioFileIsAFolder(t *testing.T) {
	dir := t.TempDir()
	for _, command := range []string{"run", "refresh"} {
		checkFails(t, 1, []string{command, "-scenario", dir}, "crawlsim "+command+": -scenario "+dir+": that is a folder, not a scenario file")
	}
}

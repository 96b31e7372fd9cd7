package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProfileThatCannotBeWrittenIsAWarning: a profile asked for in a
// folder that does not exist was dropped without a word; the command now
// says which variable and file, and why, and runs on.
func TestProfileThatCannotBeWrittenIsAWarning(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no-such-folder", "cpu.prof")
	var stderr strings.Builder
	startCPUProfile(path, &stderr)()
	writeMemProfile(path, &stderr)
	for _, want := range []string{
		"warning: CRAWLSIM_CPUPROFILE=" + path + ": no profile is written: no such file or directory\n",
		"warning: CRAWLSIM_MEMPROFILE=" + path + ": no profile is written: no such file or directory\n",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr %q lacks %q", stderr.String(), want)
		}
	}
	// One that can be written is, without a warning.
	ok := filepath.Join(t.TempDir(), "mem.prof")
	stderr.Reset()
	writeMemProfile(ok, &stderr)
	if st, err := os.Stat(ok); err != nil || st.Size() == 0 || stderr.Len() != 0 {
		t.Errorf("memory profile %s: %v, stderr %q", ok, err, stderr.String())
	}
}

package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGenTakesRunsSeedName: gen takes run's name of the generator's seed,
// -gen-seed, beside its own -seed (gen -gen-seed was refused): both write
// the same graph, and the help lists -seed once, saying -gen-seed.
func TestGenTakesRunsSeedName(t *testing.T) {
	dir := t.TempDir()
	gen := func(name string) string {
		out := filepath.Join(dir, name+".edges")
		mustRun(t, "gen", "-n", "500", "-o", out, "-"+name, "5")
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if gen("gen-seed") != gen("seed") {
		t.Errorf("gen -gen-seed 5 and -seed 5 write different graphs")
	}
	checkSeedHelp(t, "gen", "seed", "gen-seed")
}

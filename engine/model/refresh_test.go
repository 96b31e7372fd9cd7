package model

import (
	"strings"
	"testing"
)

// TestDefaultRefreshParamsSeedIsTheDefault checks that the defaults of a
// revisit simulation, which a program starts from before it sets what
// its user gave, hold the seed a scenario left out of its JSON gets
// (DefaultRandomSeed), not 0: a caller that forgets to set it still
// simulates what the command line and the page do by default.
func TestDefaultRefreshParamsSeedIsTheDefault(t *testing.T) {
	f, err := (Reader{}).ParseRefresh(strings.NewReader(`{}`), "refresh.json")
	if err != nil {
		t.Fatal(err)
	}
	if d := DefaultRefreshParams().Seed; d != f.Simulation.Seed || d != DefaultRandomSeed {
		t.Errorf("DefaultRefreshParams().Seed = %d; a seed left out of the JSON is %d, DefaultRandomSeed %d", d, f.Simulation.Seed, DefaultRandomSeed)
	}
}

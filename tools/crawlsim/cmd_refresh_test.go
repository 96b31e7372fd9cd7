package main

import "testing"

// TestRefreshRegulationFlagsNeedTheirPolicy: a regulation flag that no
// compared policy reads is refused, naming it and the policies, not
// silently unused: -alpha and the interest thresholds need
// change+interest, -window, -pl and -pg an adaptive policy.
func TestRefreshRegulationFlagsNeedTheirPolicy(t *testing.T) {
	base := []string{"refresh", "-sites", "10", "-horizon", "10"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-policies", "fixed,change", "-alpha", "0.3"}, "-alpha applies to the change+interest policy alone, and the policies compared are fixed,change"},
		{[]string{"-policies", "change", "-min-interest", "0.1"}, "-min-interest applies to the change+interest policy alone"},
		{[]string{"-policies", "fixed", "-window", "3"}, "-window applies to the change and change+interest policies alone, and the policies compared are fixed"},
	} {
		checkFails(t, 2, append(append([]string(nil), base...), c.args...), c.want)
	}
	mustRun(t, append(append([]string(nil), base...), "-policies", "fixed,change", "-window", "3")...)
	mustRun(t, append(append([]string(nil), base...), "-policies", "change+interest", "-alpha", "0.3", "-pl", "0.2")...)
}

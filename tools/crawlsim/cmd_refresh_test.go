package main

import (
	"strings"
	"testing"
)

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

// TestRefreshLowerThresholdTooSmall: a lower threshold below the least
// normal float64, given as a flag or in a scenario file, is refused
// naming the flag or the field's place and the least threshold (refresh
// -pl 1e-310 ran forever: p/p_l overflowed and the visits' times became
// NaN).
func TestRefreshLowerThresholdTooSmall(t *testing.T) {
	base := []string{"refresh", "-sites", "200", "-horizon", "300"}
	least := "the lower threshold must be at least 2.2250738585072014e-308 (the least normal float64)"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-pl", "1e-310"}, "crawlsim refresh: -pl/-pg 1e-310/0.7 (-pg: default): " + least},
		{[]string{"-pl", "4.9e-324"}, "crawlsim refresh: -pl/-pg 5e-324/0.7 (-pg: default): " + least},
		{[]string{"-interest-pl", "1e-310"}, "crawlsim refresh: -interest-pl/-interest-pg 1e-310/0.8 (-interest-pg: default): " + least},
	} {
		checkFails(t, 2, append(append([]string(nil), base...), c.args...), c.want)
	}
	file := writeFile(t, t.TempDir(), "refresh.json", "{\"simulation\": {\"sites\": 20, \"horizon\": 50,\n \"regulation\": {\"lower\": 1e-310, \"interest_lower\": 1e-310}}}\n")
	checkFails(t, 1, []string{"refresh", "-scenario", file},
		file+":2:26: simulation.regulation.lower: lower/upper 1e-310/0.7: "+least,
		file+":2:52: simulation.regulation.interest_lower: interest_lower/interest_upper 1e-310/0.8: "+least)
}

// TestRefreshHugeTimesStayNumbers: a horizon beyond the longest is
// refused naming -horizon and the bound (-horizon 1e200 with rates tiny
// enough gave a mean age of +Inf), and intervals near the largest
// float64 give a result that writes as JSON (their mean was +Inf: "json:
// unsupported value").
func TestRefreshHugeTimesStayNumbers(t *testing.T) {
	checkFails(t, 2, []string{"refresh", "-sites", "200", "-horizon", "1e200", "-change-min", "1e-300", "-change-max", "1e-300", "-user-rate", "1e-300",
		"-tmin", "1e300", "-tmax", "1e300", "-t0", "1e300"},
		"crawlsim refresh: -horizon 1e+200 is too long: at most 1e+150, so that the mean age, a sum of squared times, stays finite")
	out := mustRun(t, "refresh", "-sites", "200", "-horizon", "300", "-tmax", "1.7e308", "-t0", "1.7e308", "-json")
	if !strings.Contains(out, `"mean_interval":1.7`) {
		t.Errorf("no finite mean interval in\n%.600s", out)
	}
}

// TestRefreshBytesBounded: a size of a site or a migrant above a
// petabyte is refused naming the flag or the field's place and the bound
// (-site-bytes 1e305 printed +Inf TB and NaN%, and -json failed with
// "json: unsupported value: +Inf").
func TestRefreshBytesBounded(t *testing.T) {
	base := []string{"refresh", "-sites", "200", "-horizon", "300", "-json"}
	bound := "is too large: at most 1,000,000,000,000,000 bytes, so that the traffic stays computable"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-site-bytes", "1e305"}, "crawlsim refresh: -site-bytes 1e+305 " + bound},
		{[]string{"-site-bytes", "1.7e308"}, "crawlsim refresh: -site-bytes 1.7e+308 " + bound},
		{[]string{"-migrant-bytes", "1.7e308"}, "crawlsim refresh: -migrant-bytes 1.7e+308 " + bound},
	} {
		checkFails(t, 2, append(append([]string(nil), base...), c.args...), c.want)
	}
	file := writeFile(t, t.TempDir(), "refresh.json", "{\"simulation\": {\"sites\": 20, \"horizon\": 50,\n \"site_bytes\": 1e305, \"migrant_bytes\": 1.7e308}}\n")
	checkFails(t, 1, []string{"refresh", "-scenario", file},
		file+":2:16: simulation.site_bytes: site_bytes 1e+305 "+bound,
		file+":2:40: simulation.migrant_bytes: migrant_bytes 1.7e+308 "+bound)
}

// TestRefreshTakesTheOtherCommandsSeedName: refresh names its random seed
// -random-seed as run, seeds, rank and reproduce do (it said -seed, and
// refresh -random-seed was refused), and still takes -seed: both set the
// same seed, and the help lists one flag that says both.
func TestRefreshTakesTheOtherCommandsSeedName(t *testing.T) {
	refresh := func(name string) string {
		return mustRun(t, "refresh", "-sites", "30", "-horizon", "100", "-json", "-"+name, "5")
	}
	if a, b := refresh("random-seed"), refresh("seed"); a != b || !strings.Contains(a, `"seed":5`) {
		t.Errorf("refresh -random-seed 5 and -seed 5 differ, or set no seed 5:\n%.400s\n%.400s", a, b)
	}
	checkSeedHelp(t, "refresh", "random-seed", "seed")
}

// checkSeedHelp checks that the help of cmd lists the seed flag name once,
// saying its other name alias there, and lists no alias apart.
func checkSeedHelp(t *testing.T, cmd, name, alias string) {
	t.Helper()
	help, _, _ := crawlsim(t, "help", cmd)
	help = unwrapFlagDefaults(help)
	if !strings.Contains(help, "\n  -"+name+" SEED\n") || strings.Contains(help, "\n  -"+alias+" ") || !strings.Contains(help, "-"+alias+" is the same flag") {
		t.Errorf("help %s does not list -%s once, saying -%s:\n%s", cmd, name, alias, help)
	}
}

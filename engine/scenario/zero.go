package scenario

import (
	"fmt"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/refresh"
)

// zeroDefault is a number of a scenario that Normalize fills with a
// default when it is 0 (model.ZeroRule, whose Default zeroRules fills in).
// In Go, 0 is how a program leaves such a field out (Marshal omits it); in
// a scenario's JSON, a written 0 would silently read as the default, so
// Parse refuses it: a field is either given a value that is used, or left
// out.
type zeroDefault struct {
	// path is the field's JSON path, want what it accepts.
	path, want string
	// def describes the default when it is not one number.
	def string
}

// scenarioZeroDefaults are the numbers of a Scenario that Normalize fills
// when 0 (TestExplicitZeroTableComplete checks that no other does).
var scenarioZeroDefaults = []zeroDefault{
	{path: "version", want: strconv.Itoa(Version)},
	{path: "damping", want: "a number in (0, 1]"},
	{path: "tolerance", want: "a positive number below 1"},
	{path: "graph.generate.pages", want: "1 or more pages"},
	{path: "graph.generate.hosts", want: "1 to the number of pages", def: fmt.Sprintf("one host per %d pages", pagesPerHost)},
	{path: "graph.generate.mean_out_degree", want: "a positive mean, at most (pages-1)/2", def: "8 (or (pages-1)/2 when smaller)"},
	{path: "graph.generate.host_size_exponent", want: "an exponent above 0 and at most 5"},
	{path: "graph.generate.out_degree_exponent", want: "an exponent from 1.5 to 5"},
	{path: "politeness.connections", want: "1 to " + model.Count(maxConnections) + " connections"},
	{path: "politeness.bandwidth", want: "a positive number of bytes per second"},
	{path: "metrics.curve_points", want: countRange(1, maxCurvePoints, "points")},
	{path: "metrics.tau_sample", want: countRange(1, maxTauSample, "pages")},
	{path: "seed_study.samples", want: countRange(1, MaxDistanceSamples, "searches")},
}

// refreshZeroDefaults are the numbers of a Refresh that Normalize fills
// when 0.
var refreshZeroDefaults = []zeroDefault{
	{path: "version", want: strconv.Itoa(Version)},
	{path: "simulation.sites", want: "1 to " + model.Count(refresh.MaxSites) + " sites"},
	{path: "simulation.horizon", want: "a positive time"},
	{path: "simulation.change_min", want: "a positive rate, at most change_max"},
	{path: "simulation.change_max", want: "a positive rate, at least change_min"},
	{path: "simulation.users", want: "1 to " + model.Count(refresh.MaxUsers) + " users"},
	{path: "simulation.user_rate", want: "a positive rate"},
	{path: "simulation.samples", want: "1 to " + model.Count(refresh.MaxSamples) + " points"},
	{path: "simulation.regulation.initial", want: "a positive interval within [min, max]"},
	{path: "simulation.regulation.min", want: "a positive interval, at most max"},
	{path: "simulation.regulation.max", want: "a positive interval, at least min"},
	{path: "simulation.regulation.window", want: "1 or more visits"},
	{path: "simulation.regulation.lower", want: "a threshold in (0, 1), below upper"},
	{path: "simulation.regulation.upper", want: "a threshold in (0, 1], above lower"},
	{path: "simulation.regulation.interest_lower", want: "a threshold in (0, 1), below interest_upper"},
	{path: "simulation.regulation.interest_upper", want: "a threshold in (0, 1], above interest_lower"},
}

// zeroRules turns a table into the rules of a model.Reader, each with the
// default it says: its def, or the number at its path of defaults (a
// value with every default filled in).
func zeroRules(table []zeroDefault, defaults any) []model.ZeroRule {
	rules := make([]model.ZeroRule, len(table))
	for i, z := range table {
		def := z.def
		if def == "" {
			def = model.NumberAt(defaults, z.path)
		}
		rules[i] = model.ZeroRule{Path: z.path, Want: z.want, Default: def}
	}
	return rules
}

// scenarioDefaults returns a Scenario with every part present and every
// default filled in, for the rules' defaults.
func scenarioDefaults() any {
	s := Default()
	s.Politeness = &Politeness{}
	s.SeedStudy = &SeedStudy{}
	n, _ := Normalize(s)
	return n
}

// refreshDefaults returns the default Refresh, for the rules' defaults.
func refreshDefaults() any { return DefaultRefresh() }

// ZeroNotAllowed reports whether Normalize reads a 0 in the number of a
// Scenario at path (a JSON path, "tolerance") as "absent" and fills a
// default, and if so what the field accepts ("a positive number below
// 1"). A program that sets such a field from its user's input refuses a
// 0 with this text, as Parse refuses a 0 written in a file.
func ZeroNotAllowed(path string) (want string, ok bool) {
	for _, z := range scenarioZeroDefaults {
		if z.path == path {
			return z.want, true
		}
	}
	return "", false
}

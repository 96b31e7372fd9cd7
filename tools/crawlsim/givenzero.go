package main

import (
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// checkRefreshZeros refuses a refresh flag given with a value that the
// scenario would replace by its default (0, for the numbers whose 0 means
// "absent"): -sites 0 is an error naming the flag, not 1,000 sites. The
// message is the revisit parameters' own check of that value.
func checkRefreshZeros(f *refreshFlags, set map[string]bool) error {
	for _, name := range slices.Sorted(maps.Keys(refreshFlagFields)) {
		if !set[name] {
			continue
		}
		if fl := f.fs.Lookup(name); fl != nil {
			// A number given that is not 0 (a NaN too, which
			// reflect.DeepEqual below finds unequal to itself) is no
			// default's to replace.
			if v, err := strconv.ParseFloat(fl.Value.String(), 64); err == nil && v != 0 {
				continue
			}
		}
		// On the defaults, only this flag's field can be one that
		// WithDefaults replaces.
		probe := scenario.DefaultRefresh()
		refreshFlagFields[name](&probe, f)
		if reflect.DeepEqual(probe.Simulation.WithDefaults(), probe.Simulation) {
			continue
		}
		err := probe.Simulation.Validate()
		if err == nil {
			return usagef("-%s 0: 0 is not allowed", name)
		}
		// The check's words, in the flags' ("min 0 and max 200" is
		// "-tmin 0 and -tmax 200 (default)"); a problem that does not
		// name the flag says first which flag it is about.
		var lines []string
		namesIt := false
		for _, line := range strings.Split(err.Error(), "\n") {
			line, named := inFlagWords(strings.TrimPrefix(line, "regulation: "), func(n string) bool { return set[n] }, "(default)")
			namesIt = namesIt || slices.Contains(named, name)
			lines = append(lines, line)
		}
		if !namesIt {
			return usagef("-%s 0: %s", name, strings.Join(lines, "; "))
		}
		return usagef("%s", strings.Join(lines, "; "))
	}
	return nil
}

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
		msg := "0 is not allowed"
		if err := probe.Simulation.Validate(); err != nil {
			var lines []string
			for _, line := range strings.Split(err.Error(), "\n") {
				line = strings.TrimPrefix(line, "regulation: ")
				// "sites 0: want 1 to N" says the value the flag names.
				if field, rest, ok := strings.Cut(line, " 0: "); ok && !strings.ContainsAny(field, " /") {
					line = rest
				}
				lines = append(lines, line)
			}
			msg = strings.Join(lines, "; ")
		}
		return usagef("-%s 0: %s", name, msg)
	}
	return nil
}

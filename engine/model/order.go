package model

import (
	"cmp"
	"maps"
	"slices"
)

// CataloguePlace returns the place of the strategy id among catalogue, the
// registered strategies in display order (Catalogue.Strategies), from 0;
// -1 when the catalogue does not list it.
func CataloguePlace(catalogue []StrategyInfo, id string) int {
	return slices.IndexFunc(catalogue, func(s StrategyInfo) bool { return s.ID == id })
}

// OrderStrategies puts a result's strategies into the one order in which
// every table, legend, CSV file and copy lists them, whatever order the
// scenario gave: the reference curves first (the bar the others are read
// against), then the catalogue's order (catalogue is Catalogue.Strategies,
// the registered strategies in display order), copies of one strategy
// with other parameters by their parameters' values (by name, each
// smaller value first), copies with the same parameters as given.
// Strategies the catalogue does not list come last, by id. The order
// depends on the strategies alone, so the command line, the page and a
// reproduction list the same study alike.
func OrderStrategies(list []StrategyResult, catalogue []StrategyInfo) {
	place := func(s StrategyResult) int {
		if p := CataloguePlace(catalogue, s.ID); p >= 0 {
			return p
		}
		return len(catalogue)
	}
	slices.SortStableFunc(list, func(a, b StrategyResult) int {
		if a.Reference != b.Reference {
			if a.Reference {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(place(a), place(b)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.ID, b.ID); c != 0 {
			return c
		}
		return compareParams(a.Params, b.Params)
	})
}

// compareParams orders two strategies' parameters: by the values of their
// names in sorted order, a missing value before any other.
func compareParams(a, b Values) int {
	names := slices.Sorted(maps.Keys(a))
	for n := range maps.Keys(b) {
		if _, ok := a[n]; !ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		va, oka := a[n]
		vb, okb := b[n]
		switch {
		case oka != okb && !oka:
			return -1
		case oka != okb:
			return 1
		}
		if c := cmp.Compare(va, vb); c != 0 {
			return c
		}
	}
	return 0
}

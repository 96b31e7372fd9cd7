package main

import (
	"errors"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// placeSeedError places a run's error about an item of the seed list
// where the list was written: at the item's line of list:FILE, given as
// -seeds or in the -scenario file (the scenario holds the list as text,
// which keeps no line), or at the seeds field of the -scenario FILE when
// no -seeds flag replaced the file's list. An item of an inline -seeds
// list keeps "seeds: item K"; any other error is returned as it is.
func (f *runFlags) placeSeedError(err error, set map[string]bool) error {
	if set["seeds"] || f.seedList.Source != "" {
		return f.seedList.PlaceError(err)
	}
	var ie *seeds.ItemError
	if f.file != "" && f.fileText != nil && errors.As(err, &ie) {
		return scenario.PlaceErrors(err, f.scenarioName(), f.fileText)
	}
	return err
}

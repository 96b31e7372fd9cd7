package main

import (
	"bytes"
	"encoding/json"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// scenarioFileInput is the id of the Share panel's file input for a
// scenario file.
const scenarioFileInput = "scenario-file"

// pushFragment sets the page's address to a scenario file's permalink
// (page.PushFragment); tests replace it.
var pushFragment = page.PushFragment

// maxScenarioFileBytes bounds a scenario file the page reads: far more
// than a scenario takes (a seed list of 16,000 URLs is about a
// megabyte), far less than would slow the page.
const maxScenarioFileBytes = 8 << 20

// OpenScenarioFile opens the scenario file picked in the Share panel:
// a scenario as crawlsim run -save-scenario and reproduce -o write it, or
// a result (crawlsim run -o, the page's Result (JSON)), whose scenario
// is opened; a revisit scenario or result (crawlsim refresh) goes to the
// Revisits panel (openRefreshScenario). It reads the file on a goroutine
// of its own, then applies the scenario as the link to it would be
// applied (openScenarioText).
func (a *App) OpenScenarioFile() {
	go func() {
		name, data, err := page.ReadPickedText(scenarioFileInput, maxScenarioFileBytes)
		if a.env != nil {
			a.env.Lock()
			defer a.env.UnlockRender()
		}
		a.openScenarioText(name, data, err)
	}()
}

// openScenarioText applies the scenario of the file name, read as data
// (or err when it could not be read): the page's address becomes the
// scenario's permalink, with a history entry, so that Back returns to the
// scenario shown before, and the link is applied as one put in the
// address is (AddressChanged): at once, or once the worker is free; a
// graph file it names is asked for. A file that holds no scenario is
// refused with the reader's error (its place in the file and what was
// expected), and the page keeps its scenario.
func (a *App) openScenarioText(name string, data []byte, err error) {
	if err != nil {
		a.Error = scenarioFileError(err)
		return
	}
	// The file's top-level fields say what it holds; a file that is not
	// a JSON object is left to the scenario's reader to refuse.
	var top map[string]json.RawMessage
	_ = json.Unmarshal(data, &top)
	if f, ok, err := refreshOfFile(name, data, top); ok {
		if err != nil {
			a.Error = scenarioFileError(err)
			return
		}
		a.openRefreshScenario(name, f)
		return
	}
	s, err := scenarioOfFile(name, data, top)
	if err == nil {
		// A graph file named by a path of the command line's
		// ("data/web.edges") is asked for as an upload, as the link
		// crawlsim run -link writes names it.
		s = model.PermalinkScenario(s)
		var fragment string
		if fragment, err = EncodePermalink(s); err == nil {
			a.Error = ""
			if a.showsScenario(s) {
				a.Notice = name + " holds the scenario the page shows."
				return
			}
			// Natively there is no address to set.
			_ = pushFragment(fragment)
			query, _ := page.Address()
			a.AddressChanged(query, fragment)
			return
		}
	}
	a.Error = scenarioFileError(err)
}

// scenarioFileError is the page's error for a scenario file it cannot
// open: err names the file, and where in it when it can.
func scenarioFileError(err error) string {
	return "Cannot open the scenario file: " + err.Error() + "; the page keeps the scenario it shows."
}

// refreshOfFile reads the revisit scenario of a file named name that
// holds one, or a revisit result (its scenario), data with the top-level
// fields top (nil for no JSON object): ok reports that it holds either,
// err what is wrong with it then.
func refreshOfFile(name string, data []byte, top map[string]json.RawMessage) (f model.Refresh, ok bool, err error) {
	switch {
	case top["simulation"] != nil:
		f, err = reader.ParseRefresh(bytes.NewReader(data), name)
		return f, true, err
	case top["refresh"] != nil && top["outcomes"] != nil:
		r, err := reader.ParseRefreshResult(bytes.NewReader(data), name)
		if err != nil {
			return f, true, err
		}
		return r.Refresh, true, nil
	}
	return f, false, nil
}

// scenarioOfFile reads the scenario of a scenario file, or of a result
// file (its scenario), named name, data with the top-level fields top.
func scenarioOfFile(name string, data []byte, top map[string]json.RawMessage) (model.Scenario, error) {
	if top["scenario"] != nil {
		r, err := reader.ParseResult(bytes.NewReader(data), name)
		if err != nil {
			return model.Scenario{}, err
		}
		return r.Scenario, nil
	}
	return reader.Parse(bytes.NewReader(data), name)
}

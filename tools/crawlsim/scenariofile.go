package main

import (
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// readScenarioFile reads the text of a -scenario FILE, crawl or revisit
// scenario, through scenario.ReadText: at most scenario.MaxFileBytes of
// UTF-8 text, a byte order mark skipped, binary data refused, so that
// "-scenario /dev/zero" is an error and not an exhausted memory. A folder
// is refused as such.
func readScenarioFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("-scenario %s: cannot read it: %w%s", path, causeOf(err), stdinHint(path))
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("-scenario %s: that is a folder, not a scenario file", path)
	}
	return scenario.ReadText(f, path)
}

// scenarioOfLink returns the scenario JSON of a link of the page given to
// run -scenario in place of a file: its permalink (the Share panel's, the
// address of a comparison, an embed's src), or the link's fragment alone,
// read as the page reads it (model.PermalinkData). ok is false when value
// is no link, or names a file that exists. An address (with "://") that
// is no file and has no fragment is refused as a link without a scenario:
// the page keeps its scenario after "#", and one retyped with "?s=" would
// otherwise be sought as a file.
func scenarioOfLink(value string) (data []byte, ok bool, err error) {
	if _, err := os.Stat(value); err == nil {
		return nil, false, nil
	}
	fragment := value
	if _, after, found := strings.Cut(value, "#"); found {
		fragment = after
	} else if strings.Contains(value, "://") {
		return nil, true, fmt.Errorf("-scenario: %s is a link with no scenario in it: the page's links carry theirs after %q; copy the whole link from the page's Share panel", terminalSafe(linkStart(value)), "#"+model.PermalinkKey)
	} else if !strings.HasPrefix(value, model.PermalinkKey) {
		return nil, false, nil
	}
	data, ok, err = model.PermalinkData(fragment)
	if !ok {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, fmt.Errorf("-scenario: %w; copy the whole link from the page's Share panel", err)
	}
	return data, true, nil
}

// linkStart shortens a link for an error: its first 60 characters and
// "...", as a scenario makes it hundreds long.
func linkStart(link string) string {
	const shown = 60
	if len(link) <= shown {
		return link
	}
	return link[:shown] + "..."
}

// linkScenario names the scenario of a page link given to -scenario in
// errors, where the link itself, hundreds of characters long, would be
// read as a file name placed before the line and column of JSON the user
// never saw.
const linkScenario = "the link's scenario"

// scenarioName returns how errors name the scenario of -scenario: its
// file, or linkScenario for a page link.
func (f *runFlags) scenarioName() string {
	if f.fromLink {
		return linkScenario
	}
	return f.file
}

// scenarioPhrase names the scenario of -scenario at the head of an error
// without a place: "scenario FILE", or linkScenario.
func (f *runFlags) scenarioPhrase() string {
	if f.fromLink {
		return linkScenario
	}
	return "scenario " + f.file
}

// unknownTopField finds the field a scenario parser did not know in the
// top level, with the place it gave ("FILE:LINE:COL").
var unknownTopField = regexp.MustCompile(`^(.*): unknown field "([^"]+)" in the top level`)

// scenarioOfOtherCommand rewrites err, the error of parsing a -scenario
// FILE for command ("run" or "refresh"), when the field it did not know
// belongs to the other command's scenarios, or is the scenario a result
// holds (run -o, the page's Result (JSON)): the message keeps the place
// and names what reruns it. Any other error is returned as it is.
func scenarioOfOtherCommand(err error, command, file string) error {
	m := unknownTopField.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	place, field := m[1], m[2]
	switch {
	case command == "run" && jsonFields[scenario.Refresh]()[field]:
		return &renamedError{msg: fmt.Sprintf("%s: unknown field %q: this is a refresh scenario; run it with crawlsim refresh -scenario %s", place, field, file), err: err}
	case field == "scenario" && jsonFields[scenario.Result]()[field]:
		return &renamedError{msg: fmt.Sprintf("%s: unknown field %q: this is a result (crawlsim run -o, or the page's Result (JSON)), not a scenario; "+
			"give -scenario the file -save-scenario writes, or, for a result of the page, its permalink (the Share panel's) in quotes", place, field), err: err}
	case field == "refresh" && jsonFields[scenario.RefreshResult]()[field]:
		return &renamedError{msg: fmt.Sprintf("%s: unknown field %q: this is a result of crawlsim refresh -o, not a scenario; "+
			"give -scenario the file crawlsim refresh -save-scenario writes", place, field), err: err}
	case command == "refresh" && jsonFields[scenario.Scenario]()[field]:
		return &renamedError{msg: fmt.Sprintf("%s: unknown field %q: this is a run scenario (a crawl comparison); run it with crawlsim run -scenario %s", place, field, file), err: err}
	}
	return err
}

// jsonFields returns the JSON names of the fields of the struct T.
func jsonFields[T any]() map[string]bool {
	names := map[string]bool{}
	t := reflect.TypeFor[T]()
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			names[name] = true
		}
	}
	return names
}

package main

import (
	"fmt"
	"os"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// readScenarioFile reads the text of a -scenario FILE, crawl or revisit
// scenario, through scenario.ReadText: at most scenario.MaxFileBytes of
// UTF-8 text, a byte order mark skipped, binary data refused, so that
// "-scenario /dev/zero" is an error and not an exhausted memory.
func readScenarioFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("-scenario %s: cannot read it: %w", path, causeOf(err))
	}
	defer f.Close()
	return scenario.ReadText(f, path)
}

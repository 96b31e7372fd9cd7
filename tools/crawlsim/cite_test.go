package main

import (
	"regexp"
	"testing"
)

// TestHelpCitesNoRepositoryPath: no command's help sends the reader to
// docs/algorithms.md, the specification or seeds/NNN, which are not
// shipped with crawlsim; the papers are cited by their authors. (-seeds'
// placeholder SPEC is a flag's value.)
func TestHelpCitesNoRepositoryPath(t *testing.T) {
	path := regexp.MustCompile(`SPEC(\.md| section)|seeds/\d|docs/algorithms\.md`)
	for _, c := range commands() {
		out, errOut, _ := crawlsim(t, "help", c.name)
		if m := path.FindString(out + errOut); m != "" {
			t.Errorf("crawlsim help %s says %q", c.name, m)
		}
	}
}

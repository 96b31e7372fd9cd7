package main

import (
	"strings"
	"testing"
)

// TestEventsFormulaInFlagWords: the count of events' formula names the
// flags ("-sites × -horizon × rates") without taking "×" for a value: it
// said "-sites × (default) -horizon × rates", as if "×" were the value of
// -sites. A value after a name is still marked as not typed.
func TestEventsFormulaInFlagWords(t *testing.T) {
	_, errOut, status := crawlsim(t, "refresh", "-horizon", "1e9")
	if want := " events (-sites × -horizon × rates): at most "; status != 2 || !strings.Contains(errOut, want) || strings.Contains(errOut, "(default)") {
		t.Errorf("refresh -horizon 1e9: status %d, stderr %q; want 2 and %q", status, errOut, want)
	}
	for _, c := range []struct {
		msg, want string
	}{
		{"about 4e12 events (sites × horizon × rates): at most 1e8", "about 4e12 events (-sites × -horizon × rates): at most 1e8"},
		{"min 500 is above max 200", "-tmin 500 (default) is above -tmax 200"},
	} {
		got, _ := inFlagWords(c.msg, func(name string) bool { return name == "horizon" || name == "tmax" }, "(default)")
		if got != c.want {
			t.Errorf("inFlagWords(%q) = %q, want %q", c.msg, got, c.want)
		}
	}
}

package report

import (
	"slices"
	"testing"
)

// TestLinkViewReadsWhatViewFragmentWrites: every view the chart draws
// goes through a fragment and back, the default as no part at all; the
// scenario's part and an embed's do not disturb it.
func TestLinkViewReadsWhatViewFragmentWrites(t *testing.T) {
	for _, x := range []string{XFraction, XCount, XTime} {
		for _, logX := range []bool{false, true} {
			part := ViewFragment(x, logX)
			if (part == "") != (x == XFraction && !logX) {
				t.Errorf("view %s, log %v: fragment part %q", x, logX, part)
			}
			gotX, gotLog, unknown := LinkView("embed&s=AAAA" + part)
			if gotX != x || gotLog != logX || unknown != nil {
				t.Errorf("view %s, log %v written %q: read %s, log %v, unknown %q", x, logX, part, gotX, gotLog, unknown)
			}
		}
	}
	if part := ViewFragment("", false); part != "" {
		t.Errorf("no axis: fragment part %q; want none", part)
	}
}

// TestLinkViewUnknownParts: an axis or scale the chart does not know is
// listed and ignored, whatever else the fragment holds; log=0 is the
// linear default and no mistake; parts that are not the view are not
// listed.
func TestLinkViewUnknownParts(t *testing.T) {
	for _, c := range []struct {
		fragment string
		x        string
		logX     bool
		unknown  []string
	}{
		{"s=AAAA&x=foo&log=2", XFraction, false, []string{"x=foo", "log=2"}},
		{"s=AAAA&x=count&log=0", XCount, false, nil},
		{"s=AAAA&x=time&x=nope&log=1", XTime, true, []string{"x=nope"}},
		{"s=AAAA&x=&view=count", XFraction, false, []string{"x="}},
		{"", XFraction, false, nil},
	} {
		x, logX, unknown := LinkView(c.fragment)
		if x != c.x || logX != c.logX || !slices.Equal(unknown, c.unknown) {
			t.Errorf("%q: %s, log %v, unknown %q; want %s, %v, %q", c.fragment, x, logX, unknown, c.x, c.logX, c.unknown)
		}
	}
}

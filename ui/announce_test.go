package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestAnnounceSaysWhatIsShown: when a comparison arrives, the live region
// says what shows it: the chart and the table on the full page, the chart
// in embed mode, which has no table (it said "the chart and the table
// show the result" there too).
func TestAnnounceSaysWhatIsShown(t *testing.T) {
	for _, c := range []struct {
		query, want, not string
	}{
		{"workers=1", "the chart and the table show the result", ""},
		{"workers=1&embed=1", "the chart shows the result; the full page also has the tables", "the table show"},
	} {
		a, w := NewApp(c.query, ""), newSessionWorker()
		a.q.Worker = w
		a.Form.Pages = "2000"
		a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
		for _, r := range w.take() {
			a.handle(pageEvent(r))
		}
		if a.Result == nil {
			t.Fatalf("%s: no result: %q", c.query, a.Error)
		}
		if !strings.HasPrefix(a.Announce, "Done: ") || !strings.Contains(a.Announce, c.want) || c.not != "" && strings.Contains(a.Announce, c.not) {
			t.Errorf("%s: the live region says %q; want %q", c.query, a.Announce, c.want)
		}
	}
}

package session

import (
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestNormalisationFields checks that the worker normalises a run's and a
// refresh's scenario and answers the fields it refuses one by one, with
// the message scenario.Normalize gives, so that the page shows them
// without normalising itself.
func TestNormalisationFields(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	sc := smallRun()
	sc.Damping = 2
	sc.Strategies[2].Params = map[string]float64{"nope": 1}
	req := request(1, protocol.KindRun)
	req.Scenario = &sc
	out := s.Handle(req, nil)
	_, want := scenario.Normalize(sc)
	if len(out) != 1 || out[0].Kind != protocol.KindError || out[0].Error != want.Error() {
		t.Fatalf("invalid run answered %+v, want the error %q", out, want)
	}
	if got := out[0].Fields; len(got) != 2 || got[0].Field != "damping" || got[1].Field != "strategies[2].params.nope" {
		t.Errorf("fields %+v, want damping and strategies[2].params.nope", got)
	}
	for _, f := range out[0].Fields {
		if f.Message == "" {
			t.Errorf("field %s without a message", f.Field)
		}
	}

	r := scenario.DefaultRefresh()
	r.Policies = []string{"sometimes"}
	req = request(2, protocol.KindRefresh)
	req.Refresh = &r
	out = s.Handle(req, nil)
	if len(out) != 1 || len(out[0].Fields) != 1 || out[0].Fields[0].Field != "policies[0]" {
		t.Fatalf("invalid refresh answered %+v, want one field error on policies[0]", out)
	}

	// An error that is not the scenario's fields has none.
	req = request(3, protocol.KindRun)
	other := smallRun()
	other.Graph = scenario.Source{File: "absent.edges"}
	req.Scenario = &other
	out = s.Handle(req, nil)
	if len(out) != 1 || out[0].Kind != protocol.KindError || out[0].Fields != nil {
		t.Errorf("missing file answered %+v, want an error without fields", out)
	}
}

package protocol

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestPartRequests checks the requests of a comparison run in parallel:
// a run of one part and the merge of the parts' results travel whole, and
// parts that cannot be are refused.
func TestPartRequests(t *testing.T) {
	sc := scenario.Default()
	for _, r := range []Request{
		{Version: Version, ID: 3, Kind: KindRun, Scenario: &sc, Part: 2, Parts: 2},
		{Version: Version, ID: 4, Kind: KindMerge, Scenario: &sc, Parts: 2, Results: []json.RawMessage{json.RawMessage(`{"version":1}`), json.RawMessage(`{"version":1}`)}},
	} {
		data, err := Encode(r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeRequest(data, 0)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if again, _ := Encode(got); string(again) != string(data) {
			t.Errorf("round trip\n%s\n%s", data, again)
		}
	}
	for _, c := range []struct{ json, want string }{
		{`{"version":2,"id":1,"kind":"run","scenario":{},"part":3,"parts":2}`, "part 3 of 2 parts"},
		{`{"version":2,"id":1,"kind":"run","scenario":{},"part":0,"parts":2}`, "part 0 of 2 parts"},
		{`{"version":2,"id":1,"kind":"run","scenario":{},"part":1}`, "part 1 of 0 parts"},
		{`{"version":2,"id":1,"kind":"run","scenario":{},"parts":-1}`, "part 0 of -1 parts"},
		{`{"version":2,"id":1,"kind":"merge","scenario":{},"parts":2,"results":[{}]}`, "1 results for 2 parts"},
		{`{"version":2,"id":1,"kind":"merge","parts":1,"results":[{}]}`, "a merge request needs scenario"},
		{`{"version":2,"id":1,"kind":"merge","scenario":{},"results":[]}`, "0 results for 0 parts"},
	} {
		_, err := DecodeRequest([]byte(c.json), 0)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.json, err, c.want)
		}
	}
}

package protocol

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

func TestRequestRoundTrip(t *testing.T) {
	sc := scenario.Default()
	for _, r := range []Request{
		{Version: Version, ID: 1, Kind: KindLoad, Load: &Load{Name: "a.edges", URLs: "a.urls", Sizes: []int64{10, 20}}},
		{Version: Version, ID: 2, Kind: KindGenerate, Generate: &scenario.Generate{Pages: 10, Seed: 3}, MemoryBudget: 1 << 20},
		{Version: Version, ID: 3, Kind: KindRun, Scenario: &sc},
		{Version: Version, ID: 4, Kind: KindCancel, Target: 3},
		{Version: Version, ID: 6, Kind: KindOrders, Target: 3},
		{Version: Version, ID: 5, Kind: KindRefresh, Refresh: &scenario.Refresh{Policies: []string{"fixed"}}},
	} {
		data, err := Encode(r)
		if err != nil {
			t.Fatal(err)
		}
		buffers := 0
		if r.Load != nil {
			buffers = r.Load.Buffers()
		}
		got, err := DecodeRequest(data, buffers)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		again, _ := Encode(got)
		if string(again) != string(data) {
			t.Errorf("round trip\n%s\n%s", data, again)
		}
	}
}

func TestRequestErrors(t *testing.T) {
	for _, c := range []struct {
		json    string
		buffers int
		want    string
	}{
		{`{"version":1,"id":1,"kind":"run","scenario":{}}`, 0, "request of version 1"},
		{`{"version":2,"id":0,"kind":"run","scenario":{}}`, 0, "ids count from 1"},
		{`{"version":2,"id":1,"kind":"fly"}`, 0, `unknown request kind "fly"`},
		{`{"version":2,"id":1,"kind":"run"}`, 0, "needs scenario"},
		{`{"version":2,"id":1,"kind":"cancel"}`, 0, "needs target"},
		{`{"version":2,"id":1,"kind":"orders"}`, 0, "an orders request needs target"},
		{`{"version":2,"id":1,"kind":"generate"}`, 0, "needs generate"},
		{`{"version":2,"id":1,"kind":"refresh"}`, 0, "needs refresh"},
		{`{"version":2,"id":1,"kind":"load","load":{"name":"a","sizes":[1]}}`, 0, "0 buffers, want 1"},
		{`{"version":2,"id":1,"kind":"load","load":{"name":"a","urls":"u","sizes":[1]}}`, 2, "2 files gives 1 sizes"},
		{`{"version":2,"id":1,"kind":"load","load":{"sizes":[]}}`, 0, "needs load.name"},
		{`{"version":2,"id":1,"kind":"load","load":{"name":"a","sizes":[-1]}}`, 1, "file a of -1 bytes"},
		{`{"version":2,"id":1,"kind":"run","scenario":{},"extra":1}`, 0, "unknown field"},
		{`{"version":2,"id":1,"kind":"run","scenario":{}} {}`, 0, "after the JSON value"},
		{`{"version":2,"id":1,"kind":"run","scenario":{},"memory_budget":-1}`, 0, "memory budget -1"},
		{`not json`, 0, "bad message"},
	} {
		_, err := DecodeRequest([]byte(c.json), c.buffers)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.json, err, c.want)
		}
	}
}

func TestResponseErrors(t *testing.T) {
	if _, err := DecodeResponse([]byte(`{"version":2,"id":1,"kind":"result","result":{"a":1}}`)); err != nil {
		t.Error(err)
	}
	if _, err := DecodeResponse([]byte(`{"version":0,"id":1,"kind":"result"}`)); err == nil || !strings.Contains(err.Error(), "reload the page") {
		t.Errorf("old version: %v", err)
	}
	if _, err := DecodeResponse([]byte(`{"version":2,"id":1,"kind":"fly"}`)); err == nil {
		t.Error("unknown kind accepted")
	}
}

// TestFieldErrorsTravel checks that an error's fields survive the trip
// from worker to page.
func TestFieldErrorsTravel(t *testing.T) {
	r := Response{Version: Version, ID: 7, Kind: KindError, Error: "damping: 2 is outside (0, 1]",
		Fields: []FieldError{{Field: "damping", Message: "2 is outside (0, 1]"}}}
	data, err := Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeResponse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Fields) != 1 || got.Fields[0] != r.Fields[0] {
		t.Errorf("fields %+v after the trip, want %+v", got.Fields, r.Fields)
	}
}

// TestBytesText checks the unit chosen for each size: a budget below 1 MiB
// does not read "0 MiB".
func TestBytesText(t *testing.T) {
	for _, c := range []struct {
		b    int64
		want string
	}{
		{0, "0 bytes"},
		{1023, "1023 bytes"},
		{1 << 10, "1 KiB"},
		{300 << 10, "300 KiB"},
		{1 << 20, "1 MiB"},
		{200 << 20, "200 MiB"},
		{1 << 30, "1.0 GiB"},
		{3 << 29, "1.5 GiB"},
	} {
		if got := BytesText(c.b); got != c.want {
			t.Errorf("BytesText(%d) = %q, want %q", c.b, got, c.want)
		}
	}
}

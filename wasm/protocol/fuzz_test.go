package protocol

import (
	"bytes"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// fuzzMessages are messages of every kind, for the fuzzers' corpora.
func fuzzMessages(f *testing.F) [][]byte {
	sc := scenario.Default()
	var out [][]byte
	for _, m := range []any{
		Request{Version: Version, ID: 1, Kind: KindLoad, Load: &Load{Name: "a.edges", URLs: "a.urls", Sizes: []int64{10, 20}}},
		Request{Version: Version, ID: 2, Kind: KindGenerate, Generate: &scenario.Generate{Pages: 10, Seed: 3}, MemoryBudget: 1 << 20},
		Request{Version: Version, ID: 3, Kind: KindRun, Scenario: &sc, Part: 1, Parts: 2},
		Request{Version: Version, ID: 4, Kind: KindCancel, Target: 3},
		Request{Version: Version, ID: 6, Kind: KindOrders, Target: 3},
		Request{Version: Version, ID: 5, Kind: KindRefresh, Refresh: &scenario.Refresh{Policies: []string{"fixed"}}},
		Response{Version: Version, ID: 3, Kind: KindProgress, Progress: &Progress{Stage: "crawl", Done: 1, Total: 2,
			Strategies: []StrategyProgress{{Label: "bfs", Stage: "crawl", Done: 1, Total: 2}}}},
		Response{Version: Version, ID: 3, Kind: KindError, Error: "a.edges:3: bad line"},
		Response{Version: Version, Kind: KindReady},
	} {
		data, err := Encode(m)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

// FuzzDecodeRequest: any bytes and buffer count give a request or an
// error, never a panic; a request accepted encodes to one that decodes
// to the same request.
func FuzzDecodeRequest(f *testing.F) {
	for i, m := range fuzzMessages(f) {
		f.Add(m, i%3)
	}
	f.Fuzz(func(t *testing.T, data []byte, buffers int) {
		checkRoundTrip(t, data, func(b []byte) (Request, error) { return DecodeRequest(b, buffers) })
	})
}

// FuzzDecodeResponse: any bytes give a response or an error, never a
// panic; a response accepted encodes to one that decodes to the same.
func FuzzDecodeResponse(f *testing.F) {
	for _, m := range fuzzMessages(f) {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRoundTrip(t, data, DecodeResponse)
	})
}

// checkRoundTrip decodes data: an error must say something; a message
// accepted must encode to one that decodes, and encodes again the same.
func checkRoundTrip[M any](t *testing.T, data []byte, decode func([]byte) (M, error)) {
	t.Helper()
	m, err := decode(data)
	if err != nil {
		if err.Error() == "" {
			t.Fatal("an empty error")
		}
		return
	}
	again, err := Encode(m)
	if err != nil {
		t.Fatalf("an accepted message does not encode: %v", err)
	}
	back, err := decode(again)
	if err != nil {
		t.Fatalf("accepted\n%q\nbut not its encoding\n%s\n%v", data, again, err)
	}
	if twice, _ := Encode(back); !bytes.Equal(again, twice) {
		t.Fatalf("the message changed through Encode and decoding:\n%s\n%s", again, twice)
	}
}

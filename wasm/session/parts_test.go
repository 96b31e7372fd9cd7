package session

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// partsRun is a comparison of six strategies, windowed-rankmass among
// them, on a generated graph with hosts.
func partsRun() scenario.Scenario {
	sc := smallRun()
	sc.Strategies = append(sc.Strategies, scenario.Strategy{ID: "windowed-rankmass"}, scenario.Strategy{ID: "larger-sites-first"})
	return sc
}

// zeroScheduling returns a result's JSON without its scheduling times,
// the one figure a clock measures.
func zeroScheduling(t *testing.T, data []byte) string {
	t.Helper()
	r, err := scenario.ParseResult(bytes.NewReader(data), "result")
	if err != nil {
		t.Fatal(err)
	}
	for k := range r.Strategies {
		r.Strategies[k].Cost.SchedulingSeconds = 0
	}
	out, err := scenario.MarshalResult(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// orderLabels returns the strategies of an orders CSV, in order.
func orderLabels(t *testing.T, r protocol.Response) []string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(ordersText(t, r))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, row := range rows[1:] {
		if len(labels) == 0 || labels[len(labels)-1] != row[0] {
			labels = append(labels, row[0])
		}
	}
	return labels
}

// TestPartsMergeIntoOneRun runs a comparison in two sessions, one part
// each, as two workers do: each reports the other part's strategies as
// elsewhere, holds the download orders of its own, and the first merges
// both results into one run's result (to the byte, scheduling times
// aside), keeping its orders.
func TestPartsMergeIntoOneRun(t *testing.T) {
	sc := partsRun()
	whole := New(fakeClock(time.Millisecond))
	req := request(1, protocol.KindRun)
	req.Scenario = &sc
	whole.Handle(req, nil)
	want := zeroScheduling(t, last(t, finish(t, whole), protocol.KindResult).Result)

	workers := []*Session{New(fakeClock(time.Millisecond)), New(fakeClock(time.Millisecond))}
	var results []json.RawMessage
	running := map[string]int{}
	for p, s := range workers {
		req := request(7, protocol.KindRun)
		req.Scenario, req.Part, req.Parts = &sc, p+1, 2
		rs := handleAll(t, s, req)
		for _, r := range rs[:len(rs)-1] {
			if len(r.Progress.Strategies) != len(sc.Strategies) {
				t.Fatalf("part %d: progress of %d strategies", p+1, len(r.Progress.Strategies))
			}
			for _, sp := range r.Progress.Strategies {
				if sp.Stage != scenario.StageElsewhere && sp.Stage != "waiting" {
					running[sp.Label] |= 1 << p
				}
			}
		}
		results = append(results, last(t, rs, protocol.KindResult).Result)
	}
	for _, st := range sc.Strategies {
		if m := running[st.ID]; m != 1 && m != 2 {
			t.Errorf("%s ran in parts %b, want one", st.ID, m)
		}
	}
	if running["windowed-rankmass"] != 1 {
		t.Errorf("windowed-rankmass, the costliest, ran in parts %b, want the first", running["windowed-rankmass"])
	}

	merge := request(8, protocol.KindMerge)
	merge.Scenario, merge.Parts, merge.Results = &sc, 2, results
	out := workers[0].Handle(merge, nil)
	if len(out) != 1 || out[0].Kind != protocol.KindResult || out[0].ID != 8 {
		t.Fatalf("merge answered %+v", out)
	}
	if got := zeroScheduling(t, out[0].Result); got != want {
		t.Errorf("merged\n%s\none run\n%s", got, want)
	}

	var labels []string
	for p, s := range workers {
		ask := request(9, protocol.KindOrders)
		ask.Target = 7
		r := last(t, s.Handle(ask, nil), protocol.KindResult)
		got := orderLabels(t, r)
		split := scenario.Split(mustNormalize(t, sc), 2)[p]
		if len(got) != len(split) {
			t.Errorf("part %d's orders are of %v, want strategies %v", p+1, got, split)
		}
		labels = append(labels, got...)
	}
	slices.Sort(labels)
	var ids []string
	for _, st := range sc.Strategies {
		ids = append(ids, st.ID)
	}
	slices.Sort(ids)
	if !slices.Equal(labels, ids) {
		t.Errorf("the parts' orders are of %v, want %v", labels, ids)
	}

	merge.Results = []json.RawMessage{results[1], results[0]}
	if r := last(t, workers[0].Handle(merge, nil), protocol.KindError); !strings.Contains(r.Error, "part 1 holds") {
		t.Errorf("results in the wrong order: %q", r.Error)
	}
	merge.Parts, merge.Results = 3, append(results, results[0])
	if r := last(t, workers[0].Handle(merge, nil), protocol.KindError); !strings.Contains(r.Error, "holds") {
		t.Errorf("three results for two parts: %q", r.Error)
	}
}

// TestPartBeyondTheStrategies checks that a part the scenario's
// strategies cannot fill is refused, naming the parts it makes.
func TestPartBeyondTheStrategies(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	sc := smallRun()
	req := request(1, protocol.KindRun)
	req.Scenario, req.Part, req.Parts = &sc, 5, 5
	r := last(t, s.Handle(req, nil), protocol.KindError)
	if want := "part 5 of 5: the scenario's 4 strategies make 4 parts"; r.Error != want {
		t.Errorf("error %q, want %q", r.Error, want)
	}
}

func mustNormalize(t *testing.T, sc scenario.Scenario) scenario.Scenario {
	t.Helper()
	norm, err := scenario.Normalize(sc)
	if err != nil {
		t.Fatal(err)
	}
	return norm
}

package scenario

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/refresh"
	"github.com/crawlsim/crawlsim/engine/step"
)

func runRefresh(t *testing.T, r Refresh, budget int) *RefreshResult {
	t.Helper()
	rr, err := NewRefreshRunner(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), rr, budget, nil); err != nil {
		t.Fatal(err)
	}
	res, err := rr.Result()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestRefreshScenario(t *testing.T) {
	r := Refresh{Simulation: refresh.Params{Sites: 200, Horizon: 300, Seed: 3}}
	res := runRefresh(t, r, 1)
	if len(res.Outcomes) != 5 || res.Refresh.Simulation.Users != 100 || !*res.Refresh.EqualBudget {
		t.Fatalf("%d outcomes, scenario %+v", len(res.Outcomes), res.Refresh)
	}
	// Stepping in larger units changes nothing; the result reads back.
	again := runRefresh(t, r, 1<<14)
	a, _ := MarshalRefreshResult(res)
	b, _ := MarshalRefreshResult(again)
	if !bytes.Equal(a, b) {
		t.Error("the step budget changed the result")
	}
	back, err := ParseRefreshResult(bytes.NewReader(a), "result.json")
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := MarshalRefreshResult(back); !bytes.Equal(a, c) {
		t.Error("the result does not read back to the same bytes")
	}
	// The normalized scenario reads back and normalizes to itself.
	sc, _ := MarshalRefresh(res.Refresh)
	parsed, err := ParseRefresh(bytes.NewReader(sc), "refresh.json")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := NormalizeRefresh(parsed); err != nil {
		t.Fatal(err)
	} else if again, _ := MarshalRefresh(n); !bytes.Equal(again, sc) {
		t.Errorf("normalizing twice changed the scenario:\n%s\n%s", sc, again)
	}
}

func TestRefreshErrors(t *testing.T) {
	alpha := 1.5
	r := Refresh{Policies: []string{"fixed", "sometimes", "fixed"}}
	r.Simulation.Sites = -2
	r.Simulation.Regulation = refresh.Regulation{Lower: 0.8, Upper: 0.4, Alpha: &alpha, Min: 50, Max: 10}
	_, err := NormalizeRefresh(r)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"simulation.sites: sites -2", "policies[1]: unknown policy", "policies[2]: fixed is given twice",
		"simulation.regulation.lower: lower/upper", "simulation.regulation.alpha: alpha 1.5", "simulation.regulation.min: min 50 is above max 10"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error\n%v\ndoes not say %q", err, want)
		}
	}
	// A problem of the whole simulation names no field of it.
	r = DefaultRefresh()
	r.Simulation.Horizon = 1e150
	_, err = NormalizeRefresh(r)
	if want := "simulation: far more events than can be simulated"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("horizon 1e150: %v; want %q", err, want)
	}
	_, err = ParseRefresh(strings.NewReader(`{"simulation": {"sitez": 3}}`), "r.json")
	if err == nil || !strings.Contains(err.Error(), `r.json:1:17: unknown field "sitez"`) {
		t.Errorf("unknown field: %v", err)
	}
}

// TestRefreshGolden compares a small revisit comparison with
// testdata/refresh-small.json, written by a native run of
// `go test -run TestRefreshGolden -update` and checked there by the
// closed-form and drift tests of engine/refresh; the engine's tests run
// again under GOOS=js GOARCH=wasm, where this proves the same numbers
// (floats within compareJSON's tolerance).
func TestRefreshGolden(t *testing.T) {
	res := runRefresh(t, Refresh{Simulation: refresh.Params{Sites: 60, Horizon: 200, Samples: 10, Seed: 11}}, 3)
	data, err := MarshalRefreshResult(res)
	if err != nil {
		t.Fatal(err)
	}
	goldenJSON(t, filepath.Join("testdata", "refresh-small.json"), data, data)
}

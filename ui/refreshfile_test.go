package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// savedRefresh returns the file crawlsim refresh -save-scenario writes
// for sim: the normalised scenario, every default written out.
func savedRefresh(t *testing.T, sim model.RefreshParams) []byte {
	t.Helper()
	r, err := scenario.NormalizeRefresh(model.Refresh{Simulation: sim})
	if err != nil {
		t.Fatal(err)
	}
	data, err := model.MarshalRefresh(r)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestOpenRefreshScenarioFile: a revisit scenario saved by crawlsim
// refresh, or a revisit result, opened in the Share panel fills the
// Revisits panel's fields and says so; the comparison is left alone.
func TestOpenRefreshScenarioFile(t *testing.T) {
	a, w := readyApp(t)
	a.env = &quietEnv{}
	sent, pages := len(w.sent), a.Form.Pages
	a.openScenarioText("refresh.json", savedRefresh(t, model.RefreshParams{Sites: 200, Horizon: 300, Seed: 7}), nil)
	f := a.Revisits.Form
	if a.Error != "" || f.Sites != "200" || f.Horizon != "300" || f.Seed != "7" || f.Users != DefaultRefreshForm().Users {
		t.Errorf("after the file: error %q, form %+v", a.Error, f)
	}
	if !strings.Contains(a.Notice, "refresh.json is a revisit scenario") || len(w.sent) != sent || a.Form.Pages != pages {
		t.Errorf("notice %q, %d requests sent, pages %q", a.Notice, len(w.sent)-sent, a.Form.Pages)
	}

	r, err := scenario.NormalizeRefresh(model.Refresh{Simulation: model.RefreshParams{Sites: 150}})
	if err != nil {
		t.Fatal(err)
	}
	data, err := model.MarshalRefreshResult(&model.RefreshResult{Version: model.Version, Refresh: r})
	if err != nil {
		t.Fatal(err)
	}
	a.openScenarioText("result.json", data, nil)
	if a.Error != "" || a.Revisits.Form.Sites != "150" {
		t.Errorf("a revisit result: error %q, sites %q", a.Error, a.Revisits.Form.Sites)
	}
}

// TestOpenRefreshScenarioWithHiddenSettings: a revisit scenario that sets
// what no field of the Revisits panel shows (a threshold, the sizes, the
// policies) is refused, naming those settings and the command that runs
// it, and the panel keeps its fields.
func TestOpenRefreshScenarioWithHiddenSettings(t *testing.T) {
	a, _ := readyApp(t)
	a.env = &quietEnv{}
	before := a.Revisits.Form
	sim := model.RefreshParams{Sites: 200, SiteBytes: model.Float(1000), Regulation: model.Regulation{Lower: 0.2}}
	a.openScenarioText("tuned.json", savedRefresh(t, sim), nil)
	want := "tuned.json: the Revisits panel has no field for site size 1,000, lower threshold 0.2; run it with crawlsim refresh -scenario tuned.json"
	if !strings.Contains(a.Error, want) || a.Revisits.Form != before {
		t.Errorf("error %q (want it to say %q), form %+v", a.Error, want, a.Revisits.Form)
	}
	r := model.Refresh{Simulation: model.RefreshParams{Sites: 200}, Policies: []string{"change"}}
	if got := refreshHiddenSettings(r); len(got) != 1 || got[0] != "policies change" {
		t.Errorf("one policy: hidden %q", got)
	}
}

// TestRefreshFormRoundTrip: the scenario of a simulation run from the
// Revisits panel's fields, as the panel's Scenario (JSON) writes it,
// opens again with the same fields.
func TestRefreshFormRoundTrip(t *testing.T) {
	form := DefaultRefreshForm()
	form.Sites, form.Horizon, form.Alpha, form.Seed = "250", "400", "0.3", "9"
	sc, err := form.Refresh()
	if err != nil {
		t.Fatal(err)
	}
	r, err := scenario.NormalizeRefresh(sc)
	if err != nil {
		t.Fatal(err)
	}
	if hidden := refreshHiddenSettings(r); len(hidden) != 0 {
		t.Errorf("the panel's own scenario has hidden settings %q", hidden)
	}
	if got := refreshFormOfParams(r.Simulation.WithDefaults()); got != form {
		t.Errorf("the panel's scenario opens as\n%+v, want\n%+v", got, form)
	}
}

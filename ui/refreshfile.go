package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// DownloadRefreshScenario offers the revisit scenario of the Revisits
// panel's last simulation as crawlsim refresh -save-scenario writes it,
// with every default written out, so that crawlsim refresh -scenario
// FILE gives the same table.
func (a *App) DownloadRefreshScenario() {
	r := a.Revisits.Result
	if r == nil {
		return
	}
	data, err := model.MarshalRefresh(r.Refresh)
	if err == nil {
		err = page.Download("crawlsim-revisits.json", "application/json", data)
	}
	if err != nil {
		a.Revisits.Error = err.Error()
	}
}

// openRefreshScenario shows the revisit scenario f, from the file name,
// in the Revisits panel's fields and says so, for the user to press
// Simulate. A setting of f that no field shows and that differs from
// crawlsim refresh's default is refused, naming it and how to run it,
// since the panel would drop it; the panel then keeps its fields.
func (a *App) openRefreshScenario(name string, f model.Refresh) {
	if hidden := refreshHiddenSettings(f); len(hidden) > 0 {
		a.Error = scenarioFileError(fmt.Errorf("%s: the Revisits panel has no field for %s; run it with crawlsim refresh -scenario %s",
			name, strings.Join(hidden, ", "), name))
		return
	}
	a.Revisits.Form = refreshFormOfParams(f.Simulation.WithDefaults())
	a.Revisits.Error = ""
	a.Error = ""
	a.Notice = name + " is a revisit scenario: the Revisits panel shows it; press Simulate to run it."
}

// refreshHiddenSettings lists the settings of f, each as "what value",
// that no field of the Revisits panel shows and that differ from
// crawlsim refresh's defaults (model.DefaultRefreshParams, every policy
// compared, each at equal visits too).
func refreshHiddenSettings(f model.Refresh) []string {
	p, d := f.Simulation.WithDefaults(), model.DefaultRefreshParams()
	g, dg := p.Regulation, d.Regulation
	var out []string
	for _, c := range []struct {
		what    string
		v, want float64
	}{
		{"site size", *p.SiteBytes, *d.SiteBytes}, {"migrant size", *p.MigrantBytes, *d.MigrantBytes},
		{"samples", float64(p.Samples), float64(d.Samples)}, {"change window", float64(g.Window), float64(dg.Window)},
		{"lower threshold", g.Lower, dg.Lower}, {"upper threshold", g.Upper, dg.Upper},
		{"lower interest threshold", g.InterestLower, dg.InterestLower}, {"upper interest threshold", g.InterestUpper, dg.InterestUpper},
	} {
		if c.v != c.want {
			out = append(out, c.what+" "+model.Number(c.v))
		}
	}
	if len(f.Policies) > 0 && !slices.Equal(f.Policies, model.RefreshPolicies()) {
		out = append(out, "policies "+strings.Join(f.Policies, ","))
	}
	if f.EqualBudget != nil && !*f.EqualBudget {
		out = append(out, "no comparison at equal visits")
	}
	return out
}

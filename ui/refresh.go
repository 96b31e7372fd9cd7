package main

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/refresh"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// RefreshForm is the Revisit panel's scenario as typed (SPEC.md section 7).
type RefreshForm struct {
	Sites, Horizon, ChangeMin, ChangeMax, Users, UserRate, Popularity string
	Initial, Min, Max, Alpha, MinInterest, Seed                       string
}

// DefaultRefreshForm shows refresh.DefaultParams on 300 sites, which
// simulates in a moment in the browser.
func DefaultRefreshForm() RefreshForm {
	p := refresh.DefaultParams()
	g := p.Regulation
	return RefreshForm{Sites: "300", Horizon: num(p.Horizon), ChangeMin: num(p.ChangeMin), ChangeMax: num(p.ChangeMax),
		Users: strconv.Itoa(p.Users), UserRate: num(p.UserRate / 1000 * 300), Popularity: num(*p.Popularity),
		Initial: num(g.Initial), Min: num(g.Min), Max: num(g.Max), Alpha: num(*g.Alpha), MinInterest: num(g.MinInterest), Seed: "1"}
}

// Refresh returns the revisit scenario of the form, or an error naming
// the fields that do not read.
func (f RefreshForm) Refresh() (scenario.Refresh, error) {
	var errs []error
	real := func(name, text string) float64 {
		v, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %q is not a number", name, text))
		}
		return v
	}
	whole := func(name, text string) int {
		v, err := strconv.Atoi(strings.TrimSpace(text))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %q is not a whole number", name, text))
		}
		return v
	}
	// nonZero refuses a 0 in a field whose 0 scenario.Refresh.Normalize
	// would replace by its default, naming the field, rather than
	// simulate with another number than the one typed.
	nonZero := func(name string, v float64) float64 {
		if v == 0 {
			errs = append(errs, fmt.Errorf("%s: 0 is not allowed: want a positive number", name))
		}
		return v
	}
	p := refresh.Params{
		Sites: int(nonZero("sites", float64(whole("sites", f.Sites)))), Horizon: nonZero("horizon", real("horizon", f.Horizon)),
		ChangeMin: nonZero("lowest change rate", real("lowest change rate", f.ChangeMin)), ChangeMax: nonZero("highest change rate", real("highest change rate", f.ChangeMax)),
		Users: int(nonZero("users", float64(whole("users", f.Users)))), UserRate: nonZero("user visits", real("user visits", f.UserRate)),
		Popularity: refresh.Float(real("popularity", f.Popularity)), Seed: uint64(whole("seed", f.Seed)),
	}
	alpha := real("alpha", f.Alpha)
	p.Regulation = refresh.Regulation{Initial: nonZero("t0", real("t0", f.Initial)), Min: nonZero("tmin", real("tmin", f.Min)), Max: nonZero("tmax", real("tmax", f.Max)),
		Alpha: &alpha, MinInterest: real("minimum interest", f.MinInterest)}
	if p.Seed > 1<<62 {
		errs = append(errs, errors.New("seed: too large"))
	}
	if err := errors.Join(errs...); err != nil {
		return scenario.Refresh{}, err
	}
	return scenario.Refresh{Simulation: p}, nil
}

// SetRefresh changes one field of the Revisit form.
func (a *App) SetRefresh(field, value string) {
	f := &a.RefreshForm
	fields := map[string]*string{"sites": &f.Sites, "horizon": &f.Horizon, "change-min": &f.ChangeMin, "change-max": &f.ChangeMax,
		"users": &f.Users, "user-rate": &f.UserRate, "popularity": &f.Popularity, "t0": &f.Initial, "tmin": &f.Min, "tmax": &f.Max,
		"alpha": &f.Alpha, "min-interest": &f.MinInterest, "seed": &f.Seed}
	if p, ok := fields[field]; ok {
		*p = value
	}
}

// RefreshBusy reports whether a revisit simulation runs.
func (a *App) RefreshBusy() bool { return a.refreshReq != 0 }

// RunRefresh runs the Revisit form's scenario in the worker.
func (a *App) RunRefresh() {
	a.RefreshError = ""
	r, err := a.RefreshForm.Refresh()
	if err == nil {
		_, err = r.Normalize()
	}
	if err != nil {
		a.RefreshError = err.Error()
		return
	}
	if a.worker == nil || !a.ready || a.workerBusy() {
		a.RefreshError = "The worker is busy; try again when the run is done."
		return
	}
	req := a.request(protocol.KindRefresh)
	req.Refresh = &r
	if err := a.worker.Send(req); err != nil {
		a.RefreshError = err.Error()
		return
	}
	a.refreshReq, a.RefreshProgress = req.ID, &protocol.Progress{Stage: "starting"}
}

// CancelRefresh cancels the simulation in flight.
func (a *App) CancelRefresh() { a.cancel(a.refreshReq) }

// refreshDone takes the simulation's result.
func (a *App) refreshDone(data []byte) {
	a.refreshReq, a.RefreshProgress = 0, nil
	res, err := scenario.ParseRefreshResult(bytes.NewReader(data), "the worker's result")
	if err != nil {
		a.RefreshError = err.Error()
		return
	}
	var b strings.Builder
	if err := report.RefreshSVG(&b, res); err != nil {
		a.RefreshError = err.Error()
		return
	}
	a.RefreshResult, a.RefreshSVG = res, b.String()
}

// RefreshTable returns the comparison's header and rows, as the command
// line prints them.
func (a *App) RefreshTable() ([]string, [][]string) {
	if a.RefreshResult == nil {
		return nil, nil
	}
	return report.RefreshRows(a.RefreshResult)
}

package main

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// RefreshForm is the Revisit panel's scenario as typed (docs/algorithms.md section 7).
type RefreshForm struct {
	Sites, Horizon, ChangeMin, ChangeMax, Users, UserRate, Popularity string
	Initial, Min, Max, Alpha, MinInterest, Seed                       string
}

// RefreshSites is the page's default number of simulated sites, fewer
// than crawlsim refresh's (refresh.DefaultParams) so that the simulation
// takes a moment in the browser; the panel says so.
const RefreshSites = 300

// DefaultRefreshForm shows refresh.DefaultParams, crawlsim refresh's
// defaults, on RefreshSites sites.
func DefaultRefreshForm() RefreshForm {
	f := refreshFormOfParams(model.DefaultRefreshParams())
	f.Sites = strconv.Itoa(RefreshSites)
	return f
}

// refreshFormOfParams returns the form showing p, whose defaults are
// filled in (model.RefreshParams.WithDefaults).
func refreshFormOfParams(p model.RefreshParams) RefreshForm {
	g := p.Regulation
	return RefreshForm{Sites: strconv.Itoa(p.Sites), Horizon: num(p.Horizon), ChangeMin: num(p.ChangeMin), ChangeMax: num(p.ChangeMax),
		Users: strconv.Itoa(p.Users), UserRate: num(p.UserRate), Popularity: num(*p.Popularity),
		Initial: num(g.Initial), Min: num(g.Min), Max: num(g.Max), Alpha: num(*g.Alpha), MinInterest: num(g.MinInterest), Seed: strconv.FormatUint(p.Seed, 10)}
}

// Refresh returns the revisit scenario of the form, or an error naming
// each field that is wrong, as labelled (revisitCheck).
func (f RefreshForm) Refresh() (model.Refresh, error) {
	c := revisitCheck{form: f, defaults: DefaultRefreshForm(), wrong: map[string]bool{}}
	p := c.params()
	if err := errors.Join(c.errs...); err != nil {
		return model.Refresh{}, err
	}
	return model.Refresh{Simulation: p}, nil
}

// Revisits is the state of the Revisits panel: its form, the simulation
// in flight, and the last result with what is drawn from it.
type Revisits struct {
	// panelRequest is the simulation in flight and the panel's error.
	panelRequest
	// Form is the simulation's scenario as typed.
	Form RefreshForm
	// Result is the last simulation; SVG, Head and Rows are drawn from it
	// once, when it arrives.
	Result *model.RefreshResult
	SVG    string
	Head   []string
	Rows   [][]string
	// drawnWidth is the width SVG was drawn for (its box's, draw).
	drawnWidth int
	// Announce is what the panel's live region says when a simulation
	// starts, ends, fails or is cancelled; Cancelled says, in the panel,
	// that the last simulation was cancelled, until the next starts.
	Announce  string
	Cancelled bool
}

// newRevisits returns the panel's state with its default form.
func newRevisits(q *workerqueue.Requests) Revisits {
	return Revisits{panelRequest: panelRequest{q: q}, Form: DefaultRefreshForm()}
}

// Run runs the form's simulation in the worker.
func (r *Revisits) Run() {
	r.Error, r.Cancelled = "", false
	// The worker normalises the simulation; what it refuses is shown as
	// Error, like the form's own errors.
	sc, err := r.Form.Refresh()
	if err != nil {
		r.Error = err.Error()
		return
	}
	req := r.q.Request(protocol.KindRefresh)
	req.Refresh = &sc
	started := r.start(req, &workerqueue.Pending{Done: r.done, Invalid: func(fields []protocol.FieldError) {
		lines := make([]string, len(fields))
		for i, fe := range fields {
			lines[i] = fe.Message
			if fe.Field != "" {
				label, msg := revisitProblem(fe.Field, fe.Message)
				lines[i] = label + ": " + msg
			}
		}
		r.Error = strings.Join(lines, "\n")
		r.Announce = "The simulation was refused."
	}, Failed: func(msg string) {
		r.Error = msg
		r.Announce = "The simulation failed."
	}, Cancelled: func() {
		r.Cancelled = true
		r.Announce = "Simulation cancelled."
	}})
	if started {
		r.Announce = "Simulating revisits…"
	}
}

// done takes the simulation's result and draws its table, and its chart
// at its box's width (draw).
func (r *Revisits) done(resp protocol.Response) {
	res, err := reader.ParseRefreshResult(bytes.NewReader(resp.Result), "the worker's result")
	if err != nil {
		r.Error = err.Error()
		return
	}
	head, rows := report.RefreshRows(res)
	r.Result, r.Head, r.Rows = res, head, groupRows(rows)
	r.draw()
	r.Announce = "Done: the revisit policies' table and chart are below."
}

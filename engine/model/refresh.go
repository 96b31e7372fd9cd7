package model

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Refresh is a revisit-scheduling scenario (docs/algorithms.md section 7; Singhal et al. 2012):
// a simulated web of changing sites and their users, and the policies that
// regulate how often the crawler comes back. Like a Scenario, it fully
// determines its result, natively and in the browser, and reads and
// writes as strict JSON.
type Refresh struct {
	// Version is Version.
	Version int `json:"version,omitempty"`
	// Simulation describes the web and the crawler's regulation; zero
	// fields take DefaultRefreshParams's values.
	Simulation RefreshParams `json:"simulation"`
	// Policies are the policies compared, in order (default: fixed,
	// change, change+interest).
	Policies []string `json:"policies"`
	// EqualBudget also runs, for every adaptive policy, a fixed policy
	// with as many visits (default true).
	EqualBudget *bool `json:"equal_budget,omitempty"`
}

// RefreshPolicies returns the revisit policies in the order they are
// compared, the policies of a Refresh that names none: a fixed interval,
// the change ratio (Singhal et al. 2012, Eq. 1-2), and the change ratio
// with the users' interest (Eq. 3-4).
func RefreshPolicies() []string { return []string{"fixed", "change", "change+interest"} }

// RefreshResult is the outcome of a Refresh scenario.
type RefreshResult struct {
	// Version is Version.
	Version int `json:"version"`
	// Refresh is the scenario run, with every default filled in.
	Refresh Refresh `json:"refresh"`
	// Outcomes has one outcome per policy run (refresh.Comparison).
	Outcomes []RefreshOutcome `json:"outcomes"`
}

// RefreshParams describe a simulated web and its crawler (docs/algorithms.md section
// 7; refresh.Params). Zero fields take the defaults of
// DefaultRefreshParams; their JSON omits them, so that a written 0 is
// never read as "the default" (the scenario reader refuses it). The optional numbers whose 0 is a value are pointers.
type RefreshParams struct {
	// Sites is S, the number of sites.
	Sites int `json:"sites,omitempty"`
	// Horizon is the simulated time, in the units of the intervals.
	Horizon float64 `json:"horizon,omitempty"`
	// ChangeMin and ChangeMax bound the sites' change rates λ (changes per
	// unit of time), drawn log-uniformly between them: a web of pages
	// that change hourly and pages that change monthly.
	ChangeMin float64 `json:"change_min,omitempty"`
	ChangeMax float64 `json:"change_max,omitempty"`
	// Users is the number of simulated users, and UserRate their visits
	// per unit of time over all sites, which the sites share by a Zipf law
	// of exponent Popularity (heavy-tailed: a few sites get most visits;
	// 0 shares them evenly, so it is a pointer: nil takes the default).
	Users      int      `json:"users,omitempty"`
	UserRate   float64  `json:"user_rate,omitempty"`
	Popularity *float64 `json:"popularity,omitempty"`
	// SiteBytes is what a central crawler downloads at every visit of a
	// site; a migrating crawler sends a migrant of MigrantBytes and brings
	// back SiteBytes only when the site changed (Singhal et al. 2012, section III).
	// Both may be 0, so nil takes the default.
	SiteBytes    *float64 `json:"site_bytes,omitempty"`
	MigrantBytes *float64 `json:"migrant_bytes,omitempty"`
	// Samples is the number of points of the series over time.
	Samples int `json:"samples,omitempty"`
	// Seed seeds the sites and their changes and users; every policy sees
	// the same ones (common random numbers). Left out of the JSON it is
	// DefaultRandomSeed.
	Seed uint64 `json:"seed"`
	// Regulation regulates the intervals.
	Regulation Regulation `json:"regulation"`
}

// DefaultRefreshParams returns the defaults (refresh.DefaultParams): 1,000
// sites over 1,000 units of time, change rates from 0.01 to 1 per unit,
// 100 users making 2,000 visits per unit (so that a popular site sees
// most users between two crawls and a rare one almost none), Zipf popularity of exponent 1, 50 kB
// per site and 5 kB per migrant, 100 samples, DefaultRegulation, and
// random seed DefaultRandomSeed, as a seed left out of the JSON.
func DefaultRefreshParams() RefreshParams {
	return RefreshParams{Sites: 1000, Horizon: 1000, ChangeMin: 0.01, ChangeMax: 1, Users: 100, UserRate: 2000, Popularity: Float(1),
		SiteBytes: Float(50000), MigrantBytes: Float(5000), Samples: 100, Seed: DefaultRandomSeed, Regulation: DefaultRegulation()}
}

// Values of the optional fields, once defaults are filled in.
func (p RefreshParams) popularity() float64   { return *p.Popularity }
func (p RefreshParams) siteBytes() float64    { return *p.SiteBytes }
func (p RefreshParams) migrantBytes() float64 { return *p.MigrantBytes }

// keepOrDefault returns v when set, else a fresh pointer to *def.
func keepOrDefault(v, def *float64) *float64 {
	if v != nil {
		return Float(*v)
	}
	return Float(*def)
}

// WithDefaults fills the zero fields.
func (p RefreshParams) WithDefaults() RefreshParams {
	d := DefaultRefreshParams()
	if p.Sites == 0 {
		p.Sites = d.Sites
	}
	if p.Users == 0 {
		p.Users = d.Users
	}
	if p.Samples == 0 {
		p.Samples = d.Samples
	}
	p.Popularity = keepOrDefault(p.Popularity, d.Popularity)
	p.SiteBytes = keepOrDefault(p.SiteBytes, d.SiteBytes)
	p.MigrantBytes = keepOrDefault(p.MigrantBytes, d.MigrantBytes)
	for _, f := range []struct {
		v   *float64
		def float64
	}{
		{&p.Horizon, d.Horizon}, {&p.ChangeMin, d.ChangeMin}, {&p.ChangeMax, d.ChangeMax}, {&p.UserRate, d.UserRate},
	} {
		if *f.v == 0 {
			*f.v = f.def
		}
	}
	p.Regulation = p.Regulation.WithDefaults()
	return p
}

// Limits that keep a simulation within memory and time.
const (
	// MaxRefreshSites is the most sites of a simulation.
	MaxRefreshSites = 1 << 20
	// MaxRefreshUsers is the most simulated users.
	MaxRefreshUsers = 1 << 16
	// MaxRefreshSamples is the most points of the series over time.
	MaxRefreshSamples = 100000
	// MaxRefreshEvents bounds the events of a simulation (Events), so
	// that a step stays a step and memory a series.
	MaxRefreshEvents = 100_000_000
	// MaxRefreshBytes is the most bytes of a site's download and of a
	// migrant (SiteBytes, MigrantBytes), a petabyte: the traffic, at most
	// the visits (about MaxRefreshEvents) times both, stays far inside
	// float64, and its shares (what migrants save) numbers.
	MaxRefreshBytes = 1e15
	// MaxRefreshHorizon is the longest horizon: the mean age sums the
	// squares of the times a copy stays stale, at most Horizon² a site,
	// which stays finite for MaxRefreshSites sites.
	MaxRefreshHorizon = 1e150
)

// MinRefreshThreshold is the least lower threshold of the regulation
// (Regulation.Lower and InterestLower), the least normal float64: a ratio
// of at most 1 over it stays finite, where over a subnormal one it
// overflows and Eq. 2's (1 - p/p_l)·u(p_l - p) turns to ∞·0, not a
// number. The change ratio is 0 or at least 1/Window and the interest 0
// or at least 1/Users, so no smaller threshold would regulate otherwise.
const MinRefreshThreshold = 0x1p-1022

// Events is the number of events a simulation of p is expected to draw:
// over the horizon, every site's changes and the crawler's visits (at
// most one per shortest interval), and the users' visits. Validate
// refuses more than MaxRefreshEvents; p has its defaults filled in.
func (p RefreshParams) Events() float64 {
	return p.Horizon * (float64(p.Sites)*(p.ChangeMax+1/p.Regulation.Min) + p.UserRate)
}

// refreshProblem is a problem of a revisit simulation: the field it is
// about, by its JSON path in a revisit scenario (Refresh), and the
// message; value says whether it is about that field's value alone, not
// about its order with another field or the simulation as a whole.
type refreshProblem struct {
	FieldError
	value bool
}

// refreshProblems gathers the problems of a revisit simulation.
type refreshProblems []refreshProblem

// add adds the problem of the field, its message written by format with
// its numbers in words (numbersInWords); value as refreshProblem's.
func (l *refreshProblems) add(field string, value bool, format string, args ...any) {
	*l = append(*l, refreshProblem{FieldError{Field: field, Message: fmt.Sprintf(format, numbersInWords(args)...)}, value})
}

// problems returns the problems of p, with its defaults filled in, in
// the order Validate says them.
func (p RefreshParams) problems() []refreshProblem {
	var out refreshProblems
	add := out.add
	positive := func(name string, v float64) bool {
		if !(v > 0) || math.IsInf(v, 0) {
			add("simulation."+name, true, "%s %s: want a positive number", name, v)
			return false
		}
		return true
	}
	if p.Sites < 1 || p.Sites > MaxRefreshSites {
		add("simulation.sites", true, "sites %s: want 1 to %s", p.Sites, MaxRefreshSites)
	}
	if p.Users < 1 || p.Users > MaxRefreshUsers {
		add("simulation.users", true, "users %s: want 1 to %s", p.Users, MaxRefreshUsers)
	}
	if p.Samples < 1 || p.Samples > MaxRefreshSamples {
		add("simulation.samples", true, "samples %s: want 1 to %s", p.Samples, MaxRefreshSamples)
	}
	if positive("horizon", p.Horizon) && p.Horizon > MaxRefreshHorizon {
		add("simulation.horizon", true, "horizon %s is too long: at most %s, so that the mean age, a sum of squared times, stays finite", p.Horizon, MaxRefreshHorizon)
	}
	// The two change rates are compared only when each is a rate: a
	// problem is said once, not again as the order of the two.
	rates := positive("change_min", p.ChangeMin)
	rates = positive("change_max", p.ChangeMax) && rates
	positive("user_rate", p.UserRate)
	if rates && p.ChangeMin > p.ChangeMax {
		add("simulation.change_min", false, "change_min %s is above change_max %s", p.ChangeMin, p.ChangeMax)
	}
	if pop := p.popularity(); !(pop >= 0) || math.IsInf(pop, 0) {
		add("simulation.popularity", true, "popularity %s: want a Zipf exponent of 0 or more", pop)
	}
	for _, b := range []struct {
		name string
		v    float64
	}{{"site_bytes", p.siteBytes()}, {"migrant_bytes", p.migrantBytes()}} {
		switch {
		case !(b.v >= 0):
			add("simulation."+b.name, true, "%s %s: want a size of 0 or more", b.name, b.v)
		case b.v > MaxRefreshBytes:
			add("simulation."+b.name, true, "%s %s is too large: at most %s bytes, so that the traffic stays computable", b.name, b.v, MaxRefreshBytes)
		}
	}
	for _, r := range p.Regulation.problems() {
		r.Field = "simulation.regulation." + r.Field
		out = append(out, r)
	}
	if len(out) == 0 {
		if events := p.Events(); events > MaxRefreshEvents {
			// A count of 10^21 or more would be written in e-notation
			// (Number), which is no use to a reader.
			amount := "about " + About(events) + " events"
			if !(events < 1e21) {
				amount = "far more events than can be simulated"
			}
			add("simulation", false, "%s (sites × horizon × rates): at most %s; shorten the horizon or lower the rates", amount, Count(MaxRefreshEvents))
		}
	}
	return out
}

// Validate checks p with its defaults filled in: one line a problem,
// those of the regulation after "regulation: ".
func (p RefreshParams) Validate() error {
	var errs []error
	for _, r := range p.problems() {
		msg := r.Message
		if strings.HasPrefix(r.Field, "simulation.regulation.") {
			msg = "regulation: " + msg
		}
		errs = append(errs, errors.New(msg))
	}
	return errors.Join(errs...)
}

// Problems returns the problems Validate finds in p, with its defaults
// filled in, each naming the field of a revisit scenario (Refresh) it is
// about by its JSON path ("simulation.regulation.alpha"; "simulation"
// for the events of the whole simulation), its message starting with the
// field's JSON name and value ("alpha 2: want a weight from 0 to 1").
// scenario.NormalizeRefresh refuses them, so crawlsim refresh and the
// worker say them.
func (p RefreshParams) Problems() []FieldError {
	return fieldErrorsOf(p.problems(), false)
}

// ValueProblems returns those of Problems about one field's value alone,
// leaving out those about the order of two fields ("min 500 is above max
// 200") and the events of the whole simulation, which Problems says only
// once the values are right: the page's Revisits panel says them under
// its fields' labels before a simulation, and the order of its fields in
// its own words, under the field the reader changed.
func (p RefreshParams) ValueProblems() []FieldError {
	return fieldErrorsOf(p.problems(), true)
}

// fieldErrorsOf returns the field errors of list, only those about one
// field's value when valuesOnly.
func fieldErrorsOf(list []refreshProblem, valuesOnly bool) []FieldError {
	var out []FieldError
	for _, r := range list {
		if r.value || !valuesOnly {
			out = append(out, r.FieldError)
		}
	}
	return out
}

// Regulation are the parameters of the interval regulation.
type Regulation struct {
	// Initial is t_0, every site's first interval (default 10).
	Initial float64 `json:"initial,omitempty"`
	// Min and Max clamp the interval (defaults 1 and 200: docs/algorithms.md section 7
	// asks for at least 200, so that its worked examples from t_n = 100 are
	// not cut).
	Min float64 `json:"min,omitempty"`
	Max float64 `json:"max,omitempty"`
	// Window is n, the crawler's last visits of a site over which the
	// change ratio is counted (default 10).
	Window int `json:"window,omitempty"`
	// Lower and Upper are p_l and p_g for the change ratio (defaults 0.3
	// and 0.7): above p_g the interval shrinks, below p_l it grows.
	Lower float64 `json:"lower,omitempty"`
	Upper float64 `json:"upper,omitempty"`
	// Alpha weighs the change term against the interest term (default
	// 0.5, the paper's equal weighting).
	Alpha *float64 `json:"alpha,omitempty"`
	// InterestLower and InterestUpper are p_l' and p_g' for the interest
	// (defaults 0.5 and 0.8).
	InterestLower float64 `json:"interest_lower,omitempty"`
	InterestUpper float64 `json:"interest_upper,omitempty"`
	// MinInterest is a: a site whose interest is below it gets no interest
	// term (default 0).
	MinInterest float64 `json:"min_interest"`
}

// DefaultRegulation returns the defaults of every field.
func DefaultRegulation() Regulation {
	alpha := 0.5
	return Regulation{Initial: 10, Min: 1, Max: 200, Window: 10, Lower: 0.3, Upper: 0.7, Alpha: &alpha,
		InterestLower: 0.5, InterestUpper: 0.8}
}

// WithDefaults fills the zero fields (Alpha when nil) with the defaults.
func (r Regulation) WithDefaults() Regulation {
	d := DefaultRegulation()
	fill := func(v *float64, def float64) {
		if *v == 0 {
			*v = def
		}
	}
	fill(&r.Initial, d.Initial)
	fill(&r.Min, d.Min)
	fill(&r.Max, d.Max)
	fill(&r.Lower, d.Lower)
	fill(&r.Upper, d.Upper)
	fill(&r.InterestLower, d.InterestLower)
	fill(&r.InterestUpper, d.InterestUpper)
	if r.Window == 0 {
		r.Window = d.Window
	}
	if r.Alpha == nil {
		r.Alpha = d.Alpha
	}
	return r
}

// Validate checks a regulation with its defaults filled in; the errors
// name the fields.
func (r Regulation) Validate() error {
	var errs []error
	for _, p := range r.problems() {
		errs = append(errs, errors.New(p.Message))
	}
	return errors.Join(errs...)
}

// problems returns the problems of r, with its defaults filled in, in
// the order Validate says them, each naming its field by its JSON name
// in a regulation.
func (r Regulation) problems() []refreshProblem {
	var out refreshProblems
	add := out.add
	interval := func(v float64) bool { return v > 0 && !math.IsInf(v, 0) }
	minOK, maxOK := interval(r.Min), interval(r.Max)
	if !minOK {
		add("min", true, "min %s: want a positive interval", r.Min)
	}
	if !maxOK {
		add("max", true, "max %s: want a positive interval", r.Max)
	}
	if minOK && maxOK && r.Min > r.Max {
		add("min", false, "min %s is above max %s", r.Min, r.Max)
	}
	if !interval(r.Initial) {
		add("initial", true, "initial %s: want a positive interval", r.Initial)
	} else if minOK && maxOK && (r.Initial < r.Min || r.Initial > r.Max) {
		add("initial", false, "initial %s is outside [min, max] = [%s, %s]", r.Initial, r.Min, r.Max)
	}
	if r.Window < 1 {
		add("window", true, "window %s: want at least 1 visit", r.Window)
	}
	for _, p := range []struct {
		field, name  string
		lower, upper float64
	}{{"lower", "lower/upper", r.Lower, r.Upper}, {"interest_lower", "interest_lower/interest_upper", r.InterestLower, r.InterestUpper}} {
		if !(p.lower > 0 && p.upper <= 1) {
			add(p.field, true, "%s %s/%s: want thresholds in (0, 1]", p.name, p.lower, p.upper)
		} else if p.lower < MinRefreshThreshold {
			add(p.field, true, "%s %s/%s: the lower threshold must be at least %s (the least normal float64), so that a ratio over it stays finite",
				p.name, p.lower, p.upper, MinRefreshThreshold)
		} else if p.lower >= p.upper {
			add(p.field, false, "%s %s/%s: the lower threshold must be below the upper one", p.name, p.lower, p.upper)
		}
	}
	if r.Alpha != nil && !(*r.Alpha >= 0 && *r.Alpha <= 1) {
		add("alpha", true, "alpha %s: want a weight from 0 to 1", *r.Alpha)
	}
	if !(r.MinInterest >= 0 && r.MinInterest <= 1) {
		add("min_interest", true, "min_interest %s: want a share from 0 to 1", r.MinInterest)
	}
	return out
}

// RefreshOutcome is one policy's simulation.
type RefreshOutcome struct {
	// Policy is the policy, and Label names the run: the policy, or for
	// a fixed policy at another's budget "fixed at the visits of X".
	Policy string `json:"policy"`
	Label  string `json:"label"`
	// Interval is the fixed interval of a fixed policy; 0 otherwise.
	Interval float64 `json:"interval,omitempty"`
	// Freshness is the time-averaged share of sites whose copy is
	// current; UserFreshness the share of user visits that found the
	// copy current; MeanAge the time-averaged age of the copies (0 while
	// current, else the time since the site first changed after the
	// crawler's last visit).
	Freshness     float64 `json:"freshness"`
	UserFreshness float64 `json:"user_freshness"`
	MeanAge       float64 `json:"mean_age"`
	// Visits counts the crawler's visits, Unchanged those that found no
	// change, UserVisits the users' visits.
	Visits     int64 `json:"visits"`
	Unchanged  int64 `json:"unchanged"`
	UserVisits int64 `json:"user_visits"`
	// CentralBytes and MigrantBytes are the network traffic of a central
	// crawler (every visit downloads the site) and of a migrating one
	// (a migrant per visit, and the site only when it changed).
	CentralBytes float64 `json:"central_bytes"`
	MigrantBytes float64 `json:"migrant_bytes"`
	// MeanInterval is the mean of the sites' intervals at the horizon.
	MeanInterval float64 `json:"mean_interval"`
	// Series samples the run over time: at Times, the share of sites
	// whose copy is current and the traffic so far.
	Series RefreshSeries `json:"series"`
}

// RefreshSeries are values over simulated time.
type RefreshSeries struct {
	Times   []float64 `json:"times"`
	Fresh   []float64 `json:"fresh"`
	Central []float64 `json:"central_bytes"`
	Migrant []float64 `json:"migrant_bytes"`
}

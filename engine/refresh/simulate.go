package refresh

import (
	"container/heap"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/crawlsim/crawlsim/engine/step"
)

// Params describe a simulated web and its crawler (SPEC.md section 7).
// Zero fields take the defaults of DefaultParams; their JSON omits them,
// so that a written 0 is never read as "the default" (the scenario reader
// refuses it). The optional numbers whose 0 is a value are pointers.
type Params struct {
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
	// back SiteBytes only when the site changed (seeds/002, section III).
	// Both may be 0, so nil takes the default.
	SiteBytes    *float64 `json:"site_bytes,omitempty"`
	MigrantBytes *float64 `json:"migrant_bytes,omitempty"`
	// Samples is the number of points of the series over time.
	Samples int `json:"samples,omitempty"`
	// Seed seeds the sites and their changes and users; every policy sees
	// the same ones (common random numbers).
	Seed uint64 `json:"seed"`
	// Regulation regulates the intervals.
	Regulation Regulation `json:"regulation"`
}

// DefaultParams returns the defaults: 1,000 sites over 1,000 units of
// time, change rates from 0.01 to 1 per unit, 100 users making 2,000
// visits per unit (so that a popular site sees most users between two
// crawls and a rare one almost none), Zipf popularity of exponent 1, 50 kB
// per site and 5 kB per migrant, 100 samples, and DefaultRegulation.
func DefaultParams() Params {
	return Params{Sites: 1000, Horizon: 1000, ChangeMin: 0.01, ChangeMax: 1, Users: 100, UserRate: 2000, Popularity: Float(1),
		SiteBytes: Float(50000), MigrantBytes: Float(5000), Samples: 100, Regulation: DefaultRegulation()}
}

// Float returns a pointer to v, for the optional fields of Params and
// Regulation.
func Float(v float64) *float64 { return &v }

// Values of the optional fields, once defaults are filled in.
func (p Params) popularity() float64   { return *p.Popularity }
func (p Params) siteBytes() float64    { return *p.SiteBytes }
func (p Params) migrantBytes() float64 { return *p.MigrantBytes }

// keepOrDefault returns v when set, else a fresh pointer to *def.
func keepOrDefault(v, def *float64) *float64 {
	if v != nil {
		return Float(*v)
	}
	return Float(*def)
}

// WithDefaults fills the zero fields.
func (p Params) WithDefaults() Params {
	d := DefaultParams()
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
	// MaxSites is the most sites of a simulation.
	MaxSites = 1 << 20
	// MaxUsers is the most simulated users.
	MaxUsers = 1 << 16
	// MaxSamples is the most points of the series over time.
	MaxSamples = 100000
)

// Validate checks p with its defaults filled in.
func (p Params) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	positive := func(name string, v float64) {
		if !(v > 0) || math.IsInf(v, 0) {
			bad("%s %v: want a positive number", name, v)
		}
	}
	if p.Sites < 1 || p.Sites > MaxSites {
		bad("sites %d: want 1 to %d", p.Sites, MaxSites)
	}
	if p.Users < 1 || p.Users > MaxUsers {
		bad("users %d: want 1 to %d", p.Users, MaxUsers)
	}
	if p.Samples < 1 || p.Samples > MaxSamples {
		bad("samples %d: want 1 to %d", p.Samples, MaxSamples)
	}
	positive("horizon", p.Horizon)
	positive("change_min", p.ChangeMin)
	positive("change_max", p.ChangeMax)
	positive("user_rate", p.UserRate)
	if p.ChangeMin > p.ChangeMax {
		bad("change_min %v is above change_max %v", p.ChangeMin, p.ChangeMax)
	}
	if pop := p.popularity(); !(pop >= 0) || math.IsInf(pop, 0) {
		bad("popularity %v: want a Zipf exponent of 0 or more", pop)
	}
	if sb, mb := p.siteBytes(), p.migrantBytes(); !(sb >= 0) || !(mb >= 0) || math.IsInf(sb+mb, 0) {
		bad("site_bytes %v and migrant_bytes %v: want sizes of 0 or more", sb, mb)
	}
	if err := p.Regulation.Validate(); err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			errs = append(errs, errors.New("regulation: "+line))
		}
	}
	// Expected events, bounded so a step stays a step and memory a
	// series: about a hundred million at most.
	if len(errs) == 0 {
		events := p.Horizon * (float64(p.Sites)*(p.ChangeMax+1/p.Regulation.Min) + p.UserRate)
		if events > 1e8 {
			bad("about %.3g events (sites × horizon × rates): at most 1e8; shorten the horizon or lower the rates", events)
		}
	}
	return errors.Join(errs...)
}

// Outcome is one policy's simulation.
type Outcome struct {
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
	Series Series `json:"series"`
}

// Series are values over simulated time.
type Series struct {
	Times   []float64 `json:"times"`
	Fresh   []float64 `json:"fresh"`
	Central []float64 `json:"central_bytes"`
	Migrant []float64 `json:"migrant_bytes"`
}

// Event kinds, in the order of ties.
const (
	evChange = iota
	evUser
	evVisit
)

type event struct {
	t    float64
	kind uint8
	site uint32
}

type events []event

func (h events) Len() int { return len(h) }
func (h events) Less(i, j int) bool {
	a, b := h[i], h[j]
	if a.t != b.t {
		return a.t < b.t
	}
	if a.kind != b.kind {
		return a.kind < b.kind
	}
	return a.site < b.site
}
func (h events) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *events) Push(x any)   { *h = append(*h, x.(event)) }
func (h *events) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// site is one simulated site.
type site struct {
	lambda, mu float64
	changes    *rand.Rand
	users      *rand.Rand
	interval   float64

	fresh       bool
	since       float64 // fresh since, or first change since the last visit when stale
	changedLast bool    // changed since the crawler's last visit

	history  []bool // the last Window visits: changed or not
	hpos     int
	hcount   int
	seen     []uint64 // users seen since the last visit
	distinct int
}

// Simulation runs one policy (step.Stepper); a unit of budget is 256
// events.
type Simulation struct {
	p          Params
	policy     string
	interval   float64 // the fixed interval
	sites      []site
	queue      events
	freshN     int
	out        Outcome
	freshSum   float64 // ∫ share of fresh sites dt, summed per site
	ageSum     float64
	userFresh  int64
	nextSample int
	done       bool
}

// eventsPerUnit is the events one unit of budget processes.
const eventsPerUnit = 256

// Streams of Params.Seed.
const (
	sitesStream  = 0x7369746573 // "sites"
	changeStream = 1 << 40
	userStream   = 2 << 40
)

// NewSimulation prepares policy on the web of p (with defaults filled in
// and valid). interval is the fixed policy's interval (0 for
// Regulation.Initial); label names the run (empty for the policy).
func NewSimulation(p Params, policy string, interval float64, label string) (*Simulation, error) {
	p = p.WithDefaults()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	switch policy {
	case Fixed, Change, ChangeInterest:
	default:
		return nil, fmt.Errorf("refresh: unknown policy %q; want fixed, change or change+interest", policy)
	}
	if interval == 0 {
		interval = p.Regulation.Initial
	}
	if !(interval > 0) {
		return nil, fmt.Errorf("refresh: fixed interval %v; want a positive interval", interval)
	}
	if label == "" {
		label = policy
	}
	s := &Simulation{p: p, policy: policy, interval: interval, out: Outcome{Policy: policy, Label: label}}
	if policy == Fixed {
		s.out.Interval = interval
	}
	// The sites' rates: change rates log-uniform, popularity by a Zipf
	// law over a random ranking of the sites.
	rng := rand.New(rand.NewPCG(p.Seed, sitesStream))
	n := p.Sites
	weights := make([]float64, n)
	total := 0.0
	for k := range weights {
		weights[k] = math.Pow(float64(k+1), -p.popularity())
		total += weights[k]
	}
	rank := rng.Perm(n)
	lo, hi := math.Log(p.ChangeMin), math.Log(p.ChangeMax)
	words := (p.Users + 63) / 64
	s.sites = make([]site, n)
	s.queue = make(events, 0, 3*n)
	for i := range s.sites {
		st := &s.sites[i]
		st.lambda = math.Exp(lo + (hi-lo)*rng.Float64())
		st.mu = p.UserRate * weights[rank[i]] / total
		st.changes = rand.New(rand.NewPCG(p.Seed, changeStream+uint64(i)))
		st.users = rand.New(rand.NewPCG(p.Seed, userStream+uint64(i)))
		st.interval = interval
		if policy != Fixed {
			st.interval = p.Regulation.Initial
		}
		st.fresh = true
		st.history = make([]bool, p.Regulation.Window)
		st.seen = make([]uint64, words)
		s.queue = append(s.queue,
			event{t: st.changes.ExpFloat64() / st.lambda, kind: evChange, site: uint32(i)},
			event{t: next(st.users, st.mu, 0), kind: evUser, site: uint32(i)},
			// First visits spread over the first interval, from the
			// sites' own stream, so that the sites are not all visited
			// at once.
			event{t: st.interval * (1 - st.changes.Float64()), kind: evVisit, site: uint32(i)})
	}
	heap.Init(&s.queue)
	s.freshN = n
	return s, nil
}

// next returns the time of the next event of a Poisson process of rate
// rate after t (+Inf for rate 0).
func next(r *rand.Rand, rate, t float64) float64 {
	if rate <= 0 {
		return math.Inf(1)
	}
	return t + r.ExpFloat64()/rate
}

// Progress reports the simulated time.
func (s *Simulation) Progress() step.Progress {
	now := s.p.Horizon
	if !s.done && len(s.queue) > 0 {
		now = min(s.queue[0].t, s.p.Horizon)
	}
	return step.Progress{Stage: "simulate " + s.out.Label, Done: int64(now), Total: int64(s.p.Horizon)}
}

// Step processes about budget·256 events.
func (s *Simulation) Step(budget int) (bool, error) {
	for k := 0; k < max(budget, 1)*eventsPerUnit && !s.done; k++ {
		e := s.queue[0]
		for s.nextSample < s.p.Samples-1 && s.sampleTime(s.nextSample) <= e.t {
			s.sample(s.sampleTime(s.nextSample))
		}
		if e.t >= s.p.Horizon {
			// The horizon ends the run: what happens at it or later is
			// not simulated.
			s.finish()
			break
		}
		st := &s.sites[e.site]
		switch e.kind {
		case evChange:
			if st.fresh {
				s.freshSum += e.t - st.since
				st.fresh, st.since = false, e.t
				s.freshN--
			}
			st.changedLast = true
			s.queue[0].t = next(st.changes, st.lambda, e.t)
		case evUser:
			s.out.UserVisits++
			if st.fresh {
				s.userFresh++
			}
			u := st.users.IntN(s.p.Users)
			if w, bit := u/64, uint64(1)<<(u%64); st.seen[w]&bit == 0 {
				st.seen[w] |= bit
				st.distinct++
			}
			s.queue[0].t = next(st.users, st.mu, e.t)
		case evVisit:
			s.visit(st, e.t)
			s.queue[0].t = e.t + st.interval
		}
		heap.Fix(&s.queue, 0)
	}
	return s.done, nil
}

// visit is the crawler's visit of st at time t.
func (s *Simulation) visit(st *site, t float64) {
	o := &s.out
	o.Visits++
	changed := st.changedLast
	o.CentralBytes += s.p.siteBytes()
	o.MigrantBytes += s.p.migrantBytes()
	if changed {
		o.MigrantBytes += s.p.siteBytes()
	} else {
		o.Unchanged++
	}
	if st.fresh {
		s.freshSum += t - st.since
	} else {
		s.ageSum += (t - st.since) * (t - st.since) / 2
		s.freshN++
	}
	st.fresh, st.since, st.changedLast = true, t, false
	// The change ratio of the last Window visits and the share of the
	// users who visited since the last one.
	w := len(st.history)
	st.history[st.hpos] = changed
	st.hpos = (st.hpos + 1) % w
	st.hcount = min(st.hcount+1, w)
	changes := 0
	for k := range st.hcount {
		if st.history[k] {
			changes++
		}
	}
	interest := float64(st.distinct) / float64(s.p.Users)
	clear(st.seen)
	st.distinct = 0
	if s.policy != Fixed {
		st.interval = s.p.Regulation.Next(s.policy, st.interval, float64(changes)/float64(st.hcount), interest)
	}
}

// sampleTime is the time of sample k: evenly spaced, the last exactly at
// the horizon.
func (s *Simulation) sampleTime(k int) float64 {
	if k == s.p.Samples-1 {
		return s.p.Horizon
	}
	return s.p.Horizon * float64(k+1) / float64(s.p.Samples)
}

func (s *Simulation) sample(t float64) {
	se := &s.out.Series
	se.Times = append(se.Times, t)
	se.Fresh = append(se.Fresh, float64(s.freshN)/float64(len(s.sites)))
	se.Central = append(se.Central, s.out.CentralBytes)
	se.Migrant = append(se.Migrant, s.out.MigrantBytes)
	s.nextSample++
}

// finish closes every site's last interval at the horizon.
func (s *Simulation) finish() {
	h := s.p.Horizon
	intervals := 0.0
	for i := range s.sites {
		st := &s.sites[i]
		if st.fresh {
			s.freshSum += h - st.since
		} else {
			s.ageSum += (h - st.since) * (h - st.since) / 2
		}
		intervals += st.interval
	}
	for s.nextSample < s.p.Samples {
		s.sample(s.sampleTime(s.nextSample))
	}
	o := &s.out
	total := float64(len(s.sites)) * h
	o.Freshness, o.MeanAge = s.freshSum/total, s.ageSum/total
	if o.UserVisits > 0 {
		o.UserFreshness = float64(s.userFresh) / float64(o.UserVisits)
	}
	o.MeanInterval = intervals / float64(len(s.sites))
	s.done = true
}

// Outcome returns the run's outcome (complete once Step is done).
func (s *Simulation) Outcome() Outcome { return s.out }

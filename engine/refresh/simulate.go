package refresh

import (
	"container/heap"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Params describe a simulated web and its crawler (model.RefreshParams,
// docs/algorithms.md section 7). Zero fields take the defaults of DefaultParams
// (WithDefaults); Validate checks them.
type Params = model.RefreshParams

// DefaultParams returns the defaults (model.DefaultRefreshParams): 1,000
// sites over 1,000 units of time, change rates from 0.01 to 1 per unit,
// 100 users making 2,000 visits per unit, Zipf popularity of exponent 1,
// 50 kB per site and 5 kB per migrant, 100 samples, DefaultRegulation,
// and random seed model.DefaultRandomSeed.
func DefaultParams() Params { return model.DefaultRefreshParams() }

// Float returns a pointer to v, for the optional fields of Params and
// Regulation.
func Float(v float64) *float64 { return model.Float(v) }

// Limits that keep a simulation within memory and time (Params.Validate).
const (
	// MaxSites is the most sites of a simulation.
	MaxSites = model.MaxRefreshSites
	// MaxUsers is the most simulated users.
	MaxUsers = model.MaxRefreshUsers
	// MaxSamples is the most points of the series over time.
	MaxSamples = model.MaxRefreshSamples
)

// Outcome is one policy's simulation (model.RefreshOutcome).
type Outcome = model.RefreshOutcome

// Series are values over simulated time (model.RefreshSeries).
type Series = model.RefreshSeries

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

	// history holds the last visits, at most Window: changed or not. It
	// grows with the visits, so that a long window costs only the visits
	// made; once full it is a ring whose oldest entry is at hpos.
	history  []bool
	hpos     int
	hchanges int      // the visits in history that found a change
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
		weights[k] = math.Pow(float64(k+1), -*p.Popularity)
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
	done, total := int64(now), int64(s.p.Horizon)
	if h := s.p.Horizon; h < 1 || h > progressUnits {
		// time units would read 0 of 0, or overflow a count: millionths
		// of the horizon instead
		done, total = int64(now/h*1e6), 1e6
	}
	return step.Progress{Stage: "simulate " + s.out.Label, Done: done, Total: total}
}

// progressUnits is the longest horizon whose progress counts time units
// (Progress); beyond it, and below one unit, progress counts millionths
// of the horizon.
const progressUnits = 1e15

// Step processes about budget·256 events.
func (s *Simulation) Step(budget int) (bool, error) {
	for k := 0; k < max(budget, 1)*eventsPerUnit && !s.done; k++ {
		e := s.queue[0]
		if math.IsNaN(e.t) {
			// Not a time: it would never reach the horizon. Validate
			// refuses the parameters that lead here.
			return false, fmt.Errorf("refresh: simulate %s: the time of an event of site %d is not a number; the parameters give no finite interval", s.out.Label, e.site)
		}
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
	o.CentralBytes += *s.p.SiteBytes
	o.MigrantBytes += *s.p.MigrantBytes
	if changed {
		o.MigrantBytes += *s.p.SiteBytes
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
	if w := s.p.Regulation.Window; len(st.history) < w {
		st.history = append(st.history, changed)
	} else {
		if st.history[st.hpos] {
			st.hchanges--
		}
		st.history[st.hpos] = changed
		st.hpos = (st.hpos + 1) % w
	}
	if changed {
		st.hchanges++
	}
	interest := float64(st.distinct) / float64(s.p.Users)
	clear(st.seen)
	st.distinct = 0
	if s.policy != Fixed {
		st.interval = Next(s.p.Regulation, s.policy, st.interval, float64(st.hchanges)/float64(len(st.history)), interest)
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
	if math.IsInf(intervals, 0) {
		// Intervals near the largest float64 overflow their sum; their
		// shares do not.
		o.MeanInterval = 0
		for i := range s.sites {
			o.MeanInterval += s.sites[i].interval / float64(len(s.sites))
		}
	}
	s.done = true
}

// Outcome returns the run's outcome (complete once Step is done).
func (s *Simulation) Outcome() Outcome { return s.out }

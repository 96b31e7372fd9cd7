package scenario

import (
	"fmt"
	"math"
	"strings"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
)

// The last stage of a run: the Result, assembled from the stages' and
// made fit for JSON.

// finish assembles the result.
func (r *Runner) finish() (int64, error) {
	runs := r.crawls.runs
	res := &Result{
		Version:    Version,
		Scenario:   r.s,
		Graph:      r.graph.summary,
		Previous:   r.prev.summary,
		Importance: r.imp.summary,
		Seeds:      r.seeds.pages,
		SeedTrust:  r.imp.seedTrust(r.seeds.pages),
		Reachable:  int64(r.seeds.reachable),
		Strategies: make([]StrategyResult, 0, len(runs)),
	}
	for k := range runs {
		if runs[k].state != StageElsewhere {
			res.Strategies = append(res.Strategies, runs[k].res)
		}
	}
	if err := r.sanitize(res); err != nil {
		return 0, err
	}
	res.SeedStudy = r.seeds.study
	res.Warnings = r.warnings
	r.result = res
	return 1, nil
}

// sanitize makes the result fit JSON, which has no NaN or infinity. A
// simulated time that is not finite is an error: Normalize bounds the
// politeness parameters so that no crawl's duration can overflow, and a
// time axis with holes would mislead. Any other non-finite number is
// replaced by 0, with one warning per figure or curve that counts the
// values replaced.
func (c *shared) sanitize(res *Result) error {
	for k := range res.Strategies {
		s := &res.Strategies[k]
		for _, c := range []*crawl.Curve{&s.Curve, s.Guarantee, s.LowerBound} {
			if c == nil {
				continue
			}
			for i, t := range c.T {
				if math.IsNaN(t) || math.IsInf(t, 0) {
					return fmt.Errorf("strategy %s: simulated time %v after %d downloads; the politeness parameters make times too large to compute",
						s.Label, t, c.K[i])
				}
			}
		}
		if s.Time != nil && (math.IsNaN(s.Time.Duration) || math.IsInf(s.Time.Duration, 0)) {
			return fmt.Errorf("strategy %s: simulated duration %v; the politeness parameters make times too large to compute", s.Label, s.Time.Duration)
		}
	}
	fix := func(v *float64, what string) {
		if math.IsNaN(*v) || math.IsInf(*v, 0) {
			c.warn("%s was %v, which JSON cannot hold; it is reported as 0", what, *v)
			*v = 0
		}
	}
	fixAll := func(vs []float64, what string) {
		var nan, pos, neg int
		for i, v := range vs {
			switch {
			case math.IsNaN(v):
				nan++
			case math.IsInf(v, 1):
				pos++
			case math.IsInf(v, -1):
				neg++
			default:
				continue
			}
			vs[i] = 0
		}
		if nan+pos+neg == 0 {
			return
		}
		var parts []string
		for _, c := range []struct {
			n    int
			what string
		}{{nan, "NaN"}, {pos, "+Inf"}, {neg, "-Inf"}} {
			if c.n > 0 {
				parts = append(parts, model.Count(c.n)+" "+c.what)
			}
		}
		c.warn("%s: %s of %s values, which JSON cannot hold; they are reported as 0", what, strings.Join(parts, ", "), model.Count(len(vs)))
	}
	fix(&res.Importance.Residual, "importance.residual")
	if res.Previous != nil {
		fix(&res.Previous.Residual, "previous.residual")
	}
	for k := range res.Strategies {
		s := &res.Strategies[k]
		name := "strategy " + s.Label + ": "
		fixAll(s.Curve.Value, name+"curve")
		if s.Guarantee != nil {
			fixAll(s.Guarantee.Value, name+"guaranteed curve")
		}
		if s.LowerBound != nil {
			fixAll(s.LowerBound.Value, name+"lower bound")
		}
		fix(&s.Summary.Final, name+"final")
		fix(&s.Summary.FinalGuarantee, name+"final guarantee")
		fix(&s.Summary.FinalLowerBound, name+"final lower bound")
		fix(&s.Summary.AvgCumulative, name+"average cumulative importance")
		if s.Summary.Tau != nil {
			fix(s.Summary.Tau, name+"tau")
		}
		fix(&s.Cost.SchedulingSeconds, name+"scheduling seconds")
		if s.Time != nil {
			fix(&s.Time.Utilisation, name+"utilisation")
		}
	}
	return nil
}

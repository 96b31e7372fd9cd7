package crawl

import (
	"math"
	"strings"
	"testing"
)

// TestPolitenessValidate checks that Validate takes the defaults and
// refuses each parameter out of its range (docs/algorithms.md section 5),
// naming it.
func TestPolitenessValidate(t *testing.T) {
	if err := DefaultPoliteness().Validate(3); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	for _, tc := range []struct {
		set  func(*Politeness)
		want string
	}{
		{func(p *Politeness) { p.Connections = 0 }, "connections must be at least 1, not 0"},
		{func(p *Politeness) { p.Wait = -1 }, "wait must be a non-negative number of seconds, not -1"},
		{func(p *Politeness) { p.Latency = math.NaN() }, "latency must be a non-negative number of seconds, not NaN"},
		{func(p *Politeness) { p.PageSize = math.Inf(1) }, "page size must be a non-negative number of bytes, not +Inf"},
		{func(p *Politeness) { p.Bandwidth = 0 }, "bandwidth must be a positive number of bytes per second, not 0"},
		{func(p *Politeness) { p.PageSizes = []float64{1, 2} }, "2 page sizes for 3 pages"},
		{func(p *Politeness) { p.PageSizes = []float64{1, -2, 3} }, "page 1 has size -2"},
	} {
		p := DefaultPoliteness()
		tc.set(&p)
		err := p.Validate(3)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Validate(3) = %v, want an error saying %q", err, tc.want)
		}
	}
}

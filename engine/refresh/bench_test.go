package refresh

import (
	"context"
	"testing"

	"github.com/crawlsim/crawlsim/engine/step"
)

// BenchmarkComparison runs the default comparison (1,000 sites, 1,000
// units of time, five policy runs) and reports simulated events per
// second.
func BenchmarkComparison(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		c, err := NewComparison(DefaultParams(), nil, true)
		if err != nil {
			b.Fatal(err)
		}
		if err := step.Run(context.Background(), c, 1<<10, nil); err != nil {
			b.Fatal(err)
		}
		events := int64(0)
		for _, o := range c.Result().Outcomes {
			events += o.Visits + o.UserVisits
		}
		b.ReportMetric(float64(events), "visits/op")
	}
}

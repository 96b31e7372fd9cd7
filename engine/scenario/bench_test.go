package scenario

import (
	"testing"
	"time"
)

// BenchmarkDefaultScenario runs the default comparison (Default: ten
// strategies on a generated graph of 100,000 pages) the way the browser
// worker does, in steps of 1,000 units, with one PageRank goroutine. It
// reports the longest step (max-step-ms), which should stay within tens of
// milliseconds natively for the worker's 10-50 ms slices, and the number
// of steps. Run it with -benchtime=1x.
func BenchmarkDefaultScenario(b *testing.B) {
	b.ReportAllocs()
	start := time.Now()
	env := Env{Workers: 1, Clock: func() time.Duration { return time.Since(start) }}
	var longest time.Duration
	steps := 0
	for b.Loop() {
		r, err := New(Default(), env)
		if err != nil {
			b.Fatal(err)
		}
		for done := false; !done; steps++ {
			t0 := time.Now()
			done, err = r.Step(1000)
			if err != nil {
				b.Fatal(err)
			}
			longest = max(longest, time.Since(t0))
		}
		if _, err := r.Result(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(longest.Microseconds())/1000, "max-step-ms")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
}

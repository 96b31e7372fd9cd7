package gen

import (
	"runtime"
	"testing"
)

// allocatedBy returns the bytes allocated while f runs
// (runtime.MemStats.TotalAlloc), which bound the heap's growth.
func allocatedBy(f func()) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// TestEstimatedBytes checks that the estimate bounds the bytes Generate
// allocates: for the default 200,000-page graph within a factor of 3 (it
// is about 1.4 times), and for skewed Params as well. It also checks the
// peak of the live heap, sampled after a garbage collection between steps
// of a Generator.
func TestEstimatedBytes(t *testing.T) {
	p := DefaultParams()
	p.Pages, p.Hosts = 200000, 0
	est := p.EstimatedBytes()
	allocated := allocatedBy(func() { mustGenerate(t, p) })
	t.Logf("200,000 pages: estimate %d bytes, allocated %d (%.2f of the estimate)", est, allocated, float64(allocated)/float64(est))
	if est < allocated || est > 3*allocated {
		t.Errorf("200,000 pages: estimate %d bytes, allocated %d: want an estimate from 1 to 3 times the allocation", est, allocated)
	}

	// The peak of the live heap: GC between steps of about 2,000 links pages.
	var base, now runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&base)
	g, err := NewGenerator(p)
	if err != nil {
		t.Fatal(err)
	}
	peak := uint64(0)
	for done := false; !done; {
		done, _ = g.Step(2000)
		runtime.GC()
		runtime.ReadMemStats(&now)
		peak = max(peak, now.HeapAlloc-min(now.HeapAlloc, base.HeapAlloc))
	}
	t.Logf("200,000 pages: peak live heap %d bytes (%.2f of the estimate)", peak, float64(peak)/float64(est))
	if int64(peak) > est || est > 3*int64(peak) {
		t.Errorf("200,000 pages: estimate %d bytes, peak live heap %d: want an estimate from 1 to 3 times the peak", est, peak)
	}
	runtime.KeepAlive(g)

	for _, p := range []Params{
		{Pages: 50000, Hosts: 50000, IntraHostShare: 0.5, CopyProbability: 0.7, Seed: 1},
		{Pages: 50000, Hosts: 3, MeanOutDegree: 40, OutDegreeExponent: 1.5, IntraHostShare: 0.9, CopyProbability: 0.7, Seed: 2},
		{Pages: 50000, Hosts: 20, HostSizeExponent: 5, IntraHostShare: 0.99, CopyProbability: 1, Seed: 3},
		{Pages: 30000, Hosts: 1, MeanOutDegree: 300, IntraHostShare: 1, Seed: 4},
		{Pages: 10, MeanOutDegree: 4.5, Seed: 5},
		{Pages: 1},
	} {
		est := p.EstimatedBytes()
		allocated := allocatedBy(func() { mustGenerate(t, p) })
		if est < allocated {
			t.Errorf("%+v: estimate %d bytes, allocated %d", p, est, allocated)
		} else {
			t.Logf("%+v: estimate %d bytes, allocated %d (%.2f)", p, est, allocated, float64(allocated)/float64(est))
		}
	}
	if est := (Params{Pages: -1}).EstimatedBytes(); est != 0 {
		t.Errorf("estimate for invalid Params: %d, want 0", est)
	}
}

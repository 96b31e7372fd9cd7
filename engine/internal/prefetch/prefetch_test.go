package prefetch

import (
	"math/rand/v2"
	"testing"
)

// TestPrefetchNeverFaults asks for lines far outside any array (up to 32
// GB past it: the largest index, which the assembly zero-extends), from
// address 0, and for an empty list: a prefetch of an address the
// process may not read is dropped by the processor, never a fault (the
// callers prefetch indices of lists that may point past the array they
// scatter into), and it changes nothing it is asked about. Where
// Available is false the calls do nothing at all.
func TestPrefetchNeverFaults(t *testing.T) {
	xs := []float64{1, 2, 3}
	Float64s(&xs[0], []uint32{0, 2, 3, 1 << 20, 1 << 31, 1<<32 - 1})
	Float64s(&xs[0], nil)
	Float64s(&xs[0], []uint32{})
	Float64s(nil, []uint32{0, 1<<32 - 1})
	if xs[0] != 1 || xs[1] != 2 || xs[2] != 3 {
		t.Fatalf("prefetching changed the array: %v", xs)
	}
	us := []uint64{1, 2, 3}
	Uint64s(&us[0], []uint32{0, 2, 3, 1 << 20, 1 << 31, 1<<32 - 1})
	Uint64s(&us[0], nil)
	Uint64s(nil, []uint32{0, 1<<32 - 1})
	ws := []uint32{4, 5}
	Uint32s(&ws[0], []uint32{0, 1, 2, 1 << 20, 1<<32 - 1})
	Uint32s(&ws[0], nil)
	Uint32s(nil, []uint32{0, 1<<32 - 1})
	Uint32(&ws[1])
	Uint32(nil)
	if us[0] != 1 || us[1] != 2 || us[2] != 3 || ws[0] != 4 || ws[1] != 5 {
		t.Fatalf("prefetching changed the arrays: %v, %v", us, ws)
	}
}

// BenchmarkScatter adds to random slots of a 64 MB array, lists of 8
// (a page's out-links), with the next lists prefetched (Float64s, 32
// lists ahead, as windowed-rankmass's pass does on large graphs) and
// without: what a prefetch gains where the array is far larger than the
// caches. It reports ns/addition.
func BenchmarkScatter(b *testing.B) {
	const n, lists, degree, ahead = 8 << 20, 1 << 16, 8, 32
	rm := make([]float64, n)
	r := rand.New(rand.NewPCG(1, 2))
	idx := make([]uint32, lists*degree)
	for k := range idx {
		idx[k] = r.Uint32N(n)
	}
	for _, pre := range []bool{false, true} {
		name := "plain"
		if pre {
			name = "prefetched"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for l := 0; l < lists; l++ {
					if pre && l+ahead < lists {
						Float64s(&rm[0], idx[(l+ahead)*degree:(l+ahead+1)*degree])
					}
					for _, p := range idx[l*degree : (l+1)*degree] {
						rm[p] += 1e-9
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(idx)), "ns/addition")
		})
	}
}

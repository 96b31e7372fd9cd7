package crawl

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestAddToSlotsMatchesLoop checks that addToSlots (AVX2 or SSE2 on
// amd64, each tested where the processor has it; unrolled elsewhere)
// makes the additions of a plain loop, bit for bit, on runs of every
// length around its steps.
func TestAddToSlotsMatchesLoop(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := rapid.Float64Range(1e-300, 1).Draw(t, "x")
		start := rapid.SliceOfN(rapid.Float64Range(0, 1), 0, 70).Draw(t, "slots")
		want := slices.Clone(start)
		for k := range want {
			want[k] += x
		}
		for _, avx2 := range slotKernels() {
			hasAVX2 = avx2
			got := slices.Clone(start)
			addToSlots(got, x)
			for k := range got {
				if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
					t.Fatalf("addToSlots(%v, %v), AVX2 %v: slot %d = %v, a loop gives %v", start, x, avx2, k, got[k], want[k])
				}
			}
		}
	})
}

// TestAddEachToSlotsMatchesLoop checks that addEachToSlots (AVX-512 and
// AVX2 where the processor has them, else addToSlots for each value) adds
// the values to every slot in order, as a plain loop does, bit for bit,
// on runs of every length around its steps.
func TestAddEachToSlotsMatchesLoop(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		xs := rapid.SliceOfN(rapid.Float64Range(1e-300, 1), 0, 12).Draw(t, "xs")
		start := rapid.SliceOfN(rapid.Float64Range(0, 1), 0, 150).Draw(t, "slots")
		want := slices.Clone(start)
		for k := range want {
			for _, x := range xs {
				want[k] += x
			}
		}
		for _, avx2 := range slotKernels() {
			hasAVX2 = avx2
			for _, avx512 := range eachKernels() {
				hasAVX512 = avx512
				got := slices.Clone(start)
				addEachToSlots(got, xs)
				for k := range got {
					if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
						t.Fatalf("addEachToSlots(%v, %v), AVX2 %v, AVX-512 %v: slot %d = %v, a loop gives %v",
							start, xs, avx2, avx512, k, got[k], want[k])
					}
				}
			}
		}
	})
}

// BenchmarkAddToSeedSlots measures one addition of a dangling page's share
// to a seed's rm as the pass over copied out-lists makes them, the 160
// seeds' rm side by side in their slots (addToSlots, by each of its
// kernels this processor has): against BenchmarkAddToMany, what the
// slots gain. It reports ns/addition.
func BenchmarkAddToSeedSlots(b *testing.B) {
	for _, avx2 := range slotKernels() {
		name := "sse2"
		if avx2 {
			name = "avx2"
		}
		b.Run(name, func(b *testing.B) {
			hasAVX2 = avx2
			seedRM := make([]float64, 160)
			for b.Loop() {
				addToSlots(seedRM, 1e-9)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(seedRM)), "ns/addition")
		})
	}
}

// BenchmarkAddEachToSeedSlots measures one addition of a held-back share
// to a seed's rm as the pass over copied out-lists makes them
// (addEachToSlots: the 160 seeds' slots, ten shares, about the average
// run of a crawl of cnr-2000), by each of its kernels this processor
// has. It reports ns/addition.
func BenchmarkAddEachToSeedSlots(b *testing.B) {
	for _, avx2 := range slotKernels() {
		for _, avx512 := range eachKernels() {
			name := "sse2"
			switch {
			case avx2 && avx512:
				name = "avx512"
			case avx2:
				name = "avx2"
			case avx512:
				continue // not a kernel: AVX-512 is taken with AVX2
			}
			b.Run(name, func(b *testing.B) {
				hasAVX2, hasAVX512 = avx2, avx512
				seedRM := make([]float64, 160)
				xs := make([]float64, 10)
				for k := range xs {
					xs[k] = 1e-9 * float64(k+1)
				}
				for b.Loop() {
					addEachToSlots(seedRM, xs)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(seedRM)*len(xs)), "ns/addition")
			})
		}
	}
}

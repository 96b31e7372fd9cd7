package crawl

import (
	"testing"

	"pgregory.net/rapid"
)

// TestFirstOfMaxMatchesLoop checks firstOfMax (AVX2 or plain loops on
// amd64, each tested where the processor has it; plain loops elsewhere)
// against a plain scan on runs of every length around its steps, with
// ties drawn often and values at the floor.
func TestFirstOfMaxMatchesLoop(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		values := []float64{0, 0x1p-1022, 1e-300, 0.25, 0.5, 0.75, 1}
		slots := rapid.SliceOfN(rapid.SampledFrom(values), 0, 70).Draw(t, "slots")
		floor := rapid.SampledFrom(values[:3]).Draw(t, "floor")
		want, best := -1, floor
		for k, x := range slots {
			if x > best {
				want, best = k, x
			}
		}
		for _, avx2 := range slotKernels() {
			hasAVX2 = avx2
			if got := firstOfMax(slots, floor); got != want {
				t.Fatalf("firstOfMax(%v, %v), AVX2 %v = %d, a scan gives %d", slots, floor, avx2, got, want)
			}
		}
	})
}

// BenchmarkFirstOfMax measures finding RankMass's best downloaded seed
// among 160 (rankMass.findBestSeed), the best one at a random place, by
// each of the kernels this processor has. It reports ns/search.
func BenchmarkFirstOfMax(b *testing.B) {
	for _, avx2 := range slotKernels() {
		name := "loop"
		if avx2 {
			name = "avx2"
		}
		b.Run(name, func(b *testing.B) {
			hasAVX2 = avx2
			slots := make([]float64, 160)
			for k := range slots {
				slots[k] = float64(k*7919%160) + 1
			}
			sum := 0
			for b.Loop() {
				sum += firstOfMax(slots, 0)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/search")
			if sum == 0 {
				b.Fatal("no best slot found")
			}
		})
	}
}

//go:build !amd64

package crawl

// hasAVX2 is false off amd64: windowed-rankmass's pass then adds a
// dangling page's shares at once (passCopied). The tests of the kernels
// set it as on amd64.
var hasAVX2 bool

// hasAVX512 is false off amd64, as hasAVX2.
var hasAVX512 bool

// addToSlots adds x to every value of slots, in place, sixteen at a time:
// under Go's WebAssembly a loop pays a jump through the function's table
// of blocks per turn (see addToMany), and a plain loop here ran three
// times slower than addToMany's.
func addToSlots(slots []float64, x float64) {
	for len(slots) >= 16 {
		s := slots[:16:16]
		s[0] += x
		s[1] += x
		s[2] += x
		s[3] += x
		s[4] += x
		s[5] += x
		s[6] += x
		s[7] += x
		s[8] += x
		s[9] += x
		s[10] += x
		s[11] += x
		s[12] += x
		s[13] += x
		s[14] += x
		s[15] += x
		slots = slots[16:]
	}
	for k := range slots {
		slots[k] += x
	}
}

// addEachToSlots adds every value of xs, in order, to every value of
// slots: addToSlots(slots, x) for each x of xs in turn.
func addEachToSlots(slots, xs []float64) {
	for _, x := range xs {
		addToSlots(slots, x)
	}
}

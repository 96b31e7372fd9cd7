//go:build !amd64

package prefetch

// Available reports whether Float64s issues a prefetch instruction:
// outside amd64 it does nothing (WebAssembly has no such instruction, and
// the other architectures have no assembly here), so a loop that gives up
// loading lines ahead for it gains nothing.
const Available = false

// Float64s does nothing outside amd64 (Available).
func Float64s(*float64, []uint32) {}

// Uint64s does nothing outside amd64 (Available).
func Uint64s(*uint64, []uint32) {}

// Uint32s does nothing outside amd64 (Available).
func Uint32s(*uint32, []uint32) {}

// Uint32 does nothing outside amd64 (Available).
func Uint32(*uint32) {}

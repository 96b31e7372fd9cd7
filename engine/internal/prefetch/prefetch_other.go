//go:build !amd64

package prefetch

import "unsafe"

// Line does nothing where the engine has no prefetch instruction to
// give (WebAssembly has none).
func Line(unsafe.Pointer) {}

// Float64s does nothing where the engine has no prefetch instruction to
// give.
func Float64s(*float64, []uint32) {}

//go:build !amd64

package prefetch

import "unsafe"

// Available reports whether Line and Float64s issue a prefetch
// instruction: outside amd64 they do nothing (WebAssembly has no such
// instruction, and the other architectures have no assembly here), so a
// loop that gives up loading lines ahead for them gains nothing.
const Available = false

// Line does nothing outside amd64 (Available).
func Line(unsafe.Pointer) {}

// Float64s does nothing outside amd64 (Available).
func Float64s(*float64, []uint32) {}

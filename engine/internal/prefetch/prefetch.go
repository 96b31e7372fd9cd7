// Package prefetch asks the processor to bring a cache line closer before
// a loop needs it, without waiting for it: a plain load whose value is set
// aside (the "touch" loads of the engine's other loops) must complete
// before the instructions after it can retire, so a miss still stalls the
// loop once the processor's window of instructions in flight is full.
//
// On amd64 Float64s, Uint64s, Uint32s and Uint32 issue PREFETCHT0
// (prefetch_amd64.s); on every other architecture, WebAssembly included,
// they are Go functions that do nothing, and Available is false.
package prefetch

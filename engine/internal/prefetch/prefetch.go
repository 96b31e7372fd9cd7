// Package prefetch asks the processor to bring a cache line closer before
// a loop needs it, without waiting for it: a plain load whose value is set
// aside (the engine's older "touch" loads) must complete before the
// instructions after it can retire, so a miss still stalls the loop once
// the processor's window of instructions in flight is full.
package prefetch

//go:build !amd64

package crawl

// hasAVX2 is set by the tests of addToSlots; elsewhere it selects
// nothing.
var hasAVX2 bool

// slotKernels returns the one kernel of addToSlots off amd64.
func slotKernels() []bool { return []bool{false} }

//go:build !(js && wasm)

package page

// HoldsNoNumber reports false outside the browser, which has no inputs.
func HoldsNoNumber(id string) bool { return false }

//go:build !(js && wasm)

package page

// ElementSize returns 0 by 0 outside the browser.
func ElementSize(id string) (width, height float64) { return 0, 0 }

// OnResize does nothing outside the browser.
func OnResize(f func()) {}

// Focus does nothing outside the browser.
func Focus(id string) {}

// FocusCentred does nothing outside the browser.
func FocusCentred(id string) {}

// FocusInView does nothing outside the browser.
func FocusInView(id string) {}

// FocusedID returns "" outside the browser.
func FocusedID() string { return "" }

// RevealFocusWithin does nothing outside the browser.
func RevealFocusWithin(selector string) {}

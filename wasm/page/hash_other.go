//go:build !(js && wasm)

package page

// OnAddressChange does nothing outside the browser.
func OnAddressChange(f func()) {}

//go:build !(js && wasm)

package page

// Cores returns 1 outside the browser.
func Cores() int { return 1 }

// SetRootData does nothing outside the browser.
func SetRootData(name, value string) {}

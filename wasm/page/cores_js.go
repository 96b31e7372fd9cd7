//go:build js && wasm

package page

import "github.com/hack-pad/safejs"

// Cores returns the number of logical processors the browser reports
// (navigator.hardwareConcurrency), at least 1.
func Cores() int {
	nav, err := safejs.Global().Get("navigator")
	if err != nil {
		return 1
	}
	v, err := nav.Get("hardwareConcurrency")
	if err != nil || v.Type() != safejs.TypeNumber {
		return 1
	}
	n, err := v.Int()
	if err != nil {
		return 1
	}
	return max(n, 1)
}

// SetRootData sets data-NAME="VALUE" on the document's root element, for
// figures the page exposes to its tests (the workers a comparison used).
func SetRootData(name, value string) {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return
	}
	root, err := doc.Get("documentElement")
	if err != nil || root.IsNull() {
		return
	}
	_, _ = root.Call("setAttribute", "data-"+name, value)
}

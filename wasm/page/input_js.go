//go:build js && wasm

package page

import "github.com/hack-pad/safejs"

// HoldsNoNumber reports whether the input with the id is a number box
// whose text is no number (its validity's badInput: letters in Firefox,
// "1e" or "--" in Chromium), which the browser gives as an empty value;
// false when there is no such element.
func HoldsNoNumber(id string) bool {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return false
	}
	e, err := doc.Call("getElementById", id)
	if err != nil || e.IsNull() || e.IsUndefined() {
		return false
	}
	validity, err := e.Get("validity")
	if err != nil || validity.IsNull() || validity.IsUndefined() {
		return false
	}
	bad, err := validity.Get("badInput")
	if err != nil {
		return false
	}
	b, err := bad.Bool()
	return err == nil && b
}

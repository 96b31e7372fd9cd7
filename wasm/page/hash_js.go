//go:build js && wasm

package page

import "github.com/hack-pad/safejs"

// OnAddressChange calls f, on a goroutine of its own, each time the page's
// fragment changes by a navigation: a link pasted into the address bar
// that differs from the page's only after #, a link followed, Back or
// Forward (the window's hashchange event). SetFragment does not call it:
// history.replaceState fires no hashchange.
func OnAddressChange(f func()) {
	changed, err := safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		go f()
		return nil
	})
	if err != nil {
		return
	}
	safejs.Global().Call("addEventListener", "hashchange", changed.Value())
}

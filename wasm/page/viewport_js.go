//go:build js && wasm

package page

import "github.com/hack-pad/safejs"

// ElementSize returns the size in CSS pixels of the element with the id
// (its content box with padding), 0 by 0 when there is none.
func ElementSize(id string) (width, height float64) {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return 0, 0
	}
	e, err := doc.Call("getElementById", id)
	if err != nil || e.IsNull() || e.IsUndefined() {
		return 0, 0
	}
	w, _ := e.Get("clientWidth")
	h, _ := e.Get("clientHeight")
	width, _ = w.Float()
	height, _ = h.Float()
	return width, height
}

// OnResize calls f, on a goroutine of its own, after the window was
// resized (once the resizing paused for 150 ms).
func OnResize(f func()) {
	var timer safejs.Value
	g := safejs.Global()
	later, err := safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		go f()
		return nil
	})
	if err != nil {
		return
	}
	resized, err := safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		if ok, _ := timer.Truthy(); ok {
			g.Call("clearTimeout", timer)
		}
		timer, _ = g.Call("setTimeout", later.Value(), 150)
		return nil
	})
	if err != nil {
		return
	}
	g.Call("addEventListener", "resize", resized.Value())
}

// Focus scrolls the element with the id to the top of the view and gives
// it the focus.
func Focus(id string) { focus(id, "start") }

// FocusCentred scrolls the element with the id to the middle of the view,
// with what is above and under it, and gives it the focus.
func FocusCentred(id string) { focus(id, "center") }

// FocusInView gives the element with the id the focus, scrolling only as
// far as needed to show it whole.
func FocusInView(id string) { focus(id, "nearest") }

// FocusedID returns the id of the element that holds the focus, "" when
// none does or it has no id.
func FocusedID() string {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return ""
	}
	e, err := doc.Get("activeElement")
	if err != nil || e.IsNull() || e.IsUndefined() {
		return ""
	}
	id, err := e.Get("id")
	if err != nil {
		return ""
	}
	s, err := id.String()
	if err != nil {
		return ""
	}
	return s
}

// focus scrolls the element with the id into view, at block ("start",
// "center", "nearest": scrollIntoView's block option), and gives it the focus.
func focus(id, block string) {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return
	}
	e, err := doc.Call("getElementById", id)
	if err != nil || e.IsNull() || e.IsUndefined() {
		return
	}
	e.Call("scrollIntoView", map[string]any{"block": block})
	e.Call("focus", map[string]any{"preventScroll": true})
}

// RevealFocusWithin makes an element that takes the focus inside an
// element matching selector (a box that scrolls sideways) scroll into
// view whole, as near as it is ("nearest", both ways). Browsers scroll a
// focused element only when none of it shows, so that a header cell
// half under a table's sticky first column or past the box's edge kept
// the focus out of sight; the box's scroll-padding keeps it clear of
// the sticky column.
func RevealFocusWithin(selector string) {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return
	}
	focused, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) == 0 {
			return nil
		}
		target, err := args[0].Get("target")
		if err != nil || target.IsNull() || target.IsUndefined() {
			return nil
		}
		box, err := target.Call("closest", selector)
		if err != nil || box.IsNull() || box.IsUndefined() {
			return nil
		}
		target.Call("scrollIntoView", map[string]any{"block": "nearest", "inline": "nearest"})
		return nil
	})
	if err != nil {
		return
	}
	doc.Call("addEventListener", "focusin", focused.Value())
}

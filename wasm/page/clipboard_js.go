//go:build js && wasm

package page

import (
	"errors"

	"github.com/hack-pad/safejs"
)

// CopyText puts text on the clipboard (navigator.clipboard.writeText).
// It must be called from the handler of the user's click, which the
// browser asks for; done gets the outcome later, on a goroutine of its
// own: nil once the text is on the clipboard, else why not (no clipboard
// API outside a secure context, permission refused, page not focused).
func CopyText(text string, done func(error)) {
	nav, err := safejs.Global().Get("navigator")
	if err != nil {
		go done(err)
		return
	}
	cb, err := nav.Get("clipboard")
	if err != nil || cb.IsUndefined() || cb.IsNull() {
		go done(errors.New("this browser offers no clipboard to the page (it needs https or localhost)"))
		return
	}
	p, err := cb.Call("writeText", text)
	if err != nil {
		go done(err)
		return
	}
	// Wait for the promise off the JavaScript callback that called us.
	go func() { _, err := await(p); done(err) }()
}

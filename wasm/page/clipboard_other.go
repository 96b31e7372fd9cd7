//go:build !(js && wasm)

package page

// CopyText puts text on the clipboard; natively there is none, so done
// gets ErrNotInBrowser, on a goroutine of its own as in the browser.
func CopyText(text string, done func(error)) { go done(ErrNotInBrowser) }

//go:build !(js && wasm)

package page

// SaveDraft keeps text in the tab's session storage.
func SaveDraft(text string) error { return ErrNotInBrowser }

// Draft returns the text SaveDraft kept in the tab's session storage.
func Draft() string { return "" }

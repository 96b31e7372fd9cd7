//go:build js && wasm

package page

import (
	"fmt"

	"github.com/hack-pad/safejs"
)

// draftKey is the key of the draft in the tab's session storage.
const draftKey = "crawlsim-draft"

// sessionStorage returns the tab's session storage, or an error where
// there is none (Node, or a browser that refuses it to the page).
func sessionStorage() (safejs.Value, error) {
	s, err := safejs.Global().Get("sessionStorage")
	if err != nil {
		return safejs.Value{}, err
	}
	if s.IsUndefined() || s.IsNull() {
		return safejs.Value{}, ErrNotInBrowser
	}
	return s, nil
}

// SaveDraft keeps text in the tab's session storage, where Draft finds it
// after a reload, or after the browser discarded the tab and loaded it
// again; the storage ends with the tab.
func SaveDraft(text string) error {
	s, err := sessionStorage()
	if err != nil {
		return err
	}
	if _, err := s.Call("setItem", draftKey, text); err != nil {
		return fmt.Errorf("cannot keep the form in the tab's storage: %w", err)
	}
	return nil
}

// Draft returns the text SaveDraft kept in the tab's session storage, ""
// when there is none or no storage.
func Draft() string {
	s, err := sessionStorage()
	if err != nil {
		return ""
	}
	v, err := s.Call("getItem", draftKey)
	if err != nil || v.IsNull() || v.IsUndefined() {
		return ""
	}
	text, err := v.String()
	if err != nil {
		return ""
	}
	return text
}

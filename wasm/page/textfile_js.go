//go:build js && wasm

package page

import (
	"errors"
	"fmt"

	"github.com/hack-pad/safejs"

	"github.com/crawlsim/crawlsim/engine/model"
)

// ReadPickedText returns the name and text of the file picked in the
// file input of the given id, and empties the input, so that picking the
// same file again is a change. A file of more than maxBytes is refused
// unread. It waits for the browser to read the file, so it must run on
// a goroutine of its own, not in an event handler.
func ReadPickedText(id string, maxBytes int64) (name string, text []byte, err error) {
	files, err := pickedFiles(id)
	if err != nil {
		return "", nil, err
	}
	if len(files) == 0 {
		return "", nil, errors.New("no file was chosen")
	}
	defer clearInput(id)
	f := files[0]
	if name, err = stringProp(f, "name"); err != nil {
		return "", nil, err
	}
	size, err := f.Get("size")
	if err != nil {
		return name, nil, err
	}
	n, err := size.Float()
	if err != nil {
		return name, nil, err
	}
	if n > float64(maxBytes) {
		return name, nil, fmt.Errorf("%s: %s bytes, more than a scenario takes (%s bytes at most)", name, model.Count(int64(n)), model.Count(maxBytes))
	}
	p, err := f.Call("text")
	if err != nil {
		return name, nil, fmt.Errorf("%s: cannot read it: %w", name, err)
	}
	v, err := await(p)
	if err != nil {
		return name, nil, fmt.Errorf("%s: cannot read it: %w", name, err)
	}
	s, err := v.String()
	if err != nil {
		return name, nil, fmt.Errorf("%s: cannot read it: %w", name, err)
	}
	return name, []byte(s), nil
}

// clearInput empties the file input of the given id.
func clearInput(id string) {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return
	}
	input, err := doc.Call("getElementById", id)
	if err != nil || input.IsNull() {
		return
	}
	_ = input.Set("value", "")
}

// PushFragment sets the page's fragment as a navigation does, adding a
// history entry (Back returns to the address before), without firing
// the hashchange event (OnAddressChange): the caller applies it.
func PushFragment(fragment string) error {
	h, err := safejs.Global().Get("history")
	if err != nil {
		return fmt.Errorf("cannot set the page's address: %w", err)
	}
	if h.IsUndefined() {
		return ErrNotInBrowser
	}
	if _, err := h.Call("pushState", safejs.Null(), "", "#"+fragment); err != nil {
		return fmt.Errorf("cannot set the page's address: %w", err)
	}
	return nil
}

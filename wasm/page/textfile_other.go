//go:build !(js && wasm)

package page

// ReadPickedText reads the file picked in a file input; natively it
// fails.
func ReadPickedText(id string, maxBytes int64) (name string, text []byte, err error) {
	return "", nil, ErrNotInBrowser
}

// PushFragment sets the page's fragment with a history entry; natively
// it fails.
func PushFragment(fragment string) error { return ErrNotInBrowser }

//go:build !(js && wasm)

package page

import "github.com/crawlsim/crawlsim/wasm/protocol"

// Upload is the files picked in the page's file inputs; there are none
// outside the browser.
type Upload struct{}

// PickUpload returns ErrNotInBrowser outside the browser.
func PickUpload(graphInput, urlsInput string) (*Upload, error) { return nil, ErrNotInBrowser }

// SendUpload returns ErrNotInBrowser outside the browser.
func (w *Worker) SendUpload(r protocol.Request, u *Upload, maxBytes int64) (protocol.Load, error) {
	return protocol.Load{}, ErrNotInBrowser
}

//go:build !(js && wasm)

package page

import "github.com/crawlsim/crawlsim/wasm/protocol"

// Upload is the files picked in the page's file inputs; there are none
// outside the browser. It is not empty, so that two uploads are two
// pointers (Go may give every new empty value the same address) and the
// page's native tests can tell which one a worker was sent.
type Upload struct{ _ byte }

// PickUpload returns ErrNotInBrowser outside the browser.
func PickUpload(graphInput, urlsInput string) (*Upload, error) { return nil, ErrNotInBrowser }

// SendUpload returns ErrNotInBrowser outside the browser.
func (w *Worker) SendUpload(r protocol.Request, u *Upload, maxBytes int64) (protocol.Load, error) {
	return protocol.Load{}, ErrNotInBrowser
}

// SameFiles reports whether u and o hold the same files: outside the
// browser, whether they are the same upload.
func (u *Upload) SameFiles(o *Upload) bool { return u != nil && u == o }

// FetchUpload returns ErrNotInBrowser outside the browser.
func FetchUpload(file string, extra []string, urls string) (*Upload, error) {
	return nil, ErrNotInBrowser
}

// FetchText returns ErrNotInBrowser outside the browser.
func FetchText(name string) (text string, found bool, err error) { return "", false, ErrNotInBrowser }

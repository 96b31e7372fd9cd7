//go:build !(js && wasm)

package page

import "github.com/crawlsim/crawlsim/wasm/protocol"

// Worker is the page's handle on the web worker.
type Worker struct{}

// StartWorker starts the worker script; natively it fails.
func StartWorker(script string, deliver func(Event)) (*Worker, error) {
	return nil, ErrNotInBrowser
}

// Send posts a request without buffers.
func (w *Worker) Send(r protocol.Request) error { return ErrNotInBrowser }

// Terminate stops the worker.
func (w *Worker) Terminate() error { return ErrNotInBrowser }

// Address returns the page's query string and fragment.
func Address() (query, fragment string) { return "", "" }

// SetFragment replaces the page's fragment without reloading.
func SetFragment(fragment string) error { return ErrNotInBrowser }

// Download offers data to the user as a file.
func Download(name, mime string, data []byte) error { return ErrNotInBrowser }

// DownloadParts offers the parts, one after the other, as a file.
func DownloadParts(name, mime string, parts []Buffer) error { return ErrNotInBrowser }

// PageURL returns the page's address without query or fragment.
func PageURL() string { return "" }

// Now returns the time since the page opened, in milliseconds.
func Now() float64 { return 0 }

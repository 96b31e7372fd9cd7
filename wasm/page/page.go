// Package page is the page's side of the bridge to JavaScript
// (docs/architecture.md, "The arrows": wasm/ is the only code that touches
// JavaScript): the web worker that runs the engine, the files the user picked,
// the page's address for permalinks and embed mode, and file downloads. The
// Vugu components in ui/ call it and never JavaScript themselves.
//
// Every function has a native stub that returns ErrNotInBrowser, so ui/
// builds and its logic is tested natively.
package page

import (
	"errors"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// ErrNotInBrowser is returned natively, where there is no browser.
var ErrNotInBrowser = errors.New("page: only available in the browser")

// ErrNoGraphFile is PickUpload's error when the graph file input holds
// no file: none was chosen. The page says so in its own words; any other
// error of PickUpload is one of the page or the browser, to show as it is.
var ErrNoGraphFile = errors.New("page: no graph file chosen")

// Event is what the worker sent, or its failure.
type Event struct {
	// Response is the worker's message, when Failed is nil.
	Response protocol.Response
	// Failed is set when the worker itself failed: it could not start,
	// it crashed, or it sent a message the page cannot read. The page
	// should start a new worker.
	Failed error
	// Buffers are the buffers that came with Response (its
	// protocol.Response.Buffers, as the worker transferred them), held
	// outside Go memory in the browser.
	Buffers []Buffer
}

// Buffer is bytes the page offers for download without reading them
// (DownloadParts): a buffer the worker transferred with a response
// (Event.Buffers), or Bytes of the page's own.
type Buffer interface {
	// Len is the buffer's length in bytes.
	Len() int64
}

// Bytes is a Buffer of bytes in Go memory.
type Bytes []byte

// Len returns len(b).
func (b Bytes) Len() int64 { return int64(len(b)) }

//go:build js && wasm

package page

import (
	"fmt"
	"strings"

	"github.com/hack-pad/safejs"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// Upload is the files picked in the page's file inputs, as the browser's
// File objects: the browser reads them only when they are sent, so
// holding an Upload costs nothing, and the same files go to several
// workers, also after the inputs lost them (a render may replace an
// input).
type Upload struct {
	// files are the graph file first (the NAME.graph of a BVGraph, else
	// the first one picked), the graph's other files, then the URL list.
	files []safejs.Value
	load  protocol.Load
}

// PickUpload takes the files picked in the file inputs of ids graphInput
// (one graph file, or a BVGraph's NAME.graph with NAME.properties and
// optionally NAME.offsets) and urlsInput (an optional URL list). It
// returns ErrNoGraphFile when graphInput holds no file.
func PickUpload(graphInput, urlsInput string) (*Upload, error) {
	u := &Upload{}
	graphFiles, err := pickedFiles(graphInput)
	if err != nil {
		return nil, err
	}
	if len(graphFiles) == 0 {
		return nil, ErrNoGraphFile
	}
	// The graph is the NAME.graph of a BVGraph, else the first file.
	main := 0
	names := make([]string, len(graphFiles))
	for i, f := range graphFiles {
		if names[i], err = stringProp(f, "name"); err != nil {
			return nil, err
		}
		if strings.HasSuffix(names[i], ".graph") {
			main = i
		}
	}
	u.files = []safejs.Value{graphFiles[main]}
	u.load.Name = names[main]
	for i, f := range graphFiles {
		if i != main {
			u.files = append(u.files, f)
			u.load.Extra = append(u.load.Extra, names[i])
		}
	}
	urlFiles, err := pickedFiles(urlsInput)
	if err != nil {
		return nil, err
	}
	if len(urlFiles) > 0 {
		u.files = append(u.files, urlFiles[0])
		if u.load.URLs, err = stringProp(urlFiles[0], "name"); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// SendUpload posts a load request with the files of u: it fills r.Load
// with their names and sizes, reads each file into an ArrayBuffer and
// transfers the buffers, of which the page keeps no copy. Files of more
// than maxBytes in all are refused before they are read. It waits for
// the browser to read the files, so it must run on a goroutine of its
// own, not in an event handler.
func (w *Worker) SendUpload(r protocol.Request, u *Upload, maxBytes int64) (protocol.Load, error) {
	load := u.load
	load.Extra = append([]string(nil), u.load.Extra...)
	total := int64(0)
	for _, f := range u.files {
		if n, err := f.Get("size"); err == nil {
			size, _ := n.Float()
			total += int64(size)
		}
	}
	if total > maxBytes {
		return load, fmt.Errorf("%s: %s of files is more than this page can hold (at most %s); use the command line (crawlsim run) for graphs this large",
			load.Name, protocol.BytesText(total), protocol.BytesText(maxBytes))
	}
	var buffers []any
	for _, f := range u.files {
		name, _ := stringProp(f, "name")
		p, err := f.Call("arrayBuffer")
		if err != nil {
			return load, err
		}
		buf, err := await(p)
		if err != nil {
			return load, fmt.Errorf("%s: cannot read the file: %w", name, err)
		}
		n, err := buf.Get("byteLength")
		if err != nil {
			return load, err
		}
		size, err := n.Int()
		if err != nil {
			return load, err
		}
		load.Sizes = append(load.Sizes, int64(size))
		buffers = append(buffers, buf)
	}
	r.Load = &load
	data, err := protocol.Encode(r)
	if err != nil {
		return load, err
	}
	_, err = w.w.Call("postMessage", map[string]any{"json": string(data), "buffers": buffers}, buffers)
	return load, err
}

// SameFiles reports whether u and o hold the same files, picked in the
// same inputs: the same File objects, which the browser makes anew each
// time the user picks files, even the same ones. An upload of no files
// (the tests' uploads) is the same only as itself.
func (u *Upload) SameFiles(o *Upload) bool {
	if u != nil && u == o {
		return true
	}
	if u == nil || o == nil || len(u.files) == 0 || len(u.files) != len(o.files) || u.load.URLs != o.load.URLs {
		return false
	}
	for i := range u.files {
		if !u.files[i].Equal(o.files[i]) {
			return false
		}
	}
	return true
}

// FetchUpload fetches the files of a graph of the page's site, by their
// paths in the site, which are relative to the page (its own origin):
// the graph file, its other files (extra: a BVGraph's NAME.properties
// and NAME.offsets) and its URL list, "" when it has none. They are held
// by the browser, as Blobs, and sent as an upload is (SendUpload). It
// waits for the downloads, so it must run on a goroutine of its own.
func FetchUpload(file string, extra []string, urls string) (*Upload, error) {
	u := &Upload{load: protocol.Load{Name: file, Extra: append([]string(nil), extra...), URLs: urls}}
	for _, name := range u.load.Files() {
		data, err := fetchOK(name)
		if err != nil {
			return nil, err
		}
		blob, err := data.Call("blob")
		if err != nil {
			return nil, err
		}
		if blob, err = await(blob); err != nil {
			return nil, fmt.Errorf("%s: cannot read it from the site: %w", name, err)
		}
		u.files = append(u.files, blob)
	}
	return u, nil
}

// FetchText fetches a file of the page's site, by its path relative to
// the page, as text; found is false when the site has no such file (404).
func FetchText(name string) (text string, found bool, err error) {
	resp, err := fetchResponse(name)
	if err != nil {
		return "", false, err
	}
	if status, err := resp.Get("status"); err == nil {
		if code, _ := status.Int(); code == 404 {
			return "", false, nil
		}
	}
	if err := responseOK(name, resp); err != nil {
		return "", false, err
	}
	p, err := resp.Call("text")
	if err != nil {
		return "", false, err
	}
	v, err := await(p)
	if err != nil {
		return "", false, fmt.Errorf("%s: %w", name, err)
	}
	text, err = v.String()
	return text, true, err
}

// fetchResponse fetches name and returns the response, whatever its
// status.
func fetchResponse(name string) (safejs.Value, error) {
	p, err := safejs.Global().Call("fetch", name)
	if err != nil {
		return safejs.Undefined(), err
	}
	resp, err := await(p)
	if err != nil {
		return safejs.Undefined(), fmt.Errorf("%s: cannot fetch it from the site: %w", name, err)
	}
	return resp, nil
}

// fetchOK fetches name and returns the response, an error unless it is
// a success.
func fetchOK(name string) (safejs.Value, error) {
	resp, err := fetchResponse(name)
	if err != nil {
		return resp, err
	}
	return resp, responseOK(name, resp)
}

// responseOK says why the response resp to the fetch of name is not a
// success, nil when it is.
func responseOK(name string, resp safejs.Value) error {
	ok, err := resp.Get("ok")
	if err != nil {
		return err
	}
	if b, _ := ok.Bool(); b {
		return nil
	}
	status, _ := resp.Get("status")
	code, _ := status.Int()
	return fmt.Errorf("%s: the site answered %d instead of the file", name, code)
}

//go:build js && wasm

package page

import (
	"errors"
	"fmt"

	"github.com/hack-pad/safejs"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// Worker is the page's handle on the web worker.
type Worker struct {
	w         safejs.Value
	q         *queue
	onMessage safejs.Func
	onError   safejs.Func
}

// StartWorker starts the worker script (static/worker.js) and delivers
// what it sends to deliver, in order, on a goroutine of its own. The first
// time, it adopts the worker that static/page.js started before page.wasm
// (crawlsimTakeWorker), with the messages that worker sent meanwhile, so
// that both binaries download and compile at the same time.
func StartWorker(script string, deliver func(Event)) (*Worker, error) {
	wk := &Worker{q: newQueue(deliver)}
	var err error
	wk.onMessage, err = safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		wk.q.push(readEvent(args))
		return nil
	})
	if err != nil {
		return nil, err
	}
	wk.onError, err = safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		msg := "the worker failed"
		if len(args) > 0 {
			if m, err := args[0].Get("message"); err == nil && !m.IsUndefined() {
				if s, err := m.String(); err == nil && s != "" {
					msg += ": " + s
				}
			}
		}
		wk.q.push(Event{Failed: errors.New(msg)})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if w, ok := takeStartedWorker(script, wk.onMessage, wk.onError); ok {
		wk.w = w
		return wk, nil
	}
	ctor, err := safejs.Global().Get("Worker")
	if err != nil {
		return nil, err
	}
	w, err := ctor.New(script)
	if err != nil {
		return nil, fmt.Errorf("cannot start the worker %s: %w", script, err)
	}
	wk.w = w
	if err := w.Set("onmessage", wk.onMessage.Value()); err != nil {
		return nil, err
	}
	if err := w.Set("onerror", wk.onError.Value()); err != nil {
		return nil, err
	}
	return wk, nil
}

// takeStartedWorker adopts the worker of script that static/page.js
// started, if it did and no one took it yet: crawlsimTakeWorker installs
// the handlers and replays through them what the worker sent before.
func takeStartedWorker(script string, onMessage, onError safejs.Func) (safejs.Value, bool) {
	take, err := safejs.Global().Get("crawlsimTakeWorker")
	if err != nil || take.Type() != safejs.TypeFunction {
		return safejs.Null(), false
	}
	w, err := take.Invoke(script, onMessage.Value(), onError.Value())
	if err != nil || w.IsNull() || w.IsUndefined() {
		return safejs.Null(), false
	}
	return w, true
}

// readEvent reads a message event: {json} from the Go worker, or {fatal}
// from worker.js when the worker cannot start or its Go program ended.
func readEvent(args []safejs.Value) Event {
	if len(args) == 0 {
		return Event{Failed: errors.New("the worker sent an empty message")}
	}
	data, err := args[0].Get("data")
	if err != nil {
		return Event{Failed: err}
	}
	if f, err := data.Get("fatal"); err == nil && !f.IsUndefined() {
		s, _ := f.String()
		return Event{Failed: errors.New(s)}
	}
	j, err := data.Get("json")
	if err != nil {
		return Event{Failed: err}
	}
	s, err := j.String()
	if err != nil {
		return Event{Failed: err}
	}
	r, err := protocol.DecodeResponse([]byte(s))
	if err != nil {
		return Event{Failed: err}
	}
	buffers, err := readBuffers(data)
	if err != nil {
		return Event{Failed: err}
	}
	return Event{Response: r, Buffers: buffers}
}

// jsBuffer is an ArrayBuffer the worker transferred, left where it is.
type jsBuffer struct {
	v safejs.Value
	n int64
}

func (b jsBuffer) Len() int64 { return b.n }

// readBuffers returns the buffers of a message's data, {json, buffers}:
// none when it has no buffers.
func readBuffers(data safejs.Value) ([]Buffer, error) {
	bufs, err := data.Get("buffers")
	if err != nil || bufs.IsUndefined() || bufs.IsNull() {
		return nil, err
	}
	n, err := bufs.Length()
	if err != nil {
		return nil, err
	}
	out := make([]Buffer, n)
	for i := range n {
		b, err := bufs.Index(i)
		if err != nil {
			return nil, err
		}
		size, err := b.Get("byteLength")
		if err != nil {
			return nil, err
		}
		l, err := size.Int()
		if err != nil {
			return nil, fmt.Errorf("the worker's buffer %d: %w", i, err)
		}
		out[i] = jsBuffer{v: b, n: int64(l)}
	}
	return out, nil
}

// Send posts a request without buffers.
func (w *Worker) Send(r protocol.Request) error {
	data, err := protocol.Encode(r)
	if err != nil {
		return err
	}
	_, err = w.w.Call("postMessage", map[string]any{"json": string(data)})
	return err
}

// Terminate stops the worker at once and releases its callbacks. The
// error, if any, is that of the browser's terminate; the page's side is
// released either way.
func (w *Worker) Terminate() error {
	_, err := w.w.Call("terminate")
	w.q.stop()
	w.onMessage.Release()
	w.onError.Release()
	if err != nil {
		return fmt.Errorf("cannot stop the worker: %w", err)
	}
	return nil
}

// pickedFiles returns the files picked in the file input of the given id.
func pickedFiles(id string) ([]safejs.Value, error) {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return nil, err
	}
	input, err := doc.Call("getElementById", id)
	if err != nil || input.IsNull() {
		return nil, fmt.Errorf("no file input %q on the page", id)
	}
	files, err := input.Get("files")
	if err != nil || files.IsNull() || files.IsUndefined() {
		return nil, err
	}
	n, err := files.Length()
	if err != nil {
		return nil, err
	}
	out := make([]safejs.Value, 0, n)
	for i := range n {
		f, err := files.Index(i)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

func stringProp(v safejs.Value, name string) (string, error) {
	p, err := v.Get(name)
	if err != nil {
		return "", err
	}
	return p.String()
}

// await waits for a promise; it must not run on a JavaScript callback.
func await(p safejs.Value) (safejs.Value, error) {
	type outcome struct {
		v   safejs.Value
		err error
	}
	ch := make(chan outcome, 1)
	then, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		v := safejs.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		ch <- outcome{v: v}
		return nil
	})
	if err != nil {
		return safejs.Undefined(), err
	}
	defer then.Release()
	catch, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		msg := "failed"
		if len(args) > 0 {
			if s, err := args[0].Call("toString"); err == nil {
				msg, _ = s.String()
			}
		}
		ch <- outcome{err: errors.New(msg)}
		return nil
	})
	if err != nil {
		return safejs.Undefined(), err
	}
	defer catch.Release()
	if _, err := p.Call("then", then, catch); err != nil {
		return safejs.Undefined(), err
	}
	o := <-ch
	return o.v, o.err
}

// Address returns the page's query string and fragment, without their
// leading ? and #.
func Address() (query, fragment string) {
	loc, err := safejs.Global().Get("location")
	if err != nil {
		return "", ""
	}
	q, _ := stringProp(loc, "search")
	f, _ := stringProp(loc, "hash")
	if len(q) > 0 {
		q = q[1:]
	}
	if len(f) > 0 {
		f = f[1:]
	}
	return q, f
}

// SetFragment replaces the page's fragment without reloading the page or
// adding a history entry; ErrNotInBrowser where there is no window history
// (Node, which runs the page's tests).
func SetFragment(fragment string) error {
	h, err := safejs.Global().Get("history")
	if err != nil {
		return fmt.Errorf("cannot set the page's address: %w", err)
	}
	if h.IsUndefined() {
		// No window (Node runs the page's tests): no address to set.
		return ErrNotInBrowser
	}
	if _, err := h.Call("replaceState", safejs.Null(), "", "#"+fragment); err != nil {
		return fmt.Errorf("cannot set the page's address: %w", err)
	}
	return nil
}

// PageURL returns the page's address without query or fragment.
func PageURL() string {
	loc, err := safejs.Global().Get("location")
	if err != nil {
		return ""
	}
	origin, _ := stringProp(loc, "origin")
	path, _ := stringProp(loc, "pathname")
	return origin + path
}

// Download offers data to the user as a file named name.
func Download(name, mime string, data []byte) error {
	return DownloadParts(name, mime, []Buffer{Bytes(data)})
}

// DownloadParts offers the parts, one after the other, as a file named
// name: a Blob of the worker's buffers as they are (the page never reads
// them) and copies of the page's Bytes.
func DownloadParts(name, mime string, parts []Buffer) error {
	g := safejs.Global()
	u8ctor, err := g.Get("Uint8Array")
	if err != nil {
		return err
	}
	items := make([]any, len(parts))
	for i, p := range parts {
		switch p := p.(type) {
		case jsBuffer:
			items[i] = p.v
		case Bytes:
			arr, err := u8ctor.New(len(p))
			if err != nil {
				return err
			}
			if _, err := safejs.CopyBytesToJS(arr, p); err != nil {
				return err
			}
			items[i] = arr
		default:
			return fmt.Errorf("%s: a part of type %T cannot be offered", name, p)
		}
	}
	blobCtor, err := g.Get("Blob")
	if err != nil {
		return err
	}
	blob, err := blobCtor.New(items, map[string]any{"type": mime})
	if err != nil {
		return err
	}
	return offerBlob(name, blob)
}

// offerBlob offers a Blob to the user as a file named name, through a
// link to its blob: address, released once the browser has taken it.
func offerBlob(name string, blob safejs.Value) error {
	g := safejs.Global()
	urlObj, err := g.Get("URL")
	if err != nil {
		return err
	}
	href, err := urlObj.Call("createObjectURL", blob)
	if err != nil {
		return err
	}
	doc, err := g.Get("document")
	if err != nil {
		return err
	}
	a, err := doc.Call("createElement", "a")
	if err != nil {
		return err
	}
	if err := a.Set("href", href); err != nil {
		return err
	}
	if err := a.Set("download", name); err != nil {
		return err
	}
	body, err := doc.Get("body")
	if err != nil {
		return err
	}
	if _, err := body.Call("appendChild", a); err != nil {
		return err
	}
	_, clickErr := a.Call("click")
	_, removeErr := body.Call("removeChild", a)
	if err := errors.Join(clickErr, removeErr); err != nil {
		return fmt.Errorf("cannot offer %s for download: %w", name, err)
	}
	// The file's address is released once the browser has taken the
	// file. If no timer can be set it stays allocated (revoking it now
	// could cut the download short), which is worth saying.
	leak := func(err error) error {
		return fmt.Errorf("%s: the download's memory stays allocated until the page closes: %w", name, err)
	}
	setTimeout, err := g.Get("setTimeout")
	if err != nil {
		return leak(err)
	}
	var revoke safejs.Func
	revoke, err = safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		// Nothing waits for this callback: a failure here cannot be
		// reported, and only leaves the address allocated.
		urlObj.Call("revokeObjectURL", href)
		revoke.Release()
		return nil
	})
	if err != nil {
		return leak(err)
	}
	if _, err := setTimeout.Invoke(revoke, 10000); err != nil {
		revoke.Release()
		return leak(err)
	}
	return nil
}

// Now returns the time since the page opened, in milliseconds.
func Now() float64 {
	perf, err := safejs.Global().Get("performance")
	if err != nil {
		return 0
	}
	v, err := perf.Call("now")
	if err != nil {
		return 0
	}
	f, _ := v.Float()
	return f
}

//go:build js && wasm

// Command worker is crawlsim's web worker (docs/architecture.md, "The page and
// its workers"): built for GOOS=js GOARCH=wasm as worker.wasm and started by
// static/worker.js, it runs the engine off the page's thread. It moves
// messages between JavaScript and a session.Session (wasm/session), which
// holds all the logic: requests arrive as {json, buffers} objects
// (wasm/protocol), the buffers transferred ArrayBuffers that are copied once
// into Go memory, and responses leave as {json} objects, with the buffers of
// the download orders transferred beside it.
//
// Between two slices of work (session.SliceTime) the worker hands the
// JavaScript event loop a turn, by posting itself a message on a
// MessageChannel and waiting for it: messages from the page, cancel among
// them, are only delivered then. (time.Sleep would do too, but browsers
// clamp repeated timers to 4 ms.) Every JavaScript call goes through
// safejs, so a failure is an error, not a panic.
package main

import (
	"fmt"
	"time"

	"github.com/hack-pad/safejs"

	"github.com/crawlsim/crawlsim/wasm/mailbox"
	"github.com/crawlsim/crawlsim/wasm/protocol"
	"github.com/crawlsim/crawlsim/wasm/session"
)

// message is a request as it arrived, not yet decoded.
type message struct {
	json    string
	buffers []safejs.Value
}

func main() {
	if err := run(); err != nil {
		// The worker cannot go on; worker.js tells the page, which
		// restarts it.
		fmt.Println("crawlsim worker:", err)
	}
}

func run() error {
	self, err := safejs.Global().Get("self")
	if err != nil {
		return err
	}
	// Go's monotonic clock, which wasm_exec.js reads from performance.now
	// directly (it refuses to start without it). Reading performance.now
	// through syscall/js instead was slow enough to matter: a crawl that
	// steps one download at a time reads the clock about five times a
	// download, and the default comparison on an uploaded cnr-2000 took
	// 6.7-7.0 s in one Chromium worker with it, 4.6-4.8 s without.
	start := time.Now()
	clock := session.Clock(func() (float64, error) {
		return float64(time.Since(start)) / float64(time.Millisecond), nil
	})
	// The messages that arrive while Go is busy: the onmessage callback
	// must not block, so it puts them here and wakes the main loop.
	box := mailbox.New[message]()
	onMessage, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) > 0 {
			box.Put(readMessage(args[0]))
		}
		return nil
	})
	if err != nil {
		return err
	}
	defer onMessage.Release()
	if err := self.Set("onmessage", onMessage.Value()); err != nil {
		return err
	}
	post := func(rs ...protocol.Response) {
		for _, r := range rs {
			if err := postResponse(self, r); err != nil {
				fmt.Println("crawlsim worker: cannot post a response:", err)
			}
		}
	}
	post(protocol.Response{Version: protocol.Version, Kind: protocol.KindReady})

	s := session.New(clock)
	yield := newYield()
	for {
		msgs := box.Take()
		if len(msgs) == 0 && !s.Busy() {
			msgs, _ = box.Wait()
		}
		for _, m := range msgs {
			post(handle(s, m)...)
		}
		if s.Busy() {
			post(s.Slice()...)
			yield()
		}
	}
}

// newYield returns a function that gives the JavaScript event loop one
// turn: it posts a message on a MessageChannel and waits for it to come
// back, so every task queued before it runs first. Without a
// MessageChannel it sleeps for a millisecond.
func newYield() func() {
	sleep := func() { time.Sleep(time.Millisecond) }
	ctor, err := safejs.Global().Get("MessageChannel")
	if err != nil || ctor.IsUndefined() {
		return sleep
	}
	mc, err := ctor.New()
	if err != nil {
		return sleep
	}
	in, err1 := mc.Get("port1")
	out, err2 := mc.Get("port2")
	if err1 != nil || err2 != nil {
		return sleep
	}
	back := make(chan struct{}, 1)
	fn, err := safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		select {
		case back <- struct{}{}:
		default:
		}
		return nil
	})
	if err != nil || in.Set("onmessage", fn.Value()) != nil {
		return sleep
	}
	return func() {
		if _, err := out.Call("postMessage", safejs.Null()); err != nil {
			sleep()
			return
		}
		<-back
	}
}

// readMessage takes the json string and the buffers of a message event.
func readMessage(event safejs.Value) message {
	var m message
	data, err := event.Get("data")
	if err != nil {
		return m
	}
	if j, err := data.Get("json"); err == nil {
		m.json, _ = j.String()
	}
	if bufs, err := data.Get("buffers"); err == nil && !bufs.IsUndefined() && !bufs.IsNull() {
		n, _ := bufs.Length()
		for i := range n {
			if b, err := bufs.Index(i); err == nil {
				m.buffers = append(m.buffers, b)
			}
		}
	}
	return m
}

// handle decodes a message and gives it to the session.
func handle(s *session.Session, m message) []protocol.Response {
	req, err := protocol.DecodeRequest([]byte(m.json), len(m.buffers))
	if err != nil {
		return []protocol.Response{{Version: protocol.Version, ID: req.ID, Kind: protocol.KindError, Error: err.Error()}}
	}
	buffers := make([]session.Buffer, len(m.buffers))
	for i, b := range m.buffers {
		buffers[i] = arrayBuffer{b}
	}
	return s.Handle(req, buffers)
}

// arrayBuffer is a transferred ArrayBuffer as a session.Buffer.
type arrayBuffer struct{ v safejs.Value }

func (a arrayBuffer) Len() int64 {
	n, err := a.v.Get("byteLength")
	if err != nil {
		return -1
	}
	l, err := n.Int()
	if err != nil {
		return -1
	}
	return int64(l)
}

func (a arrayBuffer) CopyTo(dst []byte) error {
	ctor, err := safejs.Global().Get("Uint8Array")
	if err != nil {
		return err
	}
	view, err := ctor.New(a.v)
	if err != nil {
		return err
	}
	n, err := safejs.CopyBytesToGo(dst, view)
	if err != nil {
		return err
	}
	if n != len(dst) {
		return fmt.Errorf("copied %d of %d bytes", n, len(dst))
	}
	return nil
}

// postResponse sends r to the page as {json, buffers}: r.Buffers are
// copied into ArrayBuffers once and transferred, so the page gets them
// without a copy and without reading them.
func postResponse(self safejs.Value, r protocol.Response) error {
	data, err := protocol.Encode(r)
	if err != nil {
		return err
	}
	msg := map[string]any{"json": string(data)}
	if len(r.Buffers) == 0 {
		_, err = self.Call("postMessage", msg)
		return err
	}
	u8, err := safejs.Global().Get("Uint8Array")
	if err != nil {
		return err
	}
	buffers := make([]any, len(r.Buffers))
	for i, b := range r.Buffers {
		arr, err := u8.New(len(b))
		if err != nil {
			return err
		}
		if _, err := safejs.CopyBytesToJS(arr, b); err != nil {
			return err
		}
		if buffers[i], err = arr.Get("buffer"); err != nil {
			return err
		}
	}
	msg["buffers"] = buffers
	_, err = self.Call("postMessage", msg, buffers)
	return err
}

//go:build js && wasm

package page

import "github.com/crawlsim/crawlsim/wasm/mailbox"

// queue delivers events in order on one goroutine, so a JavaScript
// callback never blocks and progress never overtakes a result.
type queue struct {
	box     *mailbox.Mailbox[Event]
	deliver func(Event)
}

func newQueue(deliver func(Event)) *queue {
	q := &queue{box: mailbox.New[Event](), deliver: deliver}
	go q.loop()
	return q
}

func (q *queue) push(e Event) { q.box.Put(e) }

// stop ends the delivery: no event is delivered after it.
func (q *queue) stop() { q.box.Close() }

func (q *queue) loop() {
	for {
		events, ok := q.box.Wait()
		if !ok {
			return
		}
		for _, e := range events {
			q.deliver(e)
		}
	}
}

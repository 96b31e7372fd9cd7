//go:build js && wasm

package page

import (
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestQueueDeliversInOrder: events pushed from a callback arrive in order
// on the queue's goroutine, and none after stop.
func TestQueueDeliversInOrder(t *testing.T) {
	got := make(chan int, 100)
	q := newQueue(func(e Event) { got <- int(e.Response.ID) })
	for i := range 50 {
		q.push(Event{Response: protocol.Response{ID: int64(i)}})
	}
	for i := range 50 {
		select {
		case id := <-got:
			if id != i {
				t.Fatalf("event %d arrived as number %d", id, i)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("event %d never arrived", i)
		}
	}
	q.stop()
	q.push(Event{})
	select {
	case id := <-got:
		t.Errorf("event %d delivered after stop", id)
	case <-time.After(50 * time.Millisecond):
	}
}

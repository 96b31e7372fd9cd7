package mailbox

import (
	"slices"
	"testing"
	"time"
)

// TestPutFromManyTakeInOrder: values put by one goroutine arrive in order
// through Wait and Take, none twice, none lost, while another goroutine
// keeps putting.
func TestPutFromManyTakeInOrder(t *testing.T) {
	m := New[int]()
	const n = 10000
	go func() {
		for i := range n {
			m.Put(i)
		}
	}()
	var got []int
	for len(got) < n {
		v, ok := m.Wait()
		if !ok {
			t.Fatal("Wait reported a closed mailbox")
		}
		got = append(got, v...)
		got = append(got, m.Take()...)
	}
	want := make([]int, n)
	for i := range want {
		want[i] = i
	}
	if !slices.Equal(got, want) {
		t.Errorf("took %d values out of order or repeated", len(got))
	}
	if rest := m.Take(); rest != nil {
		t.Errorf("after all were taken, Take returns %v", rest)
	}
}

// TestWaitWaitsAndClose: Wait blocks while the mailbox is empty, wakes
// on a Put, and returns false once closed, even with values in it.
func TestWaitWaitsAndClose(t *testing.T) {
	m := New[string]()
	done := make(chan []string)
	go func() {
		v, _ := m.Wait()
		done <- v
	}()
	select {
	case v := <-done:
		t.Fatalf("Wait returned %v from an empty mailbox", v)
	case <-time.After(20 * time.Millisecond):
	}
	m.Put("a")
	select {
	case v := <-done:
		if !slices.Equal(v, []string{"a"}) {
			t.Errorf("Wait returned %v, want [a]", v)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Wait did not wake on Put")
	}
	m.Put("b")
	m.Close()
	if v, ok := m.Wait(); ok || v != nil {
		t.Errorf("Wait on a closed mailbox returned %v, %v", v, ok)
	}
}

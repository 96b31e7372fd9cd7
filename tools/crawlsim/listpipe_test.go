package main

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// pipeLists hands over every list in order, whatever their sizes (empty,
// longer than a batch), and returns the producer's error or the
// consumer's, the producer stopping at the consumer's.
func TestPipeLists(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var lists [][]uint32
	for i := range 5000 {
		n := r.IntN(200)
		if i%1000 == 7 {
			n = listBatchLinks + r.IntN(1000) // beyond a batch
		}
		l := make([]uint32, n)
		for k := range l {
			l[k] = r.Uint32()
		}
		lists = append(lists, l)
	}
	produce := func(fail error) bvLists {
		return func(yield func([]uint32) error) error {
			for i, l := range lists {
				if fail != nil && i == 3000 {
					return fail
				}
				if err := yield(l); err != nil {
					return err
				}
			}
			return nil
		}
	}
	var got [][]uint32
	if err := pipeLists(produce(nil))(func(l []uint32) error {
		got = append(got, slices.Clone(l))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(lists) {
		t.Fatalf("%d lists, want %d", len(got), len(lists))
	}
	for i := range lists {
		if !slices.Equal(got[i], lists[i]) {
			t.Fatalf("list %d differs", i)
		}
	}
	boom := errors.New("boom")
	if err := pipeLists(produce(boom))(func([]uint32) error { return nil }); !errors.Is(err, boom) {
		t.Errorf("the producer's error: %v", err)
	}
	seen := 0
	if err := pipeLists(produce(nil))(func([]uint32) error {
		if seen++; seen == 100 {
			return boom
		}
		return nil
	}); !errors.Is(err, boom) || seen != 100 {
		t.Errorf("the consumer's error: %v after %d lists", err, seen)
	}
}

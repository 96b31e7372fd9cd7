package graphio

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"testing/fstest"
)

// TestCancelStopsAMappedCSR: Load polls Cancel while it checks a .csr
// held in memory (its checksum, the widening of its offsets, the
// validation of its pages), not only while it reads a stream, so that a
// Ctrl-C during the checks of a large mapped file stops them; a cancel
// at any poll is an *Error wrapping its error, at a byte of the file.
func TestCancelStopsAMappedCSR(t *testing.T) {
	defer func(block, pages int) { csrCheckBlock, csrValidateBlock = block, pages }(csrCheckBlock, csrValidateBlock)
	csrCheckBlock, csrValidateBlock = 1<<10, 100
	g := rtRandomGraph(t, 5, 2000, 4, 11)
	var buf bytes.Buffer
	if err := WriteCSR(&buf, g); err != nil {
		t.Fatal(err)
	}
	fsys := &mappedMapFS{MapFS: fstest.MapFS{"g.csr": {Data: buf.Bytes()}}}
	polls := 0
	counting := func() error { polls++; return nil }
	if _, _, err := Load(fsys, "g.csr", LoadOptions{Cancel: counting}); err != nil {
		t.Fatal(err)
	}
	// The body's blocks, the offsets' blocks and the pages' blocks.
	if want := (buf.Len()-csrHeaderSize)/csrCheckBlock + 2000/csrValidateBlock; polls < want {
		t.Fatalf("Load polled Cancel %d times checking %d bytes of %d pages, want at least %d", polls, buf.Len(), g.NumNodes(), want)
	}
	total := polls
	for failAt := 1; failAt <= total; failAt++ {
		polls = 0
		cancel := func() error {
			if polls++; polls >= failAt {
				return context.Canceled
			}
			return nil
		}
		_, _, err := Load(fsys, "g.csr", LoadOptions{Cancel: cancel})
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, context.Canceled) || e.File != "g.csr" || e.Offset < csrHeaderSize || e.Offset >= int64(buf.Len()) {
			t.Fatalf("cancelled at poll %d of %d: %v; want an *Error of g.csr at a byte of its body, wrapping context.Canceled", failAt, total, err)
		}
		if polls != failAt {
			t.Fatalf("cancelled at poll %d, Load polled %d times", failAt, polls)
		}
	}
}

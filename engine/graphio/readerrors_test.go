package graphio

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"testing"
	"testing/fstest"
)

// errSentinel is the failure of rtFailAfter.
var errSentinel = errors.New("sentinel: the device went away")

// rtFailAfter yields the first k bytes of data, in reads of at most 7
// bytes, and then fails with err.
type rtFailAfter struct {
	data []byte
	k    int
	err  error
}

func (r *rtFailAfter) Read(p []byte) (int, error) {
	if r.k == 0 {
		return 0, r.err
	}
	n := copy(p[:min(len(p), r.k, 7)], r.data)
	r.data, r.k = r.data[n:], r.k-n
	return n, nil
}

// rtWantReadError checks that err is an *Error about file that wraps
// errSentinel, at the given line, or at the given byte offset when line
// is 0.
func rtWantReadError(t *testing.T, err error, file string, line, offset int64) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v (%T), want *Error", err, err)
	}
	if !errors.Is(err, errSentinel) {
		t.Fatalf("%v does not wrap the reader's error", err)
	}
	if e.File != file || e.Line != line || (line == 0 && e.Offset != offset) {
		t.Fatalf("%q at %s line %d offset %d, want %s line %d offset %d", e, e.File, e.Line, e.Offset, file, line, offset)
	}
}

// TestReadersWrapReadErrors: every reader turns a failure of its reader,
// after any number k of bytes, into an *Error that wraps it, at the line
// being read (text: 1 + the line breaks among the first k bytes) or at
// byte k (binary).
func TestReadersWrapReadErrors(t *testing.T) {
	g := rtCases(t)[3].g // 5 pages, 7 links, hosts and URLs
	var edges, ascii, urls, csr bytes.Buffer
	for _, err := range []error{WriteEdgeList(&edges, g), WriteASCII(&ascii, g), WriteURLList(&urls, g.URLs), WriteCSR(&csr, g)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	lists, bvData, bvOffs, cfg := bvSmallGraph(t)
	props := cfg.props(lists)
	propsText := []byte(bvPropertiesText(props))

	line := func(data []byte, k int) int64 { return 1 + int64(bytes.Count(data[:k], []byte{'\n'})) }
	text := []struct {
		name string
		data []byte
		read func(r io.Reader) error
	}{
		{"g.edges", edges.Bytes(), func(r io.Reader) error { _, _, err := ReadEdgeList(r, "g.edges", EdgeListOptions{}); return err }},
		{"g.edges", edges.Bytes(), func(r io.Reader) error {
			_, _, err := ReadEdgeList(r, "g.edges", EdgeListOptions{Nodes: 5})
			return err
		}},
		{"g.graph-txt", ascii.Bytes(), func(r io.Reader) error { _, err := ReadASCII(r, "g.graph-txt"); return err }},
		{"g.urls", urls.Bytes(), func(r io.Reader) error { _, err := ReadURLList(r, "g.urls"); return err }},
		{"g.properties", propsText, func(r io.Reader) error { _, err := ReadBVGraphProperties(r, "g.properties"); return err }},
	}
	for _, c := range text {
		for k := 0; k <= len(c.data); k++ {
			err := c.read(&rtFailAfter{data: c.data, k: k, err: errSentinel})
			rtWantReadError(t, err, c.name, line(c.data, k), 0)
		}
	}
	binary := []struct {
		name string
		data []byte
		read func(r io.Reader) error
	}{
		{"g.csr", csr.Bytes(), func(r io.Reader) error { _, err := ReadCSR(r, "g.csr"); return err }},
		{"g.graph", bvData, func(r io.Reader) error {
			_, err := ReadBVGraph(r, "g.graph", props, bytes.NewReader(bvOffs), "g.offsets")
			return err
		}},
		{"g.offsets", bvOffs, func(r io.Reader) error {
			_, err := ReadBVGraph(bytes.NewReader(bvData), "g.graph", props, r, "g.offsets")
			return err
		}},
	}
	for _, c := range binary {
		for k := 0; k <= len(c.data); k++ {
			err := c.read(&rtFailAfter{data: c.data, k: k, err: errSentinel})
			rtWantReadError(t, err, c.name, 0, int64(k))
		}
	}
}

// TestLoadCancelledThroughWrap: a Wrap reader that stops with
// context.Canceled (as the browser worker's does on Cancel) makes Load
// fail with an *Error for that file that errors.Is recognises, in every
// format and for every file Load reads.
func TestLoadCancelledThroughWrap(t *testing.T) {
	g := rtCases(t)[3].g
	fsys := fstest.MapFS{}
	for _, f := range []Format{FormatEdgeList, FormatASCII, FormatCSR} {
		var buf bytes.Buffer
		if err := Save(&buf, g, f); err != nil {
			t.Fatal(err)
		}
		fsys["g."+map[Format]string{FormatEdgeList: "edges", FormatASCII: "graph-txt", FormatCSR: "csr"}[f]] = &fstest.MapFile{Data: buf.Bytes()}
	}
	var urls bytes.Buffer
	if err := WriteURLList(&urls, g.URLs); err != nil {
		t.Fatal(err)
	}
	fsys["g.urls"] = &fstest.MapFile{Data: urls.Bytes()}
	lists, bvData, bvOffs, cfg := bvSmallGraph(t)
	fsys["b.graph"] = &fstest.MapFile{Data: bvData}
	fsys["b.offsets"] = &fstest.MapFile{Data: bvOffs}
	fsys["b.properties"] = &fstest.MapFile{Data: []byte(bvPropertiesText(cfg.props(lists)))}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		load, urls, failing string
	}{
		{"g.edges", "", "g.edges"},
		{"g.edges", "g.urls", "g.urls"},
		{"g.graph-txt", "", "g.graph-txt"},
		{"g.csr", "", "g.csr"},
		{"b.graph", "", "b.properties"},
		{"b.graph", "", "b.graph"},
		{"b.graph", "", "b.offsets"},
	} {
		opt := LoadOptions{URLs: c.urls, Wrap: func(name string, r io.Reader) io.Reader {
			if name != c.failing {
				return r
			}
			data, _ := io.ReadAll(r)
			return &rtFailAfter{data: data, k: len(data) / 2, err: ctx.Err()}
		}}
		_, _, err := Load(fsys, c.load, opt)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, context.Canceled) || e.File != c.failing {
			t.Errorf("Load(%s) with %s cancelled: got %v, want an *Error about %s wrapping context.Canceled", c.load, c.failing, err, c.failing)
		}
	}

	// A file that is not there is an *Error too, and still fs.ErrNotExist.
	_, _, err := Load(fsys, "none.edges", LoadOptions{})
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, fs.ErrNotExist) || e.File != "none.edges" {
		t.Errorf("got %v, want an *Error about none.edges wrapping fs.ErrNotExist", err)
	}
}

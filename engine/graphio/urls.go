package graphio

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// ReadURLList reads a URL list: one URL per line, line k naming page k-1
// (DESIGN.md "Data"). A trailing "\r" is removed from every line and a final
// "\n" ends the last line rather than starting an empty one. A blank line is
// a page without a URL: it is kept as "" and lands in the graph.NoHost host
// when the list is attached with (*graph.Graph).WithURLs. A NUL byte (a
// binary file given by mistake) is an error naming its line. One UTF-8
// byte order mark at the start of the input is skipped. A failure of r is
// returned as an *Error at the line being read, with Err set to r's error.
//
// The URLs share one string holding the whole input, so reading costs the
// input's size plus one string header per line.
func ReadURLList(r io.Reader, name string) ([]string, error) {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(r); err != nil {
		return nil, lineReadError(name, 1+int64(bytes.Count(buf.Bytes(), []byte{'\n'})), err)
	}
	data := bytes.TrimPrefix(buf.Bytes(), []byte(utf8BOM))
	if k := bytes.IndexByte(data, 0); k >= 0 {
		line := 1 + bytes.Count(data[:k], []byte{'\n'})
		col := k - (bytes.LastIndexByte(data[:k], '\n') + 1) + 1
		return nil, lineError(name, int64(line), "NUL byte in column %d: a URL list is text, one URL per line", col)
	}
	lines := bytes.Count(data, []byte{'\n'})
	if len(data) > 0 && data[len(data)-1] != '\n' {
		lines++
	}
	if uint64(lines) > graph.MaxNodes {
		return nil, lineError(name, graph.MaxNodes+1, "more than %d URLs, the page limit", uint64(graph.MaxNodes))
	}
	// data is never written again, so the string may share its memory.
	text := unsafe.String(unsafe.SliceData(data), len(data))
	urls := make([]string, 0, lines)
	for len(text) > 0 {
		line := text
		if k := strings.IndexByte(text, '\n'); k >= 0 {
			line, text = text[:k], text[k+1:]
		} else {
			text = ""
		}
		line = strings.TrimSuffix(line, "\r")
		urls = append(urls, line)
	}
	return urls, nil
}

// WriteURLList writes one URL per line, page 0 first, so that ReadURLList
// reads back the same list. A URL containing a line break or ending in
// "\r" cannot be written that way and is an error. When the first URL
// starts with a UTF-8 byte order mark, one more is written before it, for
// ReadURLList to skip.
func WriteURLList(w io.Writer, urls []string) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if len(urls) > 0 && strings.HasPrefix(urls[0], utf8BOM) {
		bw.WriteString(utf8BOM)
	}
	for i, u := range urls {
		if strings.IndexByte(u, '\n') >= 0 || strings.HasSuffix(u, "\r") {
			return fmt.Errorf("graphio: writing URL list: the URL of page %d contains a line break", i)
		}
		bw.WriteString(u)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("graphio: writing URL list: %w", err)
	}
	return nil
}

package main

import (
	"compress/gzip"
	"io"
	"strings"
)

// gzipName reports whether an output's name ends in .gz, in any letter
// case: such a graph or URL list is written gzip-compressed, as every
// reader takes it (graphio reads gzip whatever the name, and the format
// follows the name without its .gz).
func gzipName(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".gz") }

// gzipWhenNamed returns write, gzip-compressing what it writes when path
// names a .gz file (gzipName); the gzip stream is closed, its trailer
// written, only when write succeeded.
func gzipWhenNamed(path string, write func(io.Writer) error) func(io.Writer) error {
	if !gzipName(path) {
		return write
	}
	return func(w io.Writer) error {
		zw := gzip.NewWriter(w)
		if err := write(zw); err != nil {
			return err
		}
		return zw.Close()
	}
}

// formatText names the format an output is written in, for what the
// commands print: "edges", or "edges, gzip" for a .gz name.
func formatText(path, format string) string {
	if gzipName(path) {
		return format + ", gzip"
	}
	return format
}

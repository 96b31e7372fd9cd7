package main

import (
	"compress/gzip"
	"io"
	"strings"
)

// gzipName reports whether an output's name ends in .gz, in any letter
// case: writeOutputs writes such a file gzip-compressed, whichever command
// makes it. A graph, URL list or importance file reads back so (graphio
// reads gzip whatever the name, and the format follows the name without
// its .gz); a text crawlsim reads back without decompressing (a scenario,
// a seed list) is refused under such a name (refuseGzipName).
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

// refuseGzipName refuses the output path of flag when its name ends in
// .gz and what it holds (what: "a scenario") is plain text that reader
// ("-scenario") reads without decompressing: compressed, it could not be
// read back; written plain under a .gz name, it would say what it is not.
func refuseGzipName(flag, path, what, reader string) error {
	if !gzipName(path) {
		return nil
	}
	return usagef("-%s %s: %s is written as plain text, which %s reads (it does not decompress gzip); name it without .gz", flag, path, what, reader)
}

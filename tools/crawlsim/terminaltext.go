package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// terminalSafe returns s, a label, URL, host or file name that came from
// an input, fit to print on a terminal: every character a terminal could
// act on instead of showing it is written as a Go escape. That is the C0
// and C1 control characters (ESC as \x1b, so that a label cannot recolour
// the terminal or move its cursor; tab and line feed too, as \t and \n,
// which would break a table's columns), format characters such as the bidirectional
// overrides, other characters that are not graphic, and bytes that are
// not UTF-8 (\xff). Letters, marks, digits, punctuation, symbols and
// spaces of every script are kept, and so is the backslash. JSON and CSV
// outputs are data and keep their bytes: only text for people goes
// through it.
func terminalSafe(s string) string { return escapeForTerminal(s, false) }

// terminalText is terminalSafe for whole lines of text, such as a table or
// an error message: line feeds and tabs are kept.
func terminalText(s string) string { return escapeForTerminal(s, true) }

// shortEscapes are the one-letter escapes of Go (and C) for the control
// characters that have one: tab is written \t.
var shortEscapes = [utf8.RuneSelf]byte{'\a': 'a', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v'}

func escapeForTerminal(s string, keepLines bool) string {
	shown := func(r rune) bool {
		return r < utf8.RuneSelf && (r >= ' ' && r < 0x7f || keepLines && (r == '\n' || r == '\t'))
	}
	plain := true
	for _, r := range s {
		if !shown(r) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case shown(r) || r >= utf8.RuneSelf && unicode.IsGraphic(r):
			b.WriteString(s[i : i+size])
		case r < utf8.RuneSelf && shortEscapes[r] != 0:
			b.WriteByte('\\')
			b.WriteByte(shortEscapes[r])
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += size
	}
	return b.String()
}

// printTerminal writes to w the text print makes, through terminalText:
// the way a command prints a table whose cells came from its inputs.
func printTerminal(w io.Writer, print func(io.Writer) error) error {
	var b bytes.Buffer
	err := print(&b)
	if _, werr := io.WriteString(w, terminalText(b.String())); err == nil {
		err = werr
	}
	return err
}

package main

import (
	"strings"
	"unicode/utf8"
)

// echoLimit is the most characters of one word of the user's input that
// an error message repeats: a longer word (a million-digit number, a
// pasted file) is cut to its first characters and an ellipsis.
const echoLimit = 80

// capEchoes shortens every word of msg (a run of characters other than
// spaces) longer than echoLimit characters to echoLimit characters ending
// in "…", unless it holds a '/', as file paths and URLs do, which are
// kept whole so that they can be found.
func capEchoes(msg string) string {
	if len(msg) <= echoLimit {
		return msg
	}
	var b strings.Builder
	for i := 0; i < len(msg); {
		j := strings.IndexByte(msg[i:], ' ')
		end := len(msg)
		if j >= 0 {
			end = i + j
		}
		word := msg[i:end]
		if utf8.RuneCountInString(word) > echoLimit && !strings.Contains(word, "/") {
			k, n := 0, 0
			for k < len(word) && n < echoLimit-1 {
				_, size := utf8.DecodeRuneInString(word[k:])
				k += size
				n++
			}
			word = word[:k] + "…"
		}
		b.WriteString(word)
		if end < len(msg) {
			b.WriteByte(' ')
		}
		i = end + 1
	}
	return b.String()
}

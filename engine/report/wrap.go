package report

import (
	"strings"
	"unicode/utf8"
)

// WrapWords splits s into lines of at most chars characters, cut between
// words and the words kept whole (a longer word takes a line of its
// own); blanks between words become one space. It returns one empty line
// for a text without words. The charts' titles and crawlsim's help use it.
func WrapWords(s string, chars int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > chars {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}

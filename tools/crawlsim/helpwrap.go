package main

import (
	"flag"
	"io"
	"strings"

	"github.com/crawlsim/crawlsim/engine/report"
)

// helpWidth is the most columns a line of help takes, where it can: a
// line longer holds a single word longer than that (a long flag value
// in an example), which no wrapping can break.
const helpWidth = 80

// flagUsageIndent begins each line of a flag's description as
// flag.PrintDefaults writes it: four spaces and a tab, which a terminal
// takes to column 8.
const flagUsageIndent = "    \t"

// helpColumns returns the columns line takes on a terminal, a tab
// going on to the next multiple of 8.
func helpColumns(line string) int {
	col := 0
	for _, r := range line {
		if r == '\t' {
			col += 8 - col%8
			continue
		}
		col++
	}
	return col
}

// printFlagDefaults writes fs's flags to w as flag.PrintDefaults does,
// but aliases, which their flags' entries name, and with descriptions
// wrapped within 80 columns (wrapFlagDefaults).
func printFlagDefaults(w io.Writer, fs *flag.FlagSet) {
	var text strings.Builder
	sub := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	sub.SetOutput(&text)
	fs.VisitAll(func(f *flag.Flag) {
		if aliasOf(f) == "" {
			sub.Var(f.Value, f.Name, f.Usage)
			sub.Lookup(f.Name).DefValue = f.DefValue
		}
	})
	sub.PrintDefaults()
	io.WriteString(w, wrapFlagDefaults(text.String()))
}

// wrapFlagDefaults wraps the descriptions in text, flags as
// flag.PrintDefaults writes them, within helpWidth columns: each line of
// a description is cut between words, and its further lines begin as
// it does.
func wrapFlagDefaults(text string) string {
	var out strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		body, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), flagUsageIndent)
		if !ok {
			out.WriteString(line)
			continue
		}
		for _, l := range report.WrapWords(body, helpWidth-helpColumns(flagUsageIndent)) {
			out.WriteString(flagUsageIndent + l + "\n")
		}
	}
	return out.String()
}

// wrapCommand writes the shell command cmd, indented by indent, within
// helpWidth columns: cut between words (shellWords: a quoted argument
// is one, its blanks kept), each line but the last ending with " \" as
// a shell continues a command, the further lines indented four columns
// more. A word longer than a line stays whole.
func wrapCommand(indent, cmd string) []string {
	if helpColumns(indent+cmd) <= helpWidth {
		return []string{indent + cmd}
	}
	var lines []string
	prefix := indent
	line := ""
	for _, w := range shellWords(cmd) {
		// room for the word and, after it, " \"
		if line != "" && helpColumns(prefix+line+" "+w+` \`) > helpWidth {
			lines = append(lines, prefix+line+` \`)
			prefix, line = indent+"    ", ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, prefix+line)
}

// shellWords splits cmd at blanks outside quotes, as a shell splits a
// command into words: text between single or double quotes stays in its
// word with its blanks and quotes ("-urls 'a b/part-*.gz'" is two
// words). A backslash escapes the next character outside single quotes.
func shellWords(cmd string) []string {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	escaped := false
	for _, r := range cmd {
		switch {
		case escaped:
			escaped = false
		case r == '\\' && quote != '\'':
			escaped = true
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
			continue
		}
		word.WriteRune(r)
		inWord = true
	}
	if inWord {
		words = append(words, word.String())
	}
	return words
}

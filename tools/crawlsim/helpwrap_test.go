package main

import (
	"slices"
	"strings"
	"testing"
)

// TestHelpColumns: a tab takes a terminal to its next multiple of 8.
func TestHelpColumns(t *testing.T) {
	for line, want := range map[string]int{"": 0, "abc": 3, "\t": 8, "ab\tc": 9, flagUsageIndent + "x": 9, "é": 1} {
		if got := helpColumns(line); got != want {
			t.Errorf("helpColumns(%q) = %d; want %d", line, got, want)
		}
	}
}

// TestWrapKeepsLongWords: the wrapping of an example (wrapCommand) and
// of a flag's description (wrapFlagDefaults) keeps every word, and a
// word longer than a line whole, on a line of its own.
func TestWrapKeepsLongWords(t *testing.T) {
	long := strings.Repeat("x", 90)
	if got := wrapCommand("  ", "crawlsim run -strategies "+long+" web.csr"); !slices.Equal(got, []string{"  crawlsim run -strategies \\", "      " + long + " \\", "      web.csr"}) {
		t.Errorf("wrapCommand with a word of 90 columns: %q", got)
	}
	if got := wrapFlagDefaults("  -x N\n" + flagUsageIndent + "a " + long + " b\n"); got != "  -x N\n"+flagUsageIndent+"a\n"+flagUsageIndent+long+"\n"+flagUsageIndent+"b\n" {
		t.Errorf("wrapFlagDefaults with a word of 90 columns: %q", got)
	}
}

// unwrapFlagDefaults undoes wrapFlagDefaults: each flag's description on
// one line again, for a test that looks for a phrase in it.
func unwrapFlagDefaults(help string) string {
	lines := strings.Split(help, "\n")
	var out []string
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, flagUsageIndent); ok && i > 0 && strings.HasPrefix(lines[i-1], flagUsageIndent) {
			out[len(out)-1] += " " + rest
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// TestWrapCommandKeepsQuotedWordsWhole: an example's quoted argument
// holding blanks is one word to the shell, and wrapCommand keeps it
// whole, blanks and all: strings.Fields cut "-urls 'a b/part-*.gz'"
// between a and b, and the continuation made the shell read another
// argument.
func TestWrapCommandKeepsQuotedWordsWhole(t *testing.T) {
	quoted := `'vertices of a  host graph/part-*.gz'`
	cmd := "crawlsim info -urls " + quoted + ` -format "edge  list" ` + strings.Repeat("y", 30) + ".edges"
	got := wrapCommand("  ", cmd)
	if len(got) < 2 {
		t.Fatalf("wrapCommand(%q) did not wrap: %q", cmd, got)
	}
	var words []string
	for _, l := range got {
		words = append(words, strings.TrimSpace(strings.TrimSuffix(l, ` \`)))
	}
	if joined := strings.Join(words, " "); joined != cmd {
		t.Errorf("wrapCommand(%q) = %q, which reads as %q", cmd, got, joined)
	}
	for _, q := range []string{quoted, `"edge  list"`} {
		if !slices.ContainsFunc(got, func(l string) bool { return strings.Contains(l, q) }) {
			t.Errorf("wrapCommand(%q) = %q: %s is cut", cmd, got, q)
		}
	}
}

// TestShellWords: words split at blanks outside quotes, as a shell
// splits them, quotes and escapes kept in the word.
func TestShellWords(t *testing.T) {
	for cmd, want := range map[string][]string{
		"a  b\tc":           {"a", "b", "c"},
		`-seeds ''`:         {"-seeds", "''"},
		`-urls 'a b' "c d"`: {"-urls", "'a b'", `"c d"`},
		`"it's x" y`:        {`"it's x"`, "y"},
		`a\ b c`:            {`a\ b`, "c"},
		`'a\' b`:            {`'a\'`, "b"},
		`x="a \" b" z`:      {`x="a \" b"`, "z"},
		"":                  nil,
	} {
		if got := shellWords(cmd); !slices.Equal(got, want) {
			t.Errorf("shellWords(%q) = %q; want %q", cmd, got, want)
		}
	}
}

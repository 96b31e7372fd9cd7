package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestHelpSummariesAreWholeSentences: crawlsim help lists every command
// with a summary that is a whole sentence: it ends with a full stop, and
// its parentheses and quotes are closed (it printed
// `refresh ... (Singhal et al., "Regulating` and `seeds ... (Daneshpajouh
// et al.,`, cut at the end of the summary's first line).
func TestHelpSummariesAreWholeSentences(t *testing.T) {
	out, _, status := crawlsim(t, "help")
	if status != 0 {
		t.Fatalf("help: status %d", status)
	}
	_, list, ok := strings.Cut(out, "commands:\n")
	list, _, _ = strings.Cut(list, "\n\n")
	if !ok {
		t.Fatalf("help has no list of commands:\n%s", out)
	}
	summaries := map[string]string{}
	for _, line := range strings.Split(list, "\n") {
		name, summary, _ := strings.Cut(strings.TrimSpace(line), " ")
		summaries[name] = strings.TrimSpace(summary)
	}
	for _, c := range commands() {
		s, ok := summaries[c.name]
		switch {
		case !ok:
			t.Errorf("help does not list %s", c.name)
		case !strings.HasSuffix(s, "."),
			strings.Count(s, "(") != strings.Count(s, ")"),
			strings.Count(s, `"`)%2 != 0:
			t.Errorf("help lists %s as %q: not a whole sentence", c.name, s)
		}
	}
}

// TestHelpLinesFitAndEndClean: the help of crawlsim and of every command
// ends no line with a blank (the usage line of a command without
// arguments ended "[flags] "), and every line fits within 80 columns, a
// tab taking a terminal to its next multiple of 8: the prose above the
// flags (reproduce's and strategies' had a sentence of 106 columns beside
// a line of 30), the flags' descriptions (wrapFlagDefaults: they were one
// line each, -seeds of rank 260 columns), the examples (refresh's from
// the manual and run's own ran to 111 columns; wrapCommand continues a
// long one with " \") and the list of commands (reproduce's took 86).
// The one exception is a line that holds a single word, which no
// wrapping can shorten (an example's long flag value; isOneWord). No
// limit is written as Go prints a float64. helpwrap_test.go checks the
// wrapping itself.
func TestHelpLinesFitAndEndClean(t *testing.T) {
	check := func(name, text string) {
		for i, line := range strings.Split(text, "\n") {
			if strings.TrimRight(line, " \t") != line {
				t.Errorf("%s: line %d ends with a blank: %q", name, i+1, line)
			}
			if c := helpColumns(line); c > helpWidth && !isOneWord(line) {
				t.Errorf("%s: line %d has %d columns, more than %d: %q", name, i+1, c, helpWidth, line)
			}
		}
	}
	out, _, status := crawlsim(t, "help")
	if status != 0 {
		t.Fatalf("help: status %d", status)
	}
	check("crawlsim help", out)
	for _, c := range commands() {
		out, _, status := crawlsim(t, "help", c.name)
		if status != 0 {
			t.Fatalf("help %s: status %d", c.name, status)
		}
		check("crawlsim help "+c.name, out)
		if raw := rawFloat.FindString(out); raw != "" {
			t.Errorf("help %s writes a limit as Go prints a float64, %q", c.name, raw)
		}
	}
}

// isOneWord reports whether line holds one word but its indentation and a
// shell's continuation " \" after it.
func isOneWord(line string) bool {
	return len(strings.Fields(strings.TrimSuffix(line, ` \`))) == 1
}

// rawFloat is a number as Go's %v writes a float64 of 17 digits or with
// "e+" ("at least 2.2250738585072014e-308", "at most 1e+150"), which a
// help states in words or as a reader writes it.
var rawFloat = regexp.MustCompile(`[0-9]\.[0-9]{12,}|[0-9]e\+[0-9]`)

// TestHelpSaysWhereTheManualIs: crawlsim help lists the commands, not the
// manual (the package doc, doc.go, ten times as long), so it says where
// the manual is.
func TestHelpSaysWhereTheManualIs(t *testing.T) {
	out, _, status := crawlsim(t, "help")
	if status != 0 || !strings.Contains(out, "go doc ./tools/crawlsim") || !strings.Contains(out, "tools/crawlsim/doc.go") {
		t.Errorf("crawlsim help: status %d, does not say where the manual is:\n%s", status, out)
	}
}

// TestHelpAboutHelp: crawlsim help help (and help -h) prints the list of
// commands, as crawlsim help does, where it said that help is an unknown
// command.
func TestHelpAboutHelp(t *testing.T) {
	want, _, _ := crawlsim(t, "help")
	for _, arg := range []string{"help", "-h", "--help"} {
		out, errOut, status := crawlsim(t, "help", arg)
		if status != 0 || out != want || errOut != "" {
			t.Errorf("crawlsim help %s: status %d, stderr %q, stdout:\n%s\nwant status 0 and the output of crawlsim help", arg, status, errOut, out)
		}
	}
}

// TestHelpEndsWithTheManualsExamples: the help of every command but run
// (whose examples are its own, runExamples) ends with the example lines
// the manual gives for it, which the tests run, so that crawlsim help
// rank shows how rank is used without the manual.
func TestHelpEndsWithTheManualsExamples(t *testing.T) {
	shown := 0
	for _, c := range commands() {
		if c.name == "run" {
			continue
		}
		out, _, status := crawlsim(t, "help", c.name)
		if status != 0 {
			t.Fatalf("help %s: status %d", c.name, status)
		}
		lines := manualExamples(c.name)
		_, tail, found := strings.Cut(out, "\nexamples")
		if len(lines) == 0 {
			if found {
				t.Errorf("help %s shows examples the manual does not give:\n%s", c.name, tail)
			}
			continue
		}
		shown++
		// An example wrapped within 80 columns (wrapCommand) is one
		// command, continued after " \".
		var got []string
		for _, l := range strings.Split(strings.ReplaceAll(strings.TrimRight(tail, "\n"), " \\\n     ", ""), "\n")[1:] {
			got = append(got, strings.TrimPrefix(l, "  "))
		}
		if !slices.Equal(got, lines) {
			t.Errorf("help %s ends with the examples %q; want the manual's, in order: %q", c.name, got, lines)
		}
	}
	if shown < 7 {
		t.Errorf("%d commands show examples; want gen, convert, info, rank, seeds, refresh and strategies", shown)
	}
	// not those of the block on ../shared/data ($D), which read the
	// cnr-2000.csr that block's convert makes
	if got := manualExamples("rank"); !slices.Contains(got, "crawlsim rank -top 5 web.csr") || slices.ContainsFunc(got, func(l string) bool { return strings.Contains(l, "$") || strings.Contains(l, "cnr-2000") }) {
		t.Errorf("rank's examples from the manual: %q", got)
	}
}

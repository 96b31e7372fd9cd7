package main

import (
	_ "embed"
	"fmt"
	"io"
	"strings"
)

// manual is the command line's manual, doc.go, whose examples the tests
// run (TestExamples and the others that call docExamples).
//
//go:embed doc.go
var manual string

// manualExamples returns the manual's example lines of the command name
// ("crawlsim rank -top 5 web.csr"), in their order, without those that
// name files through a shell variable ($D for ../shared/data).
func manualExamples(name string) []string {
	var out []string
	for _, line := range strings.Split(manual, "\n") {
		args, ok := strings.CutPrefix(line, "//\tcrawlsim ")
		if !ok || strings.Contains(args, "$") {
			continue
		}
		if word, _, _ := strings.Cut(args, " "); word == name {
			out = append(out, "crawlsim "+args)
		}
	}
	return out
}

// printManualExamples ends a command's help with its examples from the
// manual, when it has any.
func printManualExamples(w io.Writer, name string) {
	lines := manualExamples(name)
	if len(lines) == 0 {
		return
	}
	fmt.Fprint(w, "\nexamples (the manual's, go doc ./tools/crawlsim, which says what each does):\n")
	for _, l := range lines {
		fmt.Fprintf(w, "  %s\n", l)
	}
}

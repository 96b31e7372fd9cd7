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
// ("crawlsim rank -top 5 web.csr"), in their order, but those of a block
// of examples that names files through a shell variable ($D for
// ../shared/data), whose other lines read the files it makes.
func manualExamples(name string) []string {
	var out, block []string
	local := true
	end := func() {
		if local {
			out = append(out, block...)
		}
		block, local = nil, true
	}
	for _, line := range strings.Split(manual, "\n") {
		args, ok := strings.CutPrefix(line, "//\tcrawlsim ")
		if !ok {
			end()
			continue
		}
		local = local && !strings.Contains(args, "$")
		if word, _, _ := strings.Cut(args, " "); word == name {
			block = append(block, "crawlsim "+args)
		}
	}
	end()
	return out
}

// printManualExamples ends a command's help with its examples from the
// manual, when it has any, each within 80 columns where it can be
// (wrapCommand).
func printManualExamples(w io.Writer, name string) {
	lines := manualExamples(name)
	if len(lines) == 0 {
		return
	}
	fmt.Fprint(w, "\nexamples (the manual's, go doc ./tools/crawlsim, which says what each does):\n")
	for _, l := range lines {
		for _, part := range wrapCommand("  ", l) {
			fmt.Fprintln(w, part)
		}
	}
}

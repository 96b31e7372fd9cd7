package main

import (
	"strings"
)

// genLabelFlags maps the names engine/gen's Params.Validate gives its
// parameters in words ("hosts 5,000 is more than the 1,000 pages") to the
// gen flags that set them.
var genLabelFlags = []struct{ label, flag string }{
	{"pages", "n"}, {"hosts", "hosts"}, {"mean out-degree", "degree"},
	{"intra-host share", "intra"}, {"host-size exponent", "host-exp"},
	{"out-degree exponent", "degree-exp"}, {"copy probability", "copy"},
	{"locality", "locality"},
}

// genProblems writes the problems Params.Validate found (joined, one per
// line, each "gen: LABEL VALUE ...") in the words of crawlsim gen's
// flags, on one line: "-hosts 5,000 is more than the 1,000 pages: ...;
// -intra 2 is out of range: ...".
func genProblems(err error) string {
	var out []string
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimPrefix(line, "gen: ")
		for _, lf := range genLabelFlags {
			if rest, ok := strings.CutPrefix(line, lf.label+" "); ok {
				line = "-" + lf.flag + " " + rest
				break
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "; ")
}

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
// -intra 2 is out of range: ...". A refusal of the page count says
// pages, the -n given, as pagesProblem does, unless pages is "".
func genProblems(err error, pages string) string {
	var out []string
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimPrefix(line, "gen: ")
		for _, lf := range genLabelFlags {
			if rest, ok := strings.CutPrefix(line, lf.label+" "); ok {
				line = "-" + lf.flag + " " + rest
				if lf.flag == "n" && pages != "" {
					line = pagesProblem(line, pages)
				}
				break
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "; ")
}

// pagesProblem rewrites a refusal of the page count in the words of the
// -n flag ("-n 5,000,000,000 is too many: at most 4,294,967,295", as
// engine/model words it) as the command line refuses a count below the
// range, with the value as given, pages (the flag's digits): "-n
// 5000000000 is out of range: want 1 to 4,294,967,295", as "-n 0 is out
// of range: want 1 to 4,294,967,295". Any other msg is returned as it
// is.
func pagesProblem(msg, pages string) string {
	rest, ok := strings.CutPrefix(msg, "-n ")
	if !ok {
		return msg
	}
	if _, rest, ok = strings.Cut(rest, " is "); !ok {
		return msg
	}
	if most, ok := strings.CutPrefix(rest, "too many: at most "); ok {
		rest = "out of range: want 1 to " + most
	}
	return "-n " + pages + " is " + rest
}

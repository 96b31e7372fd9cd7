package main

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// refreshFieldFlags maps the names of the revisit scenario's fields, as
// its problems write them (scenario.NormalizeRefresh: "min 500 is above
// max 200"), to the refresh flags that set them.
var refreshFieldFlags = map[string]string{
	"sites": "sites", "horizon": "horizon", "change_min": "change-min", "change_max": "change-max",
	"users": "users", "user_rate": "user-rate", "popularity": "popularity", "site_bytes": "site-bytes",
	"migrant_bytes": "migrant-bytes", "samples": "samples", "seed": "random-seed",
	"initial": "t0", "min": "tmin", "max": "tmax", "window": "window", "lower": "pl", "upper": "pg",
	"alpha": "alpha", "interest_lower": "interest-pl", "interest_upper": "interest-pg",
	"min_interest": "min-interest", "policies": "policies", "equal_budget": "equal-budget",
}

// fieldWord is a word that may be a field's name in a problem.
var fieldWord = regexp.MustCompile(`[a-z_]+`)

// inFlagWords writes a problem of the revisit scenario with the flags in
// place of the fields' names ("-tmin 500 is above -tmax 200"), and returns
// the flags it names. A word is a field's name where it stands for the
// field: before its value, in "lower/upper", in "[min, max]" or in a
// product ("sites × horizon"), not in prose ("the lower threshold"). The value of a flag not given is marked
// with where it comes from, unset ("(default)" or "(from the scenario
// file)"), so that a problem the flags given cause in another field does
// not read as if that one had been typed ("-t0 10 (default) is outside
// [-tmin, -tmax] = [500, 200]").
func inFlagWords(msg string, given func(string) bool, unset string) (string, []string) {
	var b strings.Builder
	var named []string
	last := 0
	for _, m := range fieldWord.FindAllStringIndex(msg, -1) {
		i, j := m[0], m[1]
		name, ok := refreshFieldFlags[msg[i:j]]
		if !ok || (i > 0 && !strings.ContainsRune(" [/(", rune(msg[i-1]))) {
			continue
		}
		next := msg[j:]
		isValue := len(next) > 1 && next[0] == ' ' && strings.ContainsRune("-+.0123456789NI", []rune(next[1:])[0])
		// A factor of a product is a name too: "sites × horizon × rates".
		isFactor := strings.HasPrefix(next, " ×")
		if next != "" && !isValue && !isFactor && !strings.ContainsRune("/,]:", rune(next[0])) {
			continue
		}
		b.WriteString(msg[last:i])
		b.WriteString("-" + name)
		last = j
		// The second of a pair ("lower/upper 0.9/0.1") carries both
		// values: the mark says which of the two flags were not given.
		pair := i > 0 && msg[i-1] == '/' && len(named) > 0
		unsetNames := []string{}
		if pair {
			for _, n := range []string{named[len(named)-1], name} {
				if !given(n) {
					unsetNames = append(unsetNames, "-"+n)
				}
			}
		} else if !given(name) {
			unsetNames = append(unsetNames, "")
		}
		if isValue && len(unsetNames) > 0 {
			end := j + 1 + valueLength(next[1:])
			mark := unset
			if pair {
				mark = "(" + strings.Join(unsetNames, ", ") + ": " + strings.Trim(unset, "()") + ")"
			}
			b.WriteString(msg[j:end] + " " + mark)
			last = end
		}
		named = append(named, name)
	}
	b.WriteString(msg[last:])
	return b.String(), named
}

// refreshError says the problems err that scenario.NormalizeRefresh found
// in the scenario: in the flags' words, as a usage error, for those about
// a flag given (or about any field when there is no -scenario FILE);
// placed in the file, by the field's path, for the others.
func (f *refreshFlags) refreshError(err error, set map[string]bool) error {
	var problems []error
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		problems = joined.Unwrap()
	} else {
		problems = []error{err}
	}
	var flagLines []string
	var fileErrs []error
	for _, p := range problems {
		var fe *scenario.FieldError
		if !errors.As(p, &fe) {
			fileErrs = append(fileErrs, p)
			continue
		}
		field := strings.TrimPrefix(fe.Field, "simulation.")
		unset := "(default)"
		if f.file != "" {
			unset = "(from the scenario file)"
		}
		msg, named := inFlagWords(fe.Message, func(name string) bool { return set[name] }, unset)
		// The flag of the field itself, when the problem does not start
		// with it: "policies[1]" is -policies.
		base, _, _ := strings.Cut(strings.TrimPrefix(field, "regulation."), "[")
		if name, ok := refreshFieldFlags[base]; ok && !strings.HasPrefix(msg, "-"+name) {
			msg = "-" + name + ": " + msg
			named = append(named, name)
		}
		fromFlag := f.file == ""
		for _, name := range named {
			fromFlag = fromFlag || set[name]
		}
		if fromFlag {
			flagLines = append(flagLines, msg)
		} else {
			fileErrs = append(fileErrs, fe)
		}
	}
	if len(fileErrs) == 0 {
		return usagef("%s", strings.Join(flagLines, "; "))
	}
	// The problems of the file's own fields, each placed at its value
	// (line and column, the field's full path), one per line after a
	// line that counts them when there are several, as run says those
	// of a crawl scenario (runFlags.scenarioError).
	placed := scenario.PlaceRefreshErrors(errors.Join(fileErrs...), f.file, f.fileText)
	if len(flagLines) > 0 {
		return usagef("%s; %s", strings.Join(flagLines, "; "), strings.ReplaceAll(placed.Error(), "\n", "; "))
	}
	if len(fileErrs) > 1 {
		return fmt.Errorf("scenario %s: %d problems:\n%w", f.file, len(fileErrs), placed)
	}
	return placed
}

// valueLength returns the length of the value at the start of s, a
// number as the engine writes it ("2,000,000", "0.5", "NaN"): up to a
// space, ";", ":", ")", "]", or a comma not followed by a digit.
func valueLength(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', ';', ':', ')', ']':
			return i
		case ',':
			if i+1 == len(s) || s[i+1] < '0' || s[i+1] > '9' {
				return i
			}
		}
	}
	return len(s)
}

package main

import (
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The flag package's errors (flag.FlagSet.Parse), which flagError
// rewrites.
var (
	flagValueError   = regexp.MustCompile(`^invalid (?:boolean )?value (".*") for (?:flag )?-(\S+): (.*)$`)
	flagUnknownError = regexp.MustCompile(`^flag provided but not defined: -(.*)$`)
	flagMissingError = regexp.MustCompile(`^flag needs an argument: -(.*)$`)
)

// flagError says in one line what is wrong with a flag of the command c,
// from the error err of fs.Parse: the flag, the value given and what the
// flag wants ("-n 1e99: expected a whole number"), rather than the flag
// package's "invalid value "1e99" for flag -n: parse error".
func flagError(c *command, fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if m := flagValueError.FindStringSubmatch(msg); m != nil {
		value, uerr := strconv.Unquote(m[1])
		if uerr != nil {
			value = m[1]
		}
		if value == "" || strings.ContainsFunc(value, func(r rune) bool { return r <= ' ' || r == '"' }) {
			value = strconv.Quote(value)
		}
		reason := m[3]
		if f := fs.Lookup(m[2]); f != nil {
			switch reason {
			case "parse error":
				reason = "expected " + flagWants(f)
			case "value out of range":
				reason = "out of range for " + flagWants(f)
			}
		}
		sep := " "
		if strings.HasPrefix(msg, "invalid boolean") {
			sep = "=" // a boolean flag takes its value only so
		}
		return fmt.Sprintf("-%s%s%s: %s", m[2], sep, value, reason)
	}
	if m := flagUnknownError.FindStringSubmatch(msg); m != nil {
		name, _, _ := strings.Cut(m[1], "=")
		return fmt.Sprintf("-%s is not a flag of crawlsim %s%s", m[1], c.name, flagSuggestion(strings.TrimLeft(name, "-"), fs, flagNames(fs)))
	}
	if m := flagMissingError.FindStringSubmatch(msg); m != nil {
		want := ""
		if f := fs.Lookup(m[1]); f != nil {
			want = ": " + flagWants(f)
		}
		return fmt.Sprintf("-%s needs a value%s", m[1], want)
	}
	return msg
}

// sameSettings are the groups of flag names by which different commands
// name one setting: run's -gen-seed is gen's -seed (which gen takes as
// -gen-seed too), and the older names rank and refresh still take
// (aliasFlag) are the others' names: rank's -d is run's -damping, rank's
// and refresh's -seed run's -random-seed, rank's -hits-iter seeds'
// -iterations.
var sameSettings = [][]string{
	{"d", "damping"},
	{"seed", "random-seed", "gen-seed"},
	{"hits-iter", "iterations"},
}

// flagSuggestion is "; did you mean -X?" for name, a flag that the flag
// set fs, whose flags are names, lacks: the command's own names of the
// setting that other commands call name (sameSettings), and the flag
// nearest in spelling (didYouMean) when there are none of those or it is
// the same word longer or shorter (run's -seed: -random-seed, -gen-seed
// or -seeds); "" when nothing fits.
func flagSuggestion(name string, fs *flag.FlagSet, names []string) string {
	var same []string
	for _, group := range sameSettings {
		if !slices.Contains(group, name) {
			continue
		}
		for _, other := range group {
			if f := fs.Lookup(other); other != name && f != nil && aliasOf(f) == "" {
				same = append(same, "-"+other)
			}
		}
	}
	if len(same) == 0 {
		return didYouMean(name, names, "-%s")
	}
	if near := closest(name, names); near != "" && !slices.Contains(same, "-"+near) &&
		(strings.HasPrefix(near, name) || strings.HasPrefix(name, near)) {
		same = append(same, "-"+near)
	}
	last := len(same) - 1
	if last == 0 {
		return "; did you mean " + same[0] + "?"
	}
	return "; did you mean " + strings.Join(same[:last], ", ") + " or " + same[last] + "?"
}

// flagWants says what kind of value the flag f takes, as in "a number".
func flagWants(f *flag.Flag) string {
	if g, ok := f.Value.(flag.Getter); ok {
		switch g.Get().(type) {
		case int, int64:
			return "a whole number"
		case uint, uint64:
			return "a whole number, 0 or more"
		case float64:
			return "a number"
		case bool:
			return "true or false"
		case time.Duration:
			return "a duration, as in 1.5s or 2m"
		}
	}
	name, _ := flag.UnquoteUsage(f)
	if name == "" {
		return "a value"
	}
	return name
}

// flagsAfterArguments returns the mistake of a flag given after the
// command's first argument, which the flag package leaves as an argument
// ("crawlsim run h.csr -strategies bfs"): flags go before the arguments.
// It returns "" when there is none.
func flagsAfterArguments(c *command, fs *flag.FlagSet) string {
	args := fs.Args()
	if c.args == "" || len(args) < 2 {
		return ""
	}
	before := "the arguments"
	if c.args == "GRAPH" || c.args == "[GRAPH]" {
		before = "the graph file"
	}
	for _, a := range args[1:] {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name == "" {
			continue
		}
		if fs.Lookup(name) == nil {
			return fmt.Sprintf("-%s is not a flag of crawlsim %s, and flags come before %s: crawlsim %s [flags] %s%s", name, c.name, before, c.name, c.args, flagSuggestion(name, fs, flagNames(fs)))
		}
		return fmt.Sprintf("-%s must come before %s: crawlsim %s [flags] %s", name, before, c.name, c.args)
	}
	return ""
}

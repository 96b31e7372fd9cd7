package main

import (
	"flag"
	"fmt"
	"math"
	"strings"
)

// nonzeroFloats makes every number flag of fs refuse a value written as
// a number other than 0 that float64 cannot tell from 0 ("-damping
// 1e-400"), which it would otherwise read as 0 and which the checks of
// its range would then report as the 0 that was not written.
func nonzeroFloats(fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		if g, ok := f.Value.(flag.Getter); ok {
			if _, isFloat := g.Get().(float64); isFloat {
				f.Value = &nonzeroFloat{g}
			}
		}
	})
}

// nonzeroFloat is a float64 flag that refuses a value written as a
// number other than 0 that reads as 0 (nonzeroFloats).
type nonzeroFloat struct{ v flag.Getter }

// String writes the value as the flag package's float64 flag does; the
// zero nonzeroFloat, which the flag package makes to find a flag's zero
// value for its help, writes 0.
func (f *nonzeroFloat) String() string {
	if f.v == nil {
		return "0"
	}
	return f.v.String()
}

// Get returns the float64.
func (f *nonzeroFloat) Get() any { return f.v.Get() }

// wrapped returns the value f reads and refuses for (aliasValueOf).
func (f *nonzeroFloat) wrapped() flag.Value { return f.v }

// Set reads s as the flag package's float64 flag does, and refuses a
// nonzero number that reads as 0.
func (f *nonzeroFloat) Set(s string) error {
	if err := f.v.Set(s); err != nil {
		return err
	}
	if f.v.Get() == 0.0 && writesNonzero(s) {
		return fmt.Errorf("rounds to 0 (the least number above 0 is %g)", math.SmallestNonzeroFloat64)
	}
	return nil
}

// writesNonzero reports whether s, a number strconv.ParseFloat reads,
// has a digit other than 0 before its exponent.
func writesNonzero(s string) bool {
	s = strings.TrimLeft(s, "+-")
	digits, exp := "123456789", "eE"
	if len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s, digits, exp = s[2:], "123456789abcdefABCDEF", "pP"
	}
	if i := strings.IndexAny(s, exp); i >= 0 {
		s = s[:i]
	}
	return strings.ContainsAny(s, digits)
}

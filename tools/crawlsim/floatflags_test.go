package main

import (
	"flag"
	"io"
	"testing"
)

// TestNumbersTooSmallAreNotZero: a number flag given a nonzero number
// that float64 reads as 0 says the number written, not the 0 it became
// (run -damping 1e-400 said "-damping 0: want a number in (0, 1]"), for
// every number flag of every command; a 0 written in any form is still
// read as 0, and a subnormal number as itself.
func TestNumbersTooSmallAreNotZero(t *testing.T) {
	for _, c := range commands() {
		fs, _ := c.flagSet(io.Discard)
		fs.VisitAll(func(f *flag.Flag) {
			if g, ok := f.Value.(flag.Getter); !ok {
				return
			} else if _, isFloat := g.Get().(float64); !isFloat {
				return
			}
			for _, v := range []string{"1e-400", "-0x1p-1100", "2.4e-324"} {
				checkOneLine(t, c.name, []string{c.name, "-" + f.Name, v}, "crawlsim "+c.name+": -"+f.Name+" "+v+": rounds to 0 (the least number above 0 is 5e-324)")
			}
		})
	}
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"0", false}, {"-0", false}, {"0.000", false}, {"0e-999", false}, {"0x0p-2000", false}, {"+0E5", false},
		{"1e-400", true}, {"-3E-999", true}, {"0.0001e-400", true}, {"0x1p-1100", true}, {"0xAp-2000", true},
	} {
		if got := writesNonzero(tc.s); got != tc.want {
			t.Errorf("writesNonzero(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	x := fs.Float64("x", 0.5, "")
	nonzeroFloats(fs)
	for _, tc := range []struct {
		s    string
		want float64
	}{{"0e-999", 0}, {"5e-324", 5e-324}, {"-1e-310", -1e-310}, {"0.25", 0.25}} {
		if err := fs.Set("x", tc.s); err != nil || *x != tc.want {
			t.Errorf("-x %s: %v, %g; want %g", tc.s, err, *x, tc.want)
		}
	}
}

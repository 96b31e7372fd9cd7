package main

import (
	"errors"
	"flag"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/model"
)

// wholeFlag is an int flag that also reads a whole number written with an
// exponent ("1e12", "2.5e3"), so that a count too large written so meets
// the same limit as its digits ("-n 1000000000000 is out of range: want
// 1 to 4,294,967,295"), not "expected a whole number". Its errors are the
// flag package's, which flagError rewrites: "parse error" for a value
// that is not a whole number, "value out of range" for one beyond an int.
type wholeFlag struct{ p *int }

// String writes the value in digits.
func (f wholeFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

// Get returns the int, as the flag package's int flags do (flagWants).
func (f wholeFlag) Get() any {
	if f.p == nil {
		return 0
	}
	return *f.p
}

// Set reads s: decimal digits, else a whole number as a scenario file
// writes one (model.WholeNumber: "1e12", "2.5e3"; not "0x1p4" or
// "1.0000000000000001"). Digits are decimal as in a scenario file and the
// page's fields: "010" is 10 (the flag package's int flags read octal 8),
// and "0x10" is refused.
func (f wholeFlag) Set(s string) error {
	v, err := parseWhole(s, strconv.IntSize)
	if err == nil {
		*f.p = int(v)
	}
	return err
}

// wholeFlag64 is wholeFlag for an int64 flag, such as run's -budget.
type wholeFlag64 struct{ p *int64 }

// String writes the value in digits.
func (f wholeFlag64) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.FormatInt(*f.p, 10)
}

// Get returns the int64, as the flag package's int64 flags do
// (flagWants).
func (f wholeFlag64) Get() any {
	if f.p == nil {
		return int64(0)
	}
	return *f.p
}

// Set reads s as wholeFlag's Set does.
func (f wholeFlag64) Set(s string) error {
	v, err := parseWhole(s, 64)
	if err == nil {
		*f.p = v
	}
	return err
}

// parseWhole reads the value of a whole-number flag of bitSize bits:
// decimal digits, else a whole number written with an exponent
// (model.WholeNumber). Its errors are the flag package's words, which
// flagError rewrites.
func parseWhole(s string, bitSize int) (int64, error) {
	v, err := strconv.ParseInt(s, 10, bitSize)
	if err == nil {
		return v, nil
	}
	if errors.Is(err, strconv.ErrRange) {
		return 0, errors.New("value out of range")
	}
	digits, number, whole := model.WholeNumber(s)
	if !number || !whole {
		return 0, errors.New("parse error")
	}
	if v, err = strconv.ParseInt(digits, 10, bitSize); err != nil {
		return 0, errors.New("value out of range")
	}
	return v, nil
}

// seedFlag is a uint64 flag for a random seed, read in decimal digits as
// the page's seed fields read them (formcheck): "010" is 10, where the
// flag package's uint64 flags read octal 8, and "0x10" is refused. Its
// errors are the flag package's words, which flagError rewrites.
type seedFlag struct{ p *uint64 }

// seedVar defines a seedFlag named name, with default value and usage.
func seedVar(fs *flag.FlagSet, p *uint64, name string, value uint64, usage string) {
	*p = value
	fs.Var(seedFlag{p}, name, usage)
}

// String writes the value in digits.
func (f seedFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.FormatUint(*f.p, 10)
}

// Get returns the uint64, as the flag package's uint64 flags do
// (flagWants).
func (f seedFlag) Get() any {
	if f.p == nil {
		return uint64(0)
	}
	return *f.p
}

// Set reads s in decimal digits.
func (f seedFlag) Set(s string) error {
	v, err := strconv.ParseUint(s, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return errors.New("value out of range")
	case err != nil:
		return errors.New("parse error")
	}
	*f.p = v
	return nil
}

// Package formcheck reads the numbers typed into the page's form and says
// what is wrong with each, under the field's label. Whether a field holds
// a number at all is judged here, with the text as typed; what is wrong
// with a number read is said in the engine's own words, those the command
// line prints: the checks of engine/model (Generator, Politeness), the
// engine's wants for a 0 (Zeros), or the worker's refusal of the rest. It
// is plain Go (no Vugu, no JavaScript), so that its checks are tested
// natively; the page (ui) reads its form with it.
package formcheck

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TypedNotANumber is what a number box holding no number (the browser's
// badInput) leaves in a binding that takes it: the readers refuse it as
// "not a number" (Errors.NotANumber).
const TypedNotANumber = "\uFFFDnot a number"

// BlankDefault ends the message of a field whose blank is the default.
const BlankDefault = "; leave the field blank for the default"

// Errors gathers the fields of a form that do not read, one line each.
// Its readers record what is wrong and return the value read, or 0 (nil)
// for a field that does not read, so that a form is read whole and every
// mistake said at once.
type Errors struct {
	// Zeros are the numbers of a scenario whose 0 the engine reads as
	// "absent" and replaces by a default (model.Catalogue.ScenarioZeros):
	// a 0 typed into one is refused.
	Zeros []model.ZeroRule
	lines []string
}

// Bad refuses field, saying why as format and args do.
func (e *Errors) Bad(field, format string, args ...any) {
	e.lines = append(e.lines, field+": "+fmt.Sprintf(format, args...))
}

// Err returns the refusals, one per line, or nil when every field read.
func (e *Errors) Err() error {
	if len(e.lines) == 0 {
		return nil
	}
	return errors.New(strings.Join(e.lines, "\n"))
}

// ZeroWant reports whether the engine reads a 0 in the number of a
// scenario at path (a JSON path) as "absent" and fills a default, by
// rules, and if so what the field accepts (scenario.ZeroNotAllowed).
func ZeroWant(rules []model.ZeroRule, path string) (want string, ok bool) {
	for _, z := range rules {
		if z.Path == path {
			return z.Want, true
		}
	}
	return "", false
}

// Seed reads a random seed, a whole number from 0 to 2^64-1 as the
// command line's seeds; blank is the default, model.DefaultRandomSeed, as
// a seed left out of a scenario file or not given on the command line.
func (e *Errors) Seed(field, text string) uint64 {
	text = strings.TrimSpace(text)
	if text == "" {
		return model.DefaultRandomSeed
	}
	v, err := strconv.ParseUint(text, 10, 64)
	if text == TypedNotANumber {
		e.NotANumber(field, text)
	} else if err != nil {
		e.Bad(field, "%q is not a whole number from 0 to %s", text, model.Count(uint64(math.MaxUint64)))
	}
	return v
}

// Count reads a whole number of the scenario at path, which the engine
// checks (scenario.Normalize, as for the command line; for the
// generator's, Generator): it refuses only what does not read as one, a
// 0 that the scenario would replace by its default (Zeros), and a number
// too large to compute with, saying the field's limit (CountLimit); blank
// is 0, the default. A whole number written with an exponent ("2e4")
// reads as its value.
func (e *Errors) Count(field, path, text string) int64 {
	return e.ScenarioCount(field, path, text, CountLimit(path))
}

// ScenarioCount is Count with the limit most said of a number too large
// to compute with (beyond a 64-bit whole number); the engine judges the
// numbers below it, in its own words.
func (e *Errors) ScenarioCount(field, path, text string, most int64) int64 {
	return e.count(field, path, text, most, false)
}

// CountUpTo is Count for a number the engine does not check: it also
// refuses one above most, saying so.
func (e *Errors) CountUpTo(field, path, text string, most int64) int64 {
	return e.count(field, path, text, most, true)
}

// count reads a whole number, refusing one above most when upTo, else
// only one beyond a 64-bit whole number, saying most.
func (e *Errors) count(field, path, text string, most int64, upTo bool) int64 {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		// Not digits: a whole number as a scenario file writes one
		// (model.WholeNumber, as the worker reads it), or refused.
		digits, number, whole := model.WholeNumber(text)
		switch {
		case !number:
			e.NotANumber(field, text)
			return 0
		case !whole:
			e.Bad(field, "%q is not a whole number", text)
			return 0
		}
		v, err = strconv.ParseInt(digits, 10, 64)
		switch {
		case err != nil && strings.HasPrefix(digits, "-"):
			e.Bad(field, "%s is not allowed: want a number of at least 1", text)
			return 0
		case err != nil || upTo && v > most:
			e.Bad(field, "%s is too large: at most %s", text, model.Count(most))
			return 0
		}
	}
	if _, defaulted := ZeroWant(e.Zeros, path); v == 0 && defaulted {
		e.Zero(field, path)
	}
	return v
}

// NotANumber refuses text, which does not read as a number; a number box
// holding letters leaves TypedNotANumber.
func (e *Errors) NotANumber(field, text string) {
	if text == TypedNotANumber {
		e.Bad(field, "what is typed is not a number")
		return
	}
	e.Bad(field, "%q is not a number", text)
}

// Zero refuses a 0 typed into the field of the scenario at path, which
// the scenario would read as "absent" and replace by its default.
func (e *Errors) Zero(field, path string) {
	want, _ := ZeroWant(e.Zeros, path)
	e.Bad(field, "0 is not allowed: want %s%s", want, BlankDefault)
}

// Real reads a number; blank is nil.
func (e *Errors) Real(field, text string) *float64 {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil { // TypedNotANumber too: it does not parse
		e.NotANumber(field, text)
		return nil
	}
	return &v
}

// Positive reads a number whose 0 the scenario at path would replace by
// its default (scenario.Normalize): a 0 typed is refused, naming the
// field, rather than silently replaced; a blank field is the default.
func (e *Errors) Positive(field, path, text string) float64 {
	v := e.Real(field, text)
	if v == nil {
		return 0
	}
	if *v == 0 {
		e.Zero(field, path)
	}
	return *v
}

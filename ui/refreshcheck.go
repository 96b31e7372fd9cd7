package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/ui/formcheck"
)

// The Revisits panel's fields as its labels name them, so that an error
// names the field the reader sees (the worker's model.RefreshParams.Validate
// names the scenario's fields: change_max, user_rate).
const (
	labelSites       = "sites"
	labelHorizon     = "horizon"
	labelChangeMin   = "change rates from"
	labelChangeMax   = "change rates to"
	labelUsers       = "users"
	labelUserRate    = "user visits per unit"
	labelPopularity  = "popularity"
	labelInitial     = "first interval t0"
	labelMin         = "t min"
	labelMax         = "t max"
	labelAlpha       = "weight α of changes"
	labelMinInterest = "minimum interest a"
	labelRefreshSeed = "seed"
)

// revisitCheck reads the Revisits panel's fields and gathers what is
// wrong with them: each mistake once, under the field that is wrong,
// naming it as labelled, with its value as typed and what it wants.
type revisitCheck struct {
	form, defaults RefreshForm
	errs           []error
	// wrong are the fields already refused: a field is refused once,
	// for its first fault, and no comparison is made with it.
	wrong map[string]bool
}

// bad refuses the field label.
func (c *revisitCheck) bad(label, format string, args ...any) {
	if c.wrong[label] {
		return
	}
	c.wrong[label] = true
	c.errs = append(c.errs, fmt.Errorf("%s: %s", label, fmt.Sprintf(format, args...)))
}

// blankOrNoNumber refuses, and reports, a field left blank (every
// Revisits field has a value to start with) or a number box whose text
// is no number (formcheck.TypedNotANumber), which the browser gives as blank.
func (c *revisitCheck) blankOrNoNumber(label, typed string) bool {
	switch typed {
	case "":
		c.bad(label, "empty: give a number")
	case formcheck.TypedNotANumber:
		c.bad(label, "what is typed is not a number")
	default:
		return false
	}
	return true
}

// real reads a number; one that is not finite, or negative, or 0 unless
// atLeastZero, is refused, wanting want.
func (c *revisitCheck) real(label, text string, atLeastZero bool, want string) float64 {
	typed := strings.TrimSpace(text)
	if c.blankOrNoNumber(label, typed) {
		return 0
	}
	v, err := strconv.ParseFloat(typed, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		c.bad(label, "%q is not a number", text)
	case err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v == 0 && !atLeastZero:
		c.bad(label, "%s: want %s", typed, want)
	}
	return v
}

// whole reads a whole number from lo to hi.
func (c *revisitCheck) whole(label, text string, lo, hi int) int {
	typed := strings.TrimSpace(text)
	if c.blankOrNoNumber(label, typed) {
		return 0
	}
	v, err := strconv.Atoi(typed)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		c.bad(label, "%q is not a whole number", text)
	case err != nil || v < lo || v > hi:
		c.bad(label, "%s: want a whole number from %d to %s", typed, lo, model.Count(hi))
	}
	return v
}

// seed reads a random seed: a whole number from 0 to 2^64-1, as
// crawlsim refresh -seed takes.
func (c *revisitCheck) seed(label, text string) uint64 {
	typed := strings.TrimSpace(text)
	if c.blankOrNoNumber(label, typed) {
		return 0
	}
	v, err := strconv.ParseUint(typed, 10, 64)
	if err != nil {
		c.bad(label, "%s: want a whole number from 0 to %s", typed, model.Count(uint64(math.MaxUint64)))
	}
	return v
}

// share reads a number from 0 to 1.
func (c *revisitCheck) share(label, text, want string) float64 {
	v := c.real(label, text, true, want)
	if v > 1 {
		c.bad(label, "%s: want %s", strings.TrimSpace(text), want)
	}
	return v
}

// order refuses lo above hi (two fields read without fault), under the
// field the reader changed: the higher one when only it differs from its
// default, else the lower one; relation says what is wanted.
func (c *revisitCheck) order(loLabel, loText string, lo float64, hiLabel, hiText string, hi float64, loDefault, hiDefault, relation string) {
	if c.wrong[loLabel] || c.wrong[hiLabel] || lo <= hi {
		return
	}
	loTyped, hiTyped := strings.TrimSpace(loText), strings.TrimSpace(hiText)
	if loTyped == strings.TrimSpace(loDefault) && hiTyped != strings.TrimSpace(hiDefault) {
		c.bad(hiLabel, "%s is below %s = %s: want %s", hiTyped, loLabel, loTyped, relation)
		return
	}
	c.bad(loLabel, "%s is above %s = %s: want %s", loTyped, hiLabel, hiTyped, relation)
}

// params reads the form into the simulation's parameters.
func (c *revisitCheck) params() model.RefreshParams {
	f, d := c.form, c.defaults
	p := model.RefreshParams{
		Sites:     c.whole(labelSites, f.Sites, 1, model.MaxRefreshSites),
		Horizon:   c.real(labelHorizon, f.Horizon, false, "a positive time"),
		ChangeMin: c.real(labelChangeMin, f.ChangeMin, false, "a positive rate"),
		ChangeMax: c.real(labelChangeMax, f.ChangeMax, false, "a positive rate"),
		Users:     c.whole(labelUsers, f.Users, 1, model.MaxRefreshUsers),
		UserRate:  c.real(labelUserRate, f.UserRate, false, "a positive rate"),
		Seed:      c.seed(labelRefreshSeed, f.Seed),
	}
	if !c.wrong[labelHorizon] && p.Horizon > model.MaxRefreshHorizon {
		c.bad(labelHorizon, "%s is too long: at most %v, so that the mean age, a sum of squared times, stays finite",
			strings.TrimSpace(f.Horizon), model.MaxRefreshHorizon)
	}
	p.Popularity = model.Float(c.real(labelPopularity, f.Popularity, true, "a Zipf exponent of 0 or more"))
	c.order(labelChangeMin, f.ChangeMin, p.ChangeMin, labelChangeMax, f.ChangeMax, p.ChangeMax, d.ChangeMin, d.ChangeMax,
		labelChangeMin+" ≤ "+labelChangeMax)
	g := model.Regulation{
		Initial: c.real(labelInitial, f.Initial, false, "a positive interval"),
		Min:     c.real(labelMin, f.Min, false, "a positive interval"),
		Max:     c.real(labelMax, f.Max, false, "a positive interval"),
	}
	alpha := c.share(labelAlpha, f.Alpha, "a weight from 0 to 1")
	g.Alpha, g.MinInterest = &alpha, c.share(labelMinInterest, f.MinInterest, "a share from 0 to 1")
	const interval = "t min ≤ t0 ≤ t max"
	c.order(labelMin, f.Min, g.Min, labelMax, f.Max, g.Max, d.Min, d.Max, "t min ≤ t max")
	if !c.wrong[labelMin] && !c.wrong[labelMax] {
		c.order(labelMin, f.Min, g.Min, labelInitial, f.Initial, g.Initial, d.Min, d.Initial, interval)
		c.order(labelInitial, f.Initial, g.Initial, labelMax, f.Max, g.Max, d.Initial, d.Max, interval)
	}
	p.Regulation = g
	if len(c.errs) == 0 {
		// The engine's count and limit (model.RefreshParams.Validate).
		if events := p.Events(); events > model.MaxRefreshEvents {
			c.bad(labelHorizon, "%s makes about %s events to simulate: at most %s; shorten the horizon, or lower the sites or the rates",
				strings.TrimSpace(f.Horizon), model.About(events), model.Count(model.MaxRefreshEvents))
		}
	}
	return p
}

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

// real reads a number; what it says is the engine's to judge
// (model.RefreshParams.ValueProblems).
func (c *revisitCheck) real(label, text string) float64 {
	typed := strings.TrimSpace(text)
	if c.blankOrNoNumber(label, typed) {
		return 0
	}
	v, err := strconv.ParseFloat(typed, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		c.bad(label, "%s: out of range for a number", typed)
	case err != nil:
		c.bad(label, "%q is not a number", text)
	}
	return v
}

// whole reads a whole number; what it says is the engine's to judge.
func (c *revisitCheck) whole(label, text string) int {
	typed := strings.TrimSpace(text)
	if c.blankOrNoNumber(label, typed) {
		return 0
	}
	v, err := strconv.Atoi(typed)
	switch {
	case errors.Is(err, strconv.ErrRange):
		c.bad(label, "%s: out of range for a whole number", typed)
	case err != nil:
		c.bad(label, "%q is not a whole number", text)
	}
	return v
}

// seed reads a random seed: a whole number from 0 to 2^64-1, as
// crawlsim refresh -random-seed takes.
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

// engine refuses what the engine finds wrong with p (problems, each a
// field of the revisit scenario by its JSON path and a message that
// starts with the field's JSON name and value, "alpha 2: want a weight
// from 0 to 1"), in its words under the panel's labels, the name said once
// ("weight α of changes: 2: want a weight from 0 to 1"); a problem of the
// whole simulation (its events) goes under the horizon.
func (c *revisitCheck) engine(problems []model.FieldError) {
	for _, fe := range problems {
		label, msg := revisitProblem(fe.Field, fe.Message)
		c.bad(label, "%s", msg)
	}
}

// revisitProblem returns the label of the field at path of a revisit
// scenario (revisitFields; the horizon for the simulation as a whole,
// whose events it bounds) and the engine's message about it without the
// field's JSON name it starts with ("alpha 2: want ..." is "2: want ..."
// under "weight α of changes"), as the panel says the problems it finds
// and those the worker refuses.
func revisitProblem(path, message string) (label, msg string) {
	label, ok := revisitFields[path]
	switch {
	case path == "simulation":
		label = labelHorizon
	case !ok:
		label = path
	}
	name := path[strings.LastIndexByte(path, '.')+1:]
	return label, strings.TrimPrefix(message, name+" ")
}

// checked is p as the engine checks it: the fields the panel does not
// show take their defaults, those it shows keep what was typed, a 0 too
// (the panel refuses it where the engine's normalisation would take the
// default).
func checked(p model.RefreshParams) model.RefreshParams {
	q := p.WithDefaults()
	q.Sites, q.Horizon, q.ChangeMin, q.ChangeMax = p.Sites, p.Horizon, p.ChangeMin, p.ChangeMax
	q.Users, q.UserRate, q.Popularity = p.Users, p.UserRate, p.Popularity
	g := &q.Regulation
	g.Initial, g.Min, g.Max, g.Alpha, g.MinInterest = p.Regulation.Initial, p.Regulation.Min, p.Regulation.Max, p.Regulation.Alpha, p.Regulation.MinInterest
	return q
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

// params reads the form into the simulation's parameters. Each value
// is judged by the engine (model.RefreshParams.ValueProblems, in the
// words crawlsim refresh prints), the order of two fields here, under
// the field the reader changed, and, once all are right, the simulation
// as a whole by the engine again (its events).
func (c *revisitCheck) params() model.RefreshParams {
	f, d := c.form, c.defaults
	p := model.RefreshParams{
		Sites:     c.whole(labelSites, f.Sites),
		Horizon:   c.real(labelHorizon, f.Horizon),
		ChangeMin: c.real(labelChangeMin, f.ChangeMin),
		ChangeMax: c.real(labelChangeMax, f.ChangeMax),
		Users:     c.whole(labelUsers, f.Users),
		UserRate:  c.real(labelUserRate, f.UserRate),
		Seed:      c.seed(labelRefreshSeed, f.Seed),
	}
	p.Popularity = model.Float(c.real(labelPopularity, f.Popularity))
	g := model.Regulation{
		Initial: c.real(labelInitial, f.Initial),
		Min:     c.real(labelMin, f.Min),
		Max:     c.real(labelMax, f.Max),
	}
	alpha := c.real(labelAlpha, f.Alpha)
	g.Alpha, g.MinInterest = &alpha, c.real(labelMinInterest, f.MinInterest)
	p.Regulation = g
	c.engine(checked(p).ValueProblems())
	c.order(labelChangeMin, f.ChangeMin, p.ChangeMin, labelChangeMax, f.ChangeMax, p.ChangeMax, d.ChangeMin, d.ChangeMax,
		labelChangeMin+" ≤ "+labelChangeMax)
	const interval = "t min ≤ t0 ≤ t max"
	c.order(labelMin, f.Min, g.Min, labelMax, f.Max, g.Max, d.Min, d.Max, "t min ≤ t max")
	if !c.wrong[labelMin] && !c.wrong[labelMax] {
		c.order(labelMin, f.Min, g.Min, labelInitial, f.Initial, g.Initial, d.Min, d.Initial, interval)
		c.order(labelInitial, f.Initial, g.Initial, labelMax, f.Max, g.Max, d.Initial, d.Max, interval)
	}
	if len(c.errs) == 0 {
		// What the engine finds in the simulation as a whole: its
		// events (model.MaxRefreshEvents).
		c.engine(checked(p).Problems())
	}
	return p
}

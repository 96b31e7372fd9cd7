package main

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// blankDefault ends the message of a field whose blank is the default.
const blankDefault = "; leave the field blank for the default"

// outside refuses the value typed into a field whose blank is the
// default, saying the range it accepts as its 0 is refused (zero).
func (e *fieldErrors) outside(field, text, want string) {
	e.bad(field, "%s: want %s%s", strings.TrimSpace(text), want, blankDefault)
}

// checkGenerator refuses the generator's numbers that the worker would
// refuse for the pages of the form (gen.Params.Validate), under the
// form's labels: the worker's messages name the field again ("hosts:
// hosts -1") and leave the page's count of pages out.
func (e *fieldErrors) checkGenerator(f Form, g *model.Generate) {
	if g.Pages <= 0 {
		return
	}
	pages := model.Count(g.Pages)
	if g.Hosts < 0 || g.Hosts > g.Pages {
		want, _ := zeroNotAllowed("graph.generate.hosts")
		e.outside("hosts", f.Hosts, want+" ("+pages+")")
	}
	if d := g.MeanOutDegree; d != 0 {
		most := float64(g.Pages-1) / 2
		if !(d > 0 && d <= most) {
			want, _ := zeroNotAllowed("graph.generate.mean_out_degree")
			e.outside("mean out-degree", f.Degree, want+" = "+model.Number(most))
		}
	}
	if s := g.IntraHostShare; s != nil && !(*s >= 0 && *s <= 1) {
		e.outside("intra-host share", f.Intra, "a number from 0 to 1")
	}
}

// checkPoliteness refuses the waits and sizes the worker would refuse
// (scenario.Normalize), with limits the reader can read.
func (e *fieldErrors) checkPoliteness(f Form, p *model.Politeness) {
	seconds := "a number of seconds from 0 to " + model.Number(model.MaxPolitenessSeconds)
	for _, v := range []struct {
		field, text string
		value       *float64
		limit       float64
		want        string
	}{
		{"wait", f.Wait, p.Wait, model.MaxPolitenessSeconds, seconds},
		{"latency", f.Latency, p.Latency, model.MaxPolitenessSeconds, seconds},
		{"page size", f.PageSize, p.PageSize, math.MaxFloat64, "a number of bytes, 0 or more"},
	} {
		if x := v.value; x != nil && !(*x >= 0 && *x <= v.limit) {
			e.outside(v.field, v.text, v.want)
		}
	}
}

// countLimit is the most a whole-number field of the scenario at path
// takes, said of a number too large to compute with (fieldErrors.count):
// the generator's most pages (model.MaxPages), the engine's most
// connections, else the largest whole number the scenario holds. The
// worker checks the numbers below it.
func countLimit(path string) int64 {
	switch path {
	case "graph.generate.pages", "graph.generate.hosts":
		return model.MaxPages
	case "politeness.connections":
		return model.MaxConnections
	}
	return math.MaxInt64
}

// hostsLimit is the most hosts of a generated graph of pages pages: one
// page each.
func hostsLimit(pages int) int64 {
	if pages > 0 {
		return int64(pages)
	}
	return countLimit("graph.generate.hosts")
}

// communitySeeds reads the Community seeds panel's number of seeds: 1 or
// more, a blank field is empty, and a number too large to compute with
// is refused with the most a graph has pages (model.MaxPages).
func communitySeeds(text string) (int, error) {
	if strings.TrimSpace(text) == "" {
		return 0, errors.New("seeds: empty: give the number of seeds, 1 or more")
	}
	var errs fieldErrors
	k := errs.countUpTo("seeds", "", text, model.MaxPages)
	if err := errs.err(); err != nil {
		return 0, err
	}
	if k < 1 {
		return 0, fmt.Errorf("seeds: %q is not a number of seeds of at least 1", text)
	}
	return int(k), nil
}

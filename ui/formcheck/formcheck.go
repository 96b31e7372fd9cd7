package formcheck

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Outside refuses the value typed into a field whose blank is the
// default, saying the range it accepts, as its 0 is refused (Zero).
func (e *Errors) Outside(field, text, want string) {
	e.Bad(field, "%s: want %s%s", strings.TrimSpace(text), want, BlankDefault)
}

// Generator refuses the generator's numbers g that the worker would
// refuse (gen.Params.Validate), under the form's labels, with the texts
// typed for the hosts, the mean out-degree and the intra-host share: the
// worker's messages name the field again ("hosts: hosts -1") and leave
// the page's count of pages out.
func (e *Errors) Generator(g *model.Generate, hosts, degree, intra string) {
	if g.Pages <= 0 {
		return
	}
	pages := model.Count(g.Pages)
	if g.Hosts < 0 || g.Hosts > g.Pages {
		want, _ := ZeroWant(e.Zeros, "graph.generate.hosts")
		e.Outside("hosts", hosts, want+" ("+pages+")")
	}
	if d := g.MeanOutDegree; d != 0 {
		most := float64(g.Pages-1) / 2
		if !(d > 0 && d <= most) {
			want, _ := ZeroWant(e.Zeros, "graph.generate.mean_out_degree")
			e.Outside("mean out-degree", degree, want+" = "+model.Number(most))
		}
	}
	if s := g.IntraHostShare; s != nil && !(*s >= 0 && *s <= 1) {
		e.Outside("intra-host share", intra, "a number from 0 to 1")
	}
}

// Politeness refuses the waits and sizes of p the worker would refuse
// (scenario.Normalize), with limits the reader can read, and the texts
// typed for the wait, the latency and the page size.
func (e *Errors) Politeness(p *model.Politeness, wait, latency, pageSize string) {
	seconds := "a number of seconds from 0 to " + model.Number(model.MaxPolitenessSeconds)
	for _, v := range []struct {
		field, text string
		value       *float64
		limit       float64
		want        string
	}{
		{"wait", wait, p.Wait, model.MaxPolitenessSeconds, seconds},
		{"latency", latency, p.Latency, model.MaxPolitenessSeconds, seconds},
		{"page size", pageSize, p.PageSize, math.MaxFloat64, "a number of bytes, 0 or more"},
	} {
		if x := v.value; x != nil && !(*x >= 0 && *x <= v.limit) {
			e.Outside(v.field, v.text, v.want)
		}
	}
}

// CountLimit is the most a whole-number field of the scenario at path
// takes, said of a number too large to compute with (Errors.Count): the
// generator's most pages (model.MaxPages), the engine's most
// connections, else the largest whole number the scenario holds. The
// worker checks the numbers below it.
func CountLimit(path string) int64 {
	switch path {
	case "graph.generate.pages", "graph.generate.hosts":
		return model.MaxPages
	case "politeness.connections":
		return model.MaxConnections
	}
	return math.MaxInt64
}

// HostsLimit is the most hosts of a generated graph of pages pages: one
// page each.
func HostsLimit(pages int) int64 {
	if pages > 0 {
		return int64(pages)
	}
	return CountLimit("graph.generate.hosts")
}

// CommunitySeeds reads the Community seeds panel's number of seeds: 1 or
// more, a blank field is empty, and a number too large to compute with
// is refused with the most a graph has pages (model.MaxPages).
func CommunitySeeds(text string) (int, error) {
	if strings.TrimSpace(text) == "" {
		return 0, errors.New("seeds: empty: give the number of seeds, 1 or more")
	}
	var errs Errors
	k := errs.CountUpTo("seeds", "", text, model.MaxPages)
	if err := errs.Err(); err != nil {
		return 0, err
	}
	if k < 1 {
		return 0, fmt.Errorf("seeds: %q is not a number of seeds of at least 1", text)
	}
	return int(k), nil
}

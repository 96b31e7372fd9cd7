package formcheck

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Generator refuses the generator's numbers g that the engine refuses
// (model.GeneratorProblems, which gen.Params.Validate says for crawlsim
// gen and run and the worker), in its words under the form's labels,
// which are the names the engine gives them ("hosts: 5,000 is more than
// the 1,000 pages: at most 1,000, since every host needs a page"). A
// field left blank (0, or no intra-host share) takes its default, which
// the engine accepts.
func (e *Errors) Generator(g *model.Generate) {
	if g.Pages <= 0 {
		return // refused already (pagesField)
	}
	intra := 0.0 // the default share is in range
	if g.IntraHostShare != nil {
		intra = *g.IntraHostShare
	}
	for _, msg := range model.GeneratorProblems(g.Pages, g.Hosts, g.MeanOutDegree, intra) {
		e.Engine(msg, "pages", "hosts", "mean out-degree", "intra-host share")
	}
}

// Engine refuses, in msg, the engine's words about one of the fields
// labels, whose message starts with the field's name in words and its
// value ("hosts 5,000 is ..."): under that label, the name said once
// ("hosts: 5,000 is ..."), as the page shows the worker's refusals.
func (e *Errors) Engine(msg string, labels ...string) {
	for _, label := range labels {
		if rest, ok := strings.CutPrefix(msg, label+" "); ok {
			e.Bad(label, "%s", rest)
			return
		}
	}
	e.lines = append(e.lines, msg)
}

// Politeness refuses the wait, the latency and the page size of p that
// the engine refuses (model.PolitenessProblem, which scenario.Normalize
// says for crawlsim run and the worker), in its words under the form's
// labels.
func (e *Errors) Politeness(p *model.Politeness) {
	for _, v := range []struct {
		label, field string
		value        *float64
	}{
		{"wait", "wait", p.Wait},
		{"latency", "latency", p.Latency},
		{"page size", "page_size", p.PageSize},
	} {
		if v.value == nil {
			continue
		}
		if msg := model.PolitenessProblem(v.field, *v.value); msg != "" {
			e.Bad(v.label, "%s", msg)
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

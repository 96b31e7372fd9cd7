package main

import (
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// comparisonFields name the fields of a comparison's scenario (the JSON
// paths of the worker's protocol.FieldError) as the form's own errors
// name them (Form.setting), so that a refusal names what the reader
// typed into, not the scenario file's path.
var comparisonFields = map[string]string{
	"graph.generate.pages":            "pages",
	"graph.generate.hosts":            "hosts",
	"graph.generate.seed":             "generator seed",
	"graph.generate.mean_out_degree":  "mean out-degree",
	"graph.generate.intra_host_share": "intra-host share",
	"politeness.connections":          "connections",
	"politeness.wait":                 "wait",
	"politeness.latency":              "latency",
	"politeness.page_size":            "page size",
	"politeness.bandwidth":            "bandwidth",
	"random_seed":                     "random seed",
	"budget":                          "budget",
	"seeds":                           "seeds",
	"importance":                      "importance",
	"trust":                           "trust",
}

// revisitFields name the fields of a revisit simulation as the Revisits
// panel labels them (revisitCheck).
var revisitFields = map[string]string{
	"simulation.sites":                   labelSites,
	"simulation.horizon":                 labelHorizon,
	"simulation.change_min":              labelChangeMin,
	"simulation.change_max":              labelChangeMax,
	"simulation.users":                   labelUsers,
	"simulation.user_rate":               labelUserRate,
	"simulation.popularity":              labelPopularity,
	"simulation.seed":                    labelRefreshSeed,
	"simulation.regulation.initial":      labelInitial,
	"simulation.regulation.min":          labelMin,
	"simulation.regulation.max":          labelMax,
	"simulation.regulation.alpha":        labelAlpha,
	"simulation.regulation.min_interest": labelMinInterest,
}

// comparisonFieldName names the field at path of the comparison s: a
// strategy's parameter as the form does ("windowed-rankmass window"), a
// strategy by its label, the others through comparisonFields; a path the
// form has no field for stays as it is.
func comparisonFieldName(s model.Scenario, path string) string {
	if name, ok := comparisonFields[path]; ok {
		return name
	}
	rest, ok := strings.CutPrefix(path, "strategies[")
	if !ok {
		return path
	}
	index, rest, ok := strings.Cut(rest, "]")
	i, err := strconv.Atoi(index)
	if !ok || err != nil || i < 0 || i >= len(s.Strategies) {
		return path
	}
	st := s.Strategies[i]
	name := st.ID
	if st.Label != "" {
		name = st.Label
	}
	if param, ok := strings.CutPrefix(rest, ".params."); ok {
		return name + " " + param
	}
	return name
}

// fieldsText writes the fields the worker refused, one a line, each named
// by name. A message that starts with the field's name again ("hosts -1
// is ...", gen.Params.Validate's words) drops it. The message is
// otherwise shown as the worker wrote it: the engine writes its limits
// with thousands separators itself (model.GroupDigits), and what the
// reader typed (a value, a quoted seed, a URL, a file name) stays as typed.
func fieldsText(fields []protocol.FieldError, name func(string) string) string {
	lines := make([]string, len(fields))
	for i, f := range fields {
		if f.Field == "" {
			lines[i] = f.Message
			continue
		}
		label := name(f.Field)
		lines[i] = label + ": " + strings.TrimPrefix(f.Message, label+" ")
	}
	return strings.Join(lines, "\n")
}

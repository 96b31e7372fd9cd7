package main

import (
	"slices"
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
// strategy by its label, a further listing of a strategy (the form adds
// them after its first: addStrategies) as its line shows it ("fpr-m
// with m = 2": MoreText), the others through comparisonFields; a path
// the form has no field for stays as it is.
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
	if slices.ContainsFunc(s.Strategies[:i], func(e model.Strategy) bool { return e.ID == st.ID }) {
		// A further listing of a strategy (StrategyChoice.More), named
		// as its line shows it, which the refusal marks.
		if info, ok := lookupStrategy(st.ID); ok {
			return MoreText(StrategyChoice{Info: info}, st)
		}
	}
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
// is ...", gen.Params.Validate's words) drops it, and one that names a
// strategy's parameter's strategy again ("strategy fpr-m: m = 0 is
// outside ...", crawl.Resolve's words, under "fpr-m m") drops the
// strategy, so that it reads as a further listing's refusal does
// (checkCopy: "m = 0 is outside ..."). The message is
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
		lines[i] = label + ": " + withoutStrategy(strings.TrimPrefix(f.Message, label+" "), label)
	}
	return strings.Join(lines, "\n")
}

// withoutStrategy drops "strategy ID: " from the message of a refused
// parameter named label ("fpr-m m", or the strategy's label and the
// parameter), when the parameter, the label's last word, follows it
// ("m = ").
func withoutStrategy(msg, label string) string {
	space := strings.LastIndexByte(label, ' ')
	rest, isStrategy := strings.CutPrefix(msg, "strategy ")
	if space < 0 || !isStrategy {
		return msg
	}
	param := label[space+1:]
	id, said, ok := strings.Cut(rest, ": ")
	if !ok || strings.Contains(id, " ") || !strings.HasPrefix(said, param+" = ") {
		return msg
	}
	return said
}

// formInputs are the ids of the form's inputs by the names its refusals
// give their fields (comparisonFields, Form.setting).
var formInputs = map[string]string{
	"pages":            "gen-pages",
	"hosts":            "gen-hosts",
	"mean out-degree":  "gen-degree",
	"intra-host share": "gen-intra",
	"generator seed":   "gen-seed",
	"connections":      "connections",
	"wait":             "wait",
	"latency":          "latency",
	"page size":        "page-size",
	"bandwidth":        "bandwidth",
	"seeds":            "seeds",
	"random seed":      "random-seed",
	"budget":           "budget",
}

// ParamInputID is the id of the input of parameter name of strategy id.
func ParamInputID(id, name string) string { return "param-" + id + "-" + name }

// invalidInputs returns the ids of the inputs of form f that the refusal
// text (one field a line, "name: message": Form.Scenario, fieldsText)
// names (lineInputs).
func invalidInputs(f Form, text string) map[string]bool {
	return idsOf(refusalLines(f, text))
}

// idsOf returns the set of the inputs says has a line for.
func idsOf(says map[string]string) map[string]bool {
	ids := make(map[string]bool, len(says))
	for id := range says {
		ids[id] = true
	}
	return ids
}

// lineInputs returns the ids of the inputs of form f that a refusal's
// line naming the field name marks: a field of formInputs, a strategy's
// parameter named by the strategy's id or label and the parameter
// ("fpr-m m"), or the line of a further listing of a strategy named as
// it shows it (MoreText, CopyID); and the id of the first element a
// reader can correct it in (the input, or the listing's Remove button).
func lineInputs(f Form, name string) (marks []string, first string) {
	if id, ok := formInputs[name]; ok {
		return []string{id}, id
	}
	for _, c := range f.Strategies {
		for k, m := range c.More {
			if name == MoreText(c, m) {
				marks = append(marks, CopyID(c.Info.ID, k))
				if first == "" {
					first = MoreID(c.Info.ID, k)
				}
			}
		}
		for _, p := range c.Info.Params {
			if name == c.Info.ID+" "+p.Name || c.Label != "" && name == c.Label+" "+p.Name {
				marks = append(marks, ParamInputID(c.Info.ID, p.Name))
				if first == "" {
					first = ParamInputID(c.Info.ID, p.Name)
				}
			}
		}
	}
	return marks, first
}

// refusalLines returns, by input id, the line of the refusal text that
// names each input of form f it marks (invalidInputs).
func refusalLines(f Form, text string) map[string]string {
	says := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		name, _, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		marks, _ := lineInputs(f, name)
		for _, id := range marks {
			if says[id] == "" {
				says[id] = line
			}
		}
	}
	return says
}

// invalidTarget returns the id of the element of form f where the first
// field the refusal text names that has one can be corrected
// (lineInputs), and that field's name; "" and "" when it names none.
func invalidTarget(f Form, text string) (id, name string) {
	for _, line := range strings.Split(text, "\n") {
		name, _, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		if _, first := lineInputs(f, name); first != "" {
			return first, name
		}
	}
	return "", ""
}

// goToTarget is invalidTarget for the run bar's button under the form's
// own refusal, which may also go to where the graph is chosen when the
// refusal says none is ("graph: choose a graph file ..."): the file
// input of an upload, the first of the site's graphs when it lists any.
// That input is no Field and is not marked; and a worker's refusal of the
// graph ("graph: the URL list has 5 entries ...") stays over the page
// (runRefused asks invalidTarget alone).
func goToTarget(a *App) (id, name string) {
	text := a.RunBarFormError()
	if id, name := invalidTarget(a.Form, text); id != "" {
		return id, name
	}
	if !strings.HasPrefix(text, "graph: ") && !strings.Contains(text, "\ngraph: ") {
		return "", ""
	}
	switch {
	case a.Form.Source == SourceUpload:
		return "graph-file", "graph"
	case a.Form.Source == SourceSite && len(a.SiteGraphs) > 0:
		return SiteGraphID(0), "graph"
	}
	return "", ""
}

// fieldMarks are the inputs marked as named by the form's refusal
// (App.InvalidInputs): ids of the refusal text of.
type fieldMarks struct {
	of  string
	ids map[string]bool
	// says is the line of the refusal that names each input
	// (refusalLines); named counts the inputs marked at first, so that a
	// refusal whose inputs have all been changed since is known.
	says  map[string]string
	named int
}

// InvalidInputs returns the ids of the form's inputs that its refusal
// (FormError) names, to mark them (Field.Invalid): made anew when the
// refusal changes or a run clears it (Run), an input leaving the set
// when the user changes it.
func (a *App) InvalidInputs() map[string]bool {
	a.freshMarks()
	return a.marks.ids
}

// FieldRefusal returns the line of the form's refusal that names the
// input of the given id, which the .vugu files show under it, while the
// input is marked (InvalidInputs: not changed since) and the run bar
// shows the refusal (a refusal of Generate is shown under the Graph
// panel's buttons, by its fields already: PanelError); else "".
func (a *App) FieldRefusal(id string) string {
	if a.RunBarFormError() == "" || !a.marks.ids[id] {
		return ""
	}
	return a.marks.says[id]
}

// freshMarks makes the marks of the form's refusal anew when it changed.
func (a *App) freshMarks() {
	if a.marks.ids == nil || a.marks.of != a.FormError {
		says := refusalLines(a.Form, a.FormError)
		ids := idsOf(says)
		a.marks = fieldMarks{of: a.FormError, ids: ids, says: says, named: len(ids)}
	}
}

// refusalOutdated reports whether the form's refusal named inputs and
// the reader has changed every one of them since: what it says may no
// longer hold, and the next run or Enter checks the form again.
func (a *App) refusalOutdated() bool {
	a.freshMarks()
	return a.marks.named > 0 && len(a.marks.ids) == 0
}

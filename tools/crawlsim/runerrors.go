package main

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// scenarioError reports Normalize's findings about sc: as usage errors
// naming the flag when the flag set the field (the flag before the
// value: withFlagName), or when a flag of its part did and no scenario
// file could have (the flag, then the field: withFieldName); else as
// errors of the scenario file (-scenario FILE, whose bytes are text),
// each placed at its line and column, one per line.
func (f *runFlags) scenarioError(err error, sc scenario.Scenario, text []byte, set map[string]bool) error {
	file := f.scenarioName()
	var errs []error
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		errs = joined.Unwrap()
	} else {
		errs = []error{err}
	}
	var flagMsgs []string
	var fileErrs []error
	for _, e := range errs {
		var fe *scenario.FieldError
		if !errors.As(e, &fe) {
			fileErrs = append(fileErrs, e)
			continue
		}
		name := f.flagForField(fe.Field, set)
		switch {
		case name == "strategies" && strings.HasSuffix(fe.Field, ".label"):
			flagMsgs = append(flagMsgs, "-strategies: "+repeatedStrategy(sc.Strategies, fe.Field))
		case name == "n" && f.flagOfField(fe.Field) == name:
			flagMsgs = append(flagMsgs, pagesProblem(withFlagName(name, fe.Message), f.fs.Lookup(name).Value.String()))
		case name != "" && f.flagOfField(fe.Field) == name:
			flagMsgs = append(flagMsgs, withFlagName(name, fe.Message))
		case name != "" && file == "":
			// A field of the part that flag set (a generator's default
			// that -n makes too large): the flag, then the field.
			flagMsgs = append(flagMsgs, "-"+name+": "+withFieldName(fe.Field, fe.Message))
		default:
			fileErrs = append(fileErrs, fe)
		}
	}
	if file != "" && len(fileErrs) > 0 {
		// One problem per line, each placed in the file, after a line
		// that counts them when there are several.
		placed := scenario.PlaceErrors(errors.Join(fileErrs...), file, text)
		for _, m := range flagMsgs {
			placed = errors.Join(placed, errors.New(m))
		}
		if n := len(fileErrs) + len(flagMsgs); n > 1 {
			return fmt.Errorf("scenario %s: %d problems:\n%w", file, n, placed)
		}
		return placed
	}
	for _, e := range fileErrs {
		flagMsgs = append(flagMsgs, e.Error())
	}
	return usagef("%s", strings.Join(flagMsgs, "; "))
}

// labelledValue is a problem that starts with the value, a number or a
// quoted word, or names its field in words before it ("hosts -1 is out
// of range: ...", as engine/gen writes them; "1.5 is outside (0, 1]" and
// "\"foo\" is not known; ...", as scenario.Normalize does).
var labelledValue = regexp.MustCompile(`^(?:[a-z][a-z -]* )?([-+]?[0-9.][^ ]*|NaN|[-+]?Inf|"[^"]*") (is .*)$`)

// withFlagName says a problem of the field that flag -name sets: with the
// flag before the value, in place of the field's name in words if any
// ("-hosts -1 is out of range: ...", "-damping 1.5 is outside (0, 1]"),
// as the command line's own checks write a flag and its value; else
// after it ("-seeds: ...").
func withFlagName(name, msg string) string {
	if m := labelledValue.FindStringSubmatch(msg); m != nil {
		return "-" + name + " " + m[1] + " " + m[2]
	}
	return "-" + name + ": " + msg
}

// withFieldName is msg, a problem of field, with the field's name first
// when msg starts with the value ("wait -1 is not ..." for "-1 is not
// ..." about politeness.wait); msg as it is when it names its field in
// words already ("mean out-degree 8 is too large ...").
func withFieldName(field, msg string) string {
	if m := labelledValue.FindStringSubmatch(msg); m != nil && strings.HasPrefix(msg, m[1]) {
		return field[strings.LastIndexAny(field, ".]")+1:] + " " + msg
	}
	return msg
}

// repeatedStrategy says which items of -strategies are the same strategy
// with the same parameters, from Normalize's complaint about the label of
// field ("strategies[N].label"), in the words of the command line.
func repeatedStrategy(list []scenario.Strategy, field string) string {
	var k int
	if _, err := fmt.Sscanf(field, "strategies[%d].label", &k); err != nil || k < 0 || k >= len(list) {
		return "two strategies have the same label; change a parameter of one, or give each its own label in a -scenario file"
	}
	_, vals, _ := crawl.Resolve(list[k].ID, list[k].Params)
	first := -1
	for j := range k {
		if list[j].ID != list[k].ID {
			continue
		}
		if _, other, err := crawl.Resolve(list[j].ID, list[j].Params); err == nil && maps.Equal(other, vals) {
			first = j
			break
		}
	}
	if first < 0 {
		return fmt.Sprintf("%s (strategy %d) has the label of an earlier strategy; change a parameter, or give each its own label in a -scenario file", strategyItem(list[k]), k+1)
	}
	return fmt.Sprintf("strategies %d (%s) and %d (%s) are the same strategy with the same parameters; change a parameter of one, "+
		"or give each its own label in a -scenario file", first+1, strategyItem(list[first]), k+1, strategyItem(list[k]))
}

// strategyItem writes s as an item of -strategies: "fpr-m:m=10".
func strategyItem(s scenario.Strategy) string {
	item := s.ID
	for i, name := range sortedParams(s.Params) {
		sep := ","
		if i == 0 {
			sep = ":"
		}
		item += sep + name + "=" + strconv.FormatFloat(s.Params[name], 'g', -1, 64)
	}
	return item
}

// sortedParams returns the names of vals in order.
func sortedParams(vals crawl.Values) []string {
	names := make([]string, 0, len(vals))
	for name := range vals {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// flagForField returns the flag given on the command line (set) that set
// field, or "". A field no flag set directly is charged to the flag of the
// nearest enclosing field, and a field of the generated graph, the
// politeness clock or the evolved snapshot to any flag of that part given:
// a generator field to any generator flag, a politeness field to any
// politeness flag.
func (f *runFlags) flagForField(field string, set map[string]bool) string {
	anyOf := func(names ...string) string {
		for _, name := range names {
			if set[name] {
				return name
			}
		}
		return ""
	}
	for prefix := field; prefix != ""; {
		if name := f.flagOfField(prefix); name != "" && set[name] {
			return name
		}
		switch prefix {
		case "graph.generate":
			return anyOf(f.groupFlags(groupGenerator)...)
		case "politeness":
			return anyOf(politenessFlags...)
		case "previous":
			return anyOf("evolve")
		}
		cut := strings.LastIndexAny(prefix, ".[")
		if cut < 0 {
			break
		}
		prefix = prefix[:cut]
	}
	return ""
}

// parseStrategyList reads -strategies: items separated by commas, each a
// strategy "ID" or "ID:NAME=VALUE", or "NAME=VALUE", a further parameter of
// the strategy before it.
func parseStrategyList(text string) ([]scenario.Strategy, error) {
	var list []scenario.Strategy
	for k, item := range strings.Split(text, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("item %d is empty; expected ID or ID:NAME=VALUE", k+1)
		}
		var params []string
		if strings.Contains(item, "=") && !strings.Contains(item, ":") {
			if len(list) == 0 {
				return nil, fmt.Errorf("%q: a parameter before any strategy; expected ID:NAME=VALUE", item)
			}
			params = []string{item}
		} else {
			id, param, hasParam := strings.Cut(item, ":")
			if id == "" || strings.Contains(id, "=") || strings.Contains(param, ":") {
				return nil, fmt.Errorf("%q: expected ID or ID:NAME=VALUE (further parameters as NAME=VALUE items)", item)
			}
			if _, known := crawl.Lookup(id); !known {
				if hint := didYouMean(id, strategyIDs(), "%q"); hint != "" {
					return nil, fmt.Errorf("unknown strategy %q%s", id, hint)
				}
			}
			list = append(list, scenario.Strategy{ID: id})
			if hasParam {
				params = []string{param}
			}
		}
		s := &list[len(list)-1]
		for _, p := range params {
			name, value, ok := strings.Cut(p, "=")
			name = strings.TrimSpace(name)
			if !ok || name == "" {
				return nil, fmt.Errorf("%q: expected NAME=VALUE after %s", p, s.ID)
			}
			v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
			if err != nil {
				return nil, fmt.Errorf("%s %s=%s: the value is not a number", s.ID, name, value)
			}
			if _, dup := s.Params[name]; dup {
				return nil, fmt.Errorf("%s: %s is given twice", s.ID, name)
			}
			if s.Params == nil {
				s.Params = crawl.Values{}
			}
			s.Params[name] = v
		}
	}
	return list, nil
}

// strategyIDs lists the registered strategies' ids, for a suggestion.
func strategyIDs() []string {
	var ids []string
	for _, s := range crawl.Strategies() {
		ids = append(ids, s.ID)
	}
	return ids
}

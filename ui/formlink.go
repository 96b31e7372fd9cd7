package main

import (
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/ui/formcheck"
)

// FormOfLink returns the form showing the scenario of a permalink, s, and
// a notice of what the form changes in it ("" when nothing): it leaves
// out a strategy the page does not know, and a listing of a strategy that
// repeats an earlier one (the same id and parameters, whatever their
// labels), which would only draw the same curve again; and it mends
// labels that clash (resolveLabels), which the worker would refuse on
// every run while the page has no field to change them. A listing of the
// same id with other parameters stays, shown under its strategy
// (StrategyChoice.More) where it can be removed. It also says what the
// form leaves out: page sizes read from a file, and a seed study.
func FormOfLink(s model.Scenario) (Form, string) {
	known := map[string]model.StrategyInfo{}
	for _, info := range catalogue.Strategies {
		known[info.ID] = info
	}
	var kept []model.Strategy
	var unknown []string
	var repeats []*repeat
	for _, st := range s.Strategies {
		info, ok := known[st.ID]
		if !ok {
			if !slices.Contains(unknown, st.ID) {
				unknown = append(unknown, st.ID)
			}
			continue
		}
		j := slices.IndexFunc(kept, func(k model.Strategy) bool { return sameListing(info, k, st) })
		if j < 0 {
			kept = append(kept, st)
			continue
		}
		i := slices.IndexFunc(repeats, func(r *repeat) bool { return r.id == st.ID })
		if i < 0 {
			repeats = append(repeats, &repeat{id: st.ID, times: 1, kept: labelOf(info, kept[j]), labels: []string{labelOf(info, kept[j])}})
			i = len(repeats) - 1
		}
		r := repeats[i]
		r.times++
		if l := labelOf(info, st); !slices.Contains(r.labels, l) {
			r.labels = append(r.labels, l)
		}
	}
	var notes []string
	for _, r := range repeats {
		notes = append(notes, r.notice())
	}
	s.Strategies, notes = resolveLabels(known, kept, notes)
	switch len(unknown) {
	case 0:
	case 1:
		notes = append(notes, "The link's strategy "+strconv.Quote(unknown[0])+" is not a known strategy; the page leaves it out.")
	default:
		quoted := make([]string, len(unknown))
		for i, id := range unknown {
			quoted[i] = strconv.Quote(id)
		}
		notes = append(notes, "The link's strategies "+strings.Join(quoted, ", ")+" are not known strategies; the page leaves them out.")
	}
	if p := s.Politeness; p != nil && p.PageSizes != nil && p.PageSizes.File != "" {
		notes = append(notes, "The link reads its page sizes from the file "+strconv.Quote(p.PageSizes.File)+
			", which the page cannot load; the page gives every page the page size. crawlsim run -scenario runs the link with them.")
	}
	if s.SeedStudy != nil {
		notes = append(notes, "The link's seed study is left out: the Community seeds panel evaluates seed sets, and crawlsim run -scenario prints the link's.")
	}
	return FormOf(s), strings.Join(notes, " ")
}

// repeat is a strategy a link lists more than once with the same
// parameters (FormOfLink): how many times, the label of the listing kept,
// and every label the listings have.
type repeat struct {
	id     string
	times  int
	kept   string
	labels []string
}

// notice says that the page compares the repeated strategy once, and,
// when their labels were all that told the listings apart, so.
func (r *repeat) notice() string {
	text := "The link lists " + r.id + " " + timesWord(r.times) + " with the same parameters"
	if len(r.labels) > 1 {
		quoted := make([]string, len(r.labels))
		for i, l := range r.labels {
			quoted[i] = strconv.Quote(l)
		}
		return text + ", only their labels differ (" + strings.Join(quoted, ", ") + "): the page compares it once, labelled " + strconv.Quote(r.kept) + "."
	}
	return text + "; the page compares it once."
}

// labelOf is the label st is drawn under: its own, or the engine's
// default (scenario.Normalize): the id and each parameter that differs
// from its default, in the strategy's order ("fpr-m m=3").
func labelOf(info model.StrategyInfo, st model.Strategy) string {
	if st.Label != "" {
		return st.Label
	}
	label := st.ID
	for _, p := range info.Params {
		if v, ok := st.Params[p.Name]; ok && v != p.Default {
			label += " " + p.Name + "=" + num(v)
		}
	}
	return label
}

// resolveLabels gives each listing of list a label of its own, as the
// worker requires, adding a notice to notes for each clash it mends: a
// listing whose label is an earlier one's takes its default label when
// it gave its own and that one is free; else the earlier listing does,
// when it gave its own; else the later listing is left out.
func resolveLabels(known map[string]model.StrategyInfo, list []model.Strategy, notes []string) ([]model.Strategy, []string) {
	var kept []model.Strategy
	owner := map[string]int{}
	for _, st := range list {
		info := known[st.ID]
		label := labelOf(info, st)
		j, clash := owner[label]
		if !clash {
			owner[label] = len(kept)
			kept = append(kept, st)
			continue
		}
		earlier := kept[j]
		said := "The link gives " + listingText(known[earlier.ID], earlier) + " and " + listingText(info, st) + " the same label " + strconv.Quote(label) + "; "
		mine := st
		mine.Label = ""
		if own := labelOf(info, mine); st.Label != "" && !hasKey(owner, own) {
			owner[own] = len(kept)
			kept = append(kept, mine)
			notes = append(notes, said+"the page shows "+listingText(info, st)+" as "+strconv.Quote(own)+".")
			continue
		}
		theirs := earlier
		theirs.Label = ""
		if own := labelOf(known[earlier.ID], theirs); earlier.Label != "" && !hasKey(owner, own) {
			kept[j] = theirs
			owner[own] = j
			owner[label] = len(kept)
			kept = append(kept, st)
			notes = append(notes, said+"the page shows "+listingText(known[earlier.ID], earlier)+" as "+strconv.Quote(own)+".")
			continue
		}
		notes = append(notes, said+"the page leaves out "+listingText(info, st)+".")
	}
	return kept, notes
}

func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

// timesWord says how many times a strategy is listed: "twice", "3 times".
func timesWord(n int) string {
	if n == 2 {
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}

// sameListing reports whether a and b list the strategy info with the
// same parameters, a parameter left out being its default.
func sameListing(info model.StrategyInfo, a, b model.Strategy) bool {
	if a.ID != info.ID || b.ID != info.ID {
		return false
	}
	return maps.Equal(withDefaults(info, a.Params), withDefaults(info, b.Params))
}

// withDefaults returns params with every parameter of info it leaves out
// at its default.
func withDefaults(info model.StrategyInfo, params model.Values) model.Values {
	all := model.Values{}
	for _, p := range info.Params {
		all[p.Name] = p.Default
	}
	maps.Copy(all, params)
	return all
}

// MoreText describes a further listing st of the strategy of choice c
// (StrategyChoice.More) by its parameters, as the form shows it under
// the strategy: "fpr-m with m = 2", with its label when it has one.
func MoreText(c StrategyChoice, st model.Strategy) string {
	text := listingText(c.Info, st)
	if st.Label != "" {
		text += ", labelled " + strconv.Quote(st.Label)
	}
	return text
}

// listingText describes a listing st of strategy info by its id and
// parameters: "fpr-m with m = 2", "bfs".
func listingText(info model.StrategyInfo, st model.Strategy) string {
	var params []string
	for _, p := range info.Params {
		v, ok := st.Params[p.Name]
		if !ok {
			v = p.Default
		}
		params = append(params, p.Name+" = "+num(v))
	}
	for _, name := range slices.Sorted(maps.Keys(st.Params)) {
		if !slices.ContainsFunc(info.Params, func(p model.Param) bool { return p.Name == name }) {
			params = append(params, name+" = "+num(st.Params[name]))
		}
	}
	text := st.ID
	if len(params) > 0 {
		text += " with " + strings.Join(params, ", ")
	}
	return text
}

// MoreID is the id of the Remove button of further listing k of strategy
// id.
func MoreID(id string, k int) string { return "remove-" + id + "-" + strconv.Itoa(k+1) }

// CopyID is the id of the line of further listing k of strategy id, which
// a refusal of that listing marks (invalidInputs).
func CopyID(id string, k int) string { return "copy-" + id + "-" + strconv.Itoa(k+1) }

// RemoveMore removes further listing k of strategy id from the form
// (StrategyChoice.More), so that it is no longer compared; it returns the
// id of the element to move the focus to: the Remove button now in its
// place, or the last one, or the strategy's checkbox when none is left.
func (a *App) RemoveMore(id string, k int) string {
	for i := range a.Form.Strategies {
		c := &a.Form.Strategies[i]
		if c.Info.ID == id && k >= 0 && k < len(c.More) {
			c.More = slices.Delete(slices.Clone(c.More), k, k+1)
			a.remarkCopies(c, k)
			if len(c.More) == 0 {
				return "strategy-" + id
			}
			return MoreID(id, min(k, len(c.More)-1))
		}
	}
	return ""
}

// checkCopy refuses a further listing st of the strategy of choice c
// (StrategyChoice.More) whose parameters the worker would refuse (a
// parameter the strategy does not take, one outside its range, one not
// whole where it must be: crawl.Resolve), naming it as its line shows it
// (MoreText), so that the refusal marks that line (CopyID), not the
// strategy's own boxes. The page cannot edit a copy, only remove it.
func checkCopy(e *formcheck.Errors, c StrategyChoice, st model.Strategy) {
	name := MoreText(c, st)
	for _, key := range slices.Sorted(maps.Keys(st.Params)) {
		v := st.Params[key]
		i := slices.IndexFunc(c.Info.Params, func(p model.Param) bool { return p.Name == key })
		if i < 0 {
			e.Bad(name, "%s takes no parameter %q; remove this copy", st.ID, key)
			continue
		}
		p := c.Info.Params[i]
		switch {
		case math.IsNaN(v) || v < p.Min || v > p.Max:
			e.Bad(name, "%s = %s is outside [%s, %s]; remove this copy", key, num(v), model.Number(p.Min), model.Number(p.Max))
		case p.Integer && v != math.Trunc(v):
			e.Bad(name, "%s = %s is not a whole number; remove this copy", key, num(v))
		}
	}
}

// remarkCopies moves the marks of the lines of the further listings of
// choice c (CopyID) after listing k was removed from them: the removed
// one's mark goes, and those after it follow their listings, each still
// marked when the refusal names it.
func (a *App) remarkCopies(c *StrategyChoice, k int) {
	if a.marks.ids == nil {
		return
	}
	named := invalidInputs(Form{Strategies: []StrategyChoice{*c}}, a.marks.of)
	for j := k; j <= len(c.More); j++ {
		delete(a.marks.ids, CopyID(c.Info.ID, j))
		if j < len(c.More) && named[CopyID(c.Info.ID, j)] {
			a.marks.ids[CopyID(c.Info.ID, j)] = true
		}
	}
}

// joinNotices joins two notices of the page, either of which may be "".
func joinNotices(a, b string) string { return strings.TrimSpace(a + " " + b) }

// noticeStarts reports whether the page's notice starts with notice (a
// link's notice may follow it: joinNotices).
func noticeStarts(shown, notice string) bool { return strings.HasPrefix(shown, notice) }

package main

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// FormOfLink returns the form showing the scenario of a permalink, s, and
// a notice of what the form leaves out of it ("" when nothing): a
// strategy the page does not know, and a listing of a strategy that
// repeats an earlier one (the same id and parameters), which would only
// draw the same curve again under a clashing label. A listing of the same
// id with other parameters stays, shown under its strategy
// (StrategyChoice.More) where it can be removed.
func FormOfLink(s model.Scenario) (Form, string) {
	known := map[string]model.StrategyInfo{}
	for _, info := range catalogue.Strategies {
		known[info.ID] = info
	}
	var kept []model.Strategy
	var unknown, repeated []string
	times := map[string]int{}
	for _, st := range s.Strategies {
		info, ok := known[st.ID]
		if !ok {
			if !slices.Contains(unknown, st.ID) {
				unknown = append(unknown, st.ID)
			}
			continue
		}
		if slices.ContainsFunc(kept, func(k model.Strategy) bool { return sameListing(info, k, st) }) {
			if times[st.ID] == 0 {
				repeated = append(repeated, st.ID)
				times[st.ID] = 1
			}
			times[st.ID]++
			continue
		}
		kept = append(kept, st)
	}
	s.Strategies = kept
	var notes []string
	for _, id := range repeated {
		notes = append(notes, "The link lists "+id+" "+timesWord(times[id])+" with the same parameters; the page compares it once.")
	}
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
	return FormOf(s), strings.Join(notes, " ")
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
	var params []string
	for _, p := range c.Info.Params {
		v, ok := st.Params[p.Name]
		if !ok {
			v = p.Default
		}
		params = append(params, p.Name+" = "+num(v))
	}
	for _, name := range slices.Sorted(maps.Keys(st.Params)) {
		if !slices.ContainsFunc(c.Info.Params, func(p model.Param) bool { return p.Name == name }) {
			params = append(params, name+" = "+num(st.Params[name]))
		}
	}
	text := st.ID
	if len(params) > 0 {
		text += " with " + strings.Join(params, ", ")
	}
	if st.Label != "" {
		text += ", labelled " + strconv.Quote(st.Label)
	}
	return text
}

// MoreID is the id of the Remove button of further listing k of strategy
// id.
func MoreID(id string, k int) string { return "remove-" + id + "-" + strconv.Itoa(k+1) }

// RemoveMore removes further listing k of strategy id from the form
// (StrategyChoice.More), so that it is no longer compared; it returns the
// id of the element to move the focus to: the Remove button now in its
// place, or the last one, or the strategy's checkbox when none is left.
func (a *App) RemoveMore(id string, k int) string {
	for i := range a.Form.Strategies {
		c := &a.Form.Strategies[i]
		if c.Info.ID == id && k >= 0 && k < len(c.More) {
			c.More = slices.Delete(slices.Clone(c.More), k, k+1)
			if len(c.More) == 0 {
				return "strategy-" + id
			}
			return MoreID(id, min(k, len(c.More)-1))
		}
	}
	return ""
}

// joinNotices joins two notices of the page, either of which may be "".
func joinNotices(a, b string) string { return strings.TrimSpace(a + " " + b) }

// noticeStarts reports whether the page's notice starts with notice (a
// link's notice may follow it: joinNotices).
func noticeStarts(shown, notice string) bool { return strings.HasPrefix(shown, notice) }

package main

import (
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// What the form's graph lacks for some choices, said beside them (buttons
// disabled with a reason where the graph lacks what they need):
//
//   - A strategy that orders by hosts (crawl.Info.NeedsHosts) on a graph
//     known to have none downloads exactly as another strategy
//     (larger-sites-first as bfs, fpr-m as fpr), so it adds a curve that
//     hides another: it cannot be chosen then. Chosen already (the default
//     strategies, or a permalink, before a graph without hosts was
//     loaded), it stays chosen and runs, since the engine runs it and
//     warns; the reason says what its curve will be.
//   - A strategy that needs a previous snapshot (crawl.Info.NeedsPrevious)
//     gets one in the page from an evolution of the graph, except when the
//     scenario names a previous snapshot file (a permalink made from the
//     command line's -previous), which the worker cannot load: it cannot
//     be chosen then, and chosen already, the form refuses to run it,
//     naming it, so that nothing starts that would fail.
//   - Politeness on a graph without hosts treats all pages as one site. It
//     still simulates something (one site crawled politely), so it can be
//     chosen; the note beside it says what it means.

// StrategyReason says why strategy info lacks what it needs on the form's
// graph, for a student; "" when nothing is missing (or the page does not
// know yet, a file not loaded).
func (a *App) StrategyReason(info model.StrategyInfo) string {
	switch {
	case info.NeedsPrevious:
		return a.Form.previousReason()
	case info.NeedsHosts && a.NoHostsReason() != "":
		return noHostsSentence(info.ID, info.ID, strings.TrimPrefix(info.NoHostsWarning, "the graph has no hosts, "))
	}
	return ""
}

// StrategyUnavailable reports whether strategy choice s cannot be chosen:
// its graph lacks what it needs and it is not chosen already (a chosen one
// stays, to be run or unchecked).
func (a *App) StrategyUnavailable(s StrategyChoice) bool {
	return !s.On && a.StrategyReason(s.Info) != ""
}

// dropUnavailable unchecks the strategies the form's graph lacks what they
// need for, after a preset chose them: a preset chooses only what the
// graph supports, and the reasons say what it left out.
func (a *App) dropUnavailable() {
	for i, s := range a.Form.Strategies {
		if s.On && a.StrategyReason(s.Info) != "" {
			a.Form.Strategies[i].On = false
		}
	}
}

// PolitenessNote says what the politeness clock means on the form's graph
// when it has no hosts; "" otherwise.
func (a *App) PolitenessNote() string {
	if a.NoHostsReason() == "" {
		return ""
	}
	return politenessWithoutHosts
}

// previousReason says why the strategies that need a previous snapshot
// cannot run from this form: its scenario names a previous snapshot file,
// which the page cannot load. It is "" when the page evolves the graph
// into its previous snapshot, as it does unless told otherwise.
func (f Form) previousReason() string {
	p := f.Base.Previous
	if p == nil || p.File == "" {
		return ""
	}
	return "Needs a previous snapshot of the graph: this link's is the file " + p.File +
		", which the page cannot load. Run it with crawlsim run -previous " + p.File + ", or uncheck it here."
}

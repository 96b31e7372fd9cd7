package main

import "github.com/crawlsim/crawlsim/wasm/protocol"

// The worker does one request at a time, so the buttons that start work
// in it are disabled while it does other work. Each says why, as the
// Extract button says why a graph without hosts cannot be studied
// (needs.go): a line beside it (class "reason wait", empty and hidden when
// the worker is free) that the button's aria-describedby names, saying
// what it waits for and where to cancel that.

// The panels whose buttons wait for the worker, for WaitReason.
const (
	panelSource    = "source"
	panelCommunity = "community"
	panelRevisits  = "revisits"
	panelPapers    = "papers"
)

// WaitReason says why the buttons of panel (panelSource, ...) that start
// work in the worker are disabled: what the worker does, and where to
// cancel it ("Waits for the comparison; cancel in the run bar."), in at
// most 50 characters, since the line is one line cut with an ellipsis
// (static/style.css, .reason.wait) in a column as narrow as 314 px. It is
// "" when the worker is free, and when the work is the panel's own, whose
// progress and Cancel button, or hint, are beside the button.
func (a *App) WaitReason(panel string) string {
	if !a.WorkerBusy() {
		return ""
	}
	own := func(p string) bool { return panel == p }
	switch {
	case a.Running():
		return "Waits for the comparison; cancel in the run bar."
	case a.Papers.Busy():
		return unlessOwn(own(panelPapers), "Waits for the Papers run; cancel it in Papers.")
	case a.Revisits.Busy():
		return unlessOwn(own(panelRevisits), "Waits for the Revisits run; cancel it in Revisits.")
	case a.Community.Busy():
		return unlessOwn(own(panelCommunity), "Waits for Community seeds; cancel in that panel.")
	case a.Loading() && a.q.GraphKind == protocol.KindGenerate:
		return unlessOwn(own(panelSource), "Waits for the graph to be generated.")
	case a.Loading():
		return unlessOwn(own(panelSource), "Waits for the graph to be read.")
	}
	return "Waits for the worker to finish."
}

// unlessOwn is reason, or "" when the work is the panel's own.
func unlessOwn(own bool, reason string) string {
	if own {
		return ""
	}
	return reason
}

// ExtractReason says why Extract and evaluate is disabled: the graph has
// no hosts (NoHostsReason), or the worker does other work (WaitReason);
// "" when it is enabled.
func (a *App) ExtractReason() string {
	if r := a.NoHostsReason(); r != "" {
		return r
	}
	return a.WaitReason(panelCommunity)
}

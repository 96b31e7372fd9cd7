package main

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
// cancel it ("Waiting for the comparison to finish (Cancel it in the run
// bar)."). It is "" when the worker is free, and when the work is the
// panel's own, whose progress and Cancel button are beside the button.
func (a *App) WaitReason(panel string) string {
	if !a.WorkerBusy() {
		return ""
	}
	switch {
	case a.Running():
		return "Waiting for the comparison to finish (Cancel it in the run bar)."
	case a.Papers.Busy():
		if panel == panelPapers {
			return ""
		}
		return "Waiting for the papers' reproduction to finish (Cancel it in the Papers panel)."
	case a.Revisits.Busy():
		if panel == panelRevisits {
			return ""
		}
		return "Waiting for the revisits' simulation to finish (Cancel it in the Revisits panel)."
	case a.Community.Busy():
		if panel == panelCommunity {
			return ""
		}
		return "Waiting for the community seeds' extraction to finish (Cancel it in the Community seeds panel)."
	case a.Loading():
		return "Waiting for the graph to be read."
	}
	return "Waiting for the worker to finish."
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

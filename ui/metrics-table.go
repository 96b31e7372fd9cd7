package main

// MetricsTable is the comparison table of docs/algorithms.md section 4,
// with the command line's figures a column each, headed by what they
// count (report.ReadableRows), and the run's warnings.
type MetricsTable struct {
	App *App
}

// TableID is the metrics table's id: "metrics" when it shows a result,
// "metrics-pending" while it shows App.ShownRows' stand-ins (the browser
// tests take rows of #metrics for a comparison shown).
func (c *MetricsTable) TableID() string {
	if c.App.Result == nil {
		return "metrics-pending"
	}
	return "metrics"
}

// TableClass is the metrics table's CSS class: "metrics pending" while it
// shows App.ShownRows' stand-ins.
func (c *MetricsTable) TableClass() string {
	if c.App.Result == nil {
		return "metrics pending"
	}
	return "metrics"
}

// PinID is the id of the button that pins the result shown ("pin") or
// unpins the pinned one ("unpin"). It is one button, whose id, label
// (PinLabel) and action (TogglePin) change with a press, so that the
// keyboard's focus stays on it: two buttons shown in turn put a new
// element in the pressed one's place, and the focus fell to the page's
// start.
func (c *MetricsTable) PinID() string {
	if c.App.Pinned != nil {
		return "unpin"
	}
	return "pin"
}

// PinLabel is the label of the pin button (PinID).
func (c *MetricsTable) PinLabel() string {
	if c.App.Pinned != nil {
		return "Unpin"
	}
	return "Pin this result"
}

// PinDisabled reports whether the pin button (PinID) is disabled: when
// nothing is pinned and there is no result to pin.
func (c *MetricsTable) PinDisabled() bool { return c.App.Pinned == nil && c.App.Result == nil }

// TogglePin is the press of the pin button (PinID): it pins the result
// shown, or unpins the pinned one.
func (c *MetricsTable) TogglePin() {
	if c.App.Pinned != nil {
		c.App.Unpin()
		return
	}
	c.App.Pin()
}

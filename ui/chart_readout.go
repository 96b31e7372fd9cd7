package main

import (
	"fmt"
	"math"
	"strings"
)

// The readout's box, in CSS pixels (static/style.css's .readout rules):
// each line, its caption included, is readoutLine high, and its padding
// and border add readoutFrame; it keeps readoutGap from the plot's edges
// and readoutEdge from the chart box's.
const (
	readoutLine  = 16
	readoutFrame = 2*4 + 2
	readoutGap   = 6
	readoutEdge  = 4
)

// ReadoutStyle places the readout inside the chart's box, away from the
// crosshair and from the curves under it: on the other side of the
// crosshair, and at the bottom of the plot when the curves are high there
// (cumulative curves mostly are), at the top otherwise. When its lines
// do not fit between there and the box's other edge it starts at the
// box's edge instead, and when they still do not fit they go in columns
// (--readout-rows, the lines a column holds), so that it never leaves
// the box: over the legend under a small embedded chart, say.
func (a *App) ReadoutStyle() string {
	p := a.plot
	if p.ChartWidth <= 0 || p.ChartHeight <= 0 {
		return ""
	}
	var b strings.Builder
	if a.Cursor > 0.5 {
		fmt.Fprintf(&b, "left:%.2f%%;", 100*(p.Left+8)/p.ChartWidth)
	} else {
		fmt.Fprintf(&b, "right:%.2f%%;", 100*(p.ChartWidth-p.Left-p.Width+8)/p.ChartWidth)
	}
	// CSS pixels per unit of the chart.
	scale := 1.0
	if a.boxHeight > 0 {
		scale = a.boxHeight / p.ChartHeight
	}
	box := p.ChartHeight * scale
	need := readoutFrame + float64(1+len(a.Readout))*readoutLine
	var from float64 // the readout's edge from the box's top (or bottom)
	if a.readoutHigh {
		from = (p.Top + readoutGap) * scale
	} else {
		from = (p.ChartHeight - p.Top - p.Height + readoutGap) * scale
	}
	room := box - from - readoutEdge
	if need > room {
		from, room = readoutEdge, box-2*readoutEdge
	}
	side := "bottom"
	if a.readoutHigh {
		side = "top"
	}
	fmt.Fprintf(&b, "%s:%.2f%%;", side, 100*from/box)
	rows := int(math.Floor((room - readoutFrame - readoutLine) / readoutLine))
	fmt.Fprintf(&b, "--readout-rows:%d", max(1, min(rows, len(a.Readout))))
	return b.String()
}

// The chart's style: the strategies' colours, dash patterns and markers,
// the widths of its lines, the metrics of its font, and the drawing of a
// legend swatch and a marker.

package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// palette colours the strategies in order: the colours of Okabe and Ito's
// palette for colour-blind readers, without its black (the optimal
// reference's) and its yellow (too light on white). The optimal reference
// is drawn wider and dashed in referenceColour instead. Each strategy also
// has a dash pattern (strategyDashes) and a marker (markerShapes), taken in
// turn, so that every curve stays distinguishable in greyscale: the pairs
// of dash and marker repeat only after len(strategyDashes)·len(markerShapes)
// strategies (lengths prime to each other), the triples with the colour
// after the least common multiple of the three lengths.
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"}

const referenceColour = "#222222"

// strategyDashes are the dash patterns of the strategies' lines in turn:
// solid first. With Guarantees every actual line is solid, the dashes then
// telling the kinds of line apart.
var strategyDashes = []string{"", "9 4", "2 3", "12 3 3 3"}

// markerShapes are the markers of the strategies' lines in turn, drawn a
// few times along each line and on its legend swatch.
var markerShapes = []string{"circle", "square", "triangle", "diamond", "cross"}

// seriesStyle is the style of the k-th line of a chart, from 0 (run's
// k-th strategy, the seed study's k-th seed set): its colour, dash
// pattern and marker, taken in turn from palette, strategyDashes and
// markerShapes.
func seriesStyle(k int) line {
	return line{colour: palette[k%len(palette)], dash: strategyDashes[k%len(strategyDashes)], marker: markerShapes[k%len(markerShapes)], series: k}
}

// strategyLooks returns the look of each strategy of each list (a
// result's and the pinned run's), by index: fixed by the strategy's id
// from the catalogue (the registered strategies in display order,
// ChartOptions.Catalogue), so that a strategy has the same colour, dash
// pattern and marker in every chart whatever else is drawn
// (catalogueColours). A further copy of one id in a list (other
// parameters) keeps its hue and takes the next dash pattern and the next
// marker (which tell copies apart on a chart with guarantees, whose
// actual lines are all solid). Ids the catalogue lacks take the places
// after it, in the lists' order. References have their own look
// (chartLines).
func strategyLooks(catalogue []model.StrategyInfo, lists ...[]model.StrategyResult) [][]line {
	colours := catalogueColours(catalogue)
	out := make([][]line, len(lists))
	unknown := map[string]int{}
	for k, list := range lists {
		out[k] = make([]line, len(list))
		copies := map[string]int{}
		for i, s := range list {
			if s.Reference {
				continue
			}
			place := model.CataloguePlace(catalogue, s.ID)
			colour := place
			if place < 0 {
				u, ok := unknown[s.ID]
				if !ok {
					u = len(unknown)
					unknown[s.ID] = u
				}
				place = len(catalogue) + u
				colour = place
			} else {
				colour = colours[place]
			}
			st := seriesStyle(place)
			st.colour = palette[colour%len(palette)]
			if c := copies[s.ID]; c > 0 {
				st.dash = strategyDashes[(place+c)%len(strategyDashes)]
				st.marker = markerShapes[(place+c)%len(markerShapes)]
				st.series = place + c*len(palette)*len(markerShapes)
			}
			copies[s.ID]++
			out[k][i] = st
		}
	}
	return out
}

// catalogueColours gives each strategy of the catalogue, by place, its
// colour's index in palette, so that the strategies compared together
// differ in colour as far as the palette allows: in catalogue order, each
// takes the colour the fewest strategies already coloured share with it
// in a preset (counted once per preset they share), then the colour the
// fewest strategies have, then the first. Every preset of up to
// len(palette) strategies then has each its own colour (the default
// comparison, of nine strategies besides the reference, at most two of
// one). The dash patterns and markers follow the place (seriesStyle,
// whose pairs repeat only after len(strategyDashes)·len(markerShapes)
// strategies), so that greyscale keeps every strategy apart.
func catalogueColours(catalogue []model.StrategyInfo) []int {
	colours := make([]int, len(catalogue))
	for i, s := range catalogue {
		best, bestShared, bestAll := 0, -1, -1
		for c := range palette {
			shared, all := 0, 0
			for j := range i {
				if colours[j] != c || catalogue[j].Reference {
					continue
				}
				all++
				for p := range s.Presets {
					if _, ok := catalogue[j].Presets[p]; ok {
						shared++
					}
				}
			}
			if bestShared < 0 || shared < bestShared || shared == bestShared && all < bestAll {
				best, bestShared, bestAll = c, shared, all
			}
		}
		colours[i] = best
	}
	return colours
}

// closedMarkers are the markers with an inside, which can be drawn hollow
// or filled: markerShapes but the cross, a stroke either way.
var closedMarkers = []string{"circle", "square", "triangle", "diamond"}

// closedSeriesStyle is seriesStyle with a marker of closedMarkers, for a
// chart that tells two lines of one series apart by hollow and filled
// markers (the revisit chart's central and migrating traffic): the k-th
// marker, shifted by one each time the dashes come round, so that no two
// of the first len(strategyDashes)·len(closedMarkers) series share both
// dash pattern and marker.
func closedSeriesStyle(k int) line {
	st := seriesStyle(k)
	st.marker = closedMarkers[(k+k/len(strategyDashes))%len(closedMarkers)]
	return st
}

// markersPerLine is how many markers a line carries, spread along the x
// axis and shifted from one strategy to the next so they do not overlap.
const markersPerLine = 5

// markerSpots returns where the markers of a line of the series-th style
// (seriesStyle) stand, as fractions of the plot's width: markersPerLine
// of them, shifted by the golden ratio from one series to the next, and
// by half a step more on a second line of the same series (halfStep: the
// pinned run's, a central crawler's traffic).
func markerSpots(series int, halfStep bool) []float64 {
	shift := math.Mod(float64(series)*0.618034, 1)
	if halfStep {
		shift = math.Mod(shift+0.5, 1)
	}
	spots := make([]float64, markersPerLine)
	for k := range spots {
		spots[k] = (float64(k) + 0.15 + 0.7*shift) / markersPerLine
	}
	return spots
}

// Dash patterns and widths of the lines.
const (
	referenceDash  = "6 4"
	guaranteedDash = "1.5 3"
	lowerBoundDash = "6 3 1.5 3"
	lineWidth      = 1.75
	referenceWidth = 2.75
)

// Approximate text metrics of the chart's 12-pixel sans-serif font, used
// to leave room for labels.
const (
	charWidth  = 7
	fontSize   = 12
	legendLine = 18
)

// writeSwatch writes a legend swatch of line e, 24 units wide, from (x, y):
// its stroke, dash and width, and its marker in the middle.
func writeSwatch(b *strings.Builder, e line, x, y float64) {
	b.WriteString(`<line`)
	switch {
	case e.reference && e.pinned:
		b.WriteString(` class="chart-ref chart-pinned"`)
	case e.reference:
		b.WriteString(` class="chart-ref"`)
	case e.pinned:
		b.WriteString(` class="chart-pinned"`)
	}
	fmt.Fprintf(b, ` x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"`, coord(x), coord(y), coord(x+24), coord(y), e.colour)
	if e.dash != "" {
		fmt.Fprintf(b, ` stroke-dasharray="%s"`, e.dash)
	}
	if e.reference {
		fmt.Fprintf(b, ` stroke-width="%s"`, strconv.FormatFloat(referenceWidth, 'f', -1, 64))
	}
	if e.pinned {
		fmt.Fprintf(b, ` stroke-opacity="%s"`, strconv.FormatFloat(pinnedOpacity, 'f', -1, 64))
	}
	b.WriteString(`/>`)
	switch {
	case e.marker != "" && e.pinned:
		writeHollowMarker(b, e.marker, e.colour, x+12, y, "")
	case e.marker != "":
		writeMarker(b, e.marker, e.colour, x+12, y, "")
	}
}

// writeMarker writes a marker of the given shape centred on (x, y); filled
// shapes have a thin halo of the background's colour (class chart-halo).
func writeMarker(b *strings.Builder, shape, colour string, x, y float64, extra string) {
	c := func(v float64) string { return coord(v) }
	switch shape {
	case "circle":
		fmt.Fprintf(b, `<circle class="chart-halo" cx="%s" cy="%s" r="3.5" fill="%s" stroke="#ffffff" stroke-width="0.75" stroke-dasharray="none"%s/>`, c(x), c(y), colour, extra)
	case "square":
		fmt.Fprintf(b, `<rect class="chart-halo" x="%s" y="%s" width="6.5" height="6.5" fill="%s" stroke="#ffffff" stroke-width="0.75" stroke-dasharray="none"%s/>`, c(x-3.25), c(y-3.25), colour, extra)
	case "triangle":
		fmt.Fprintf(b, `<path class="chart-halo" d="M%s,%sL%s,%sL%s,%sZ" fill="%s" stroke="#ffffff" stroke-width="0.75" stroke-dasharray="none"%s/>`, c(x), c(y-4.5), c(x+4.2), c(y+3.2), c(x-4.2), c(y+3.2), colour, extra)
	case "diamond":
		fmt.Fprintf(b, `<path class="chart-halo" d="M%s,%sL%s,%sL%s,%sL%s,%sZ" fill="%s" stroke="#ffffff" stroke-width="0.75" stroke-dasharray="none"%s/>`, c(x), c(y-4.8), c(x+4.8), c(y), c(x), c(y+4.8), c(x-4.8), c(y), colour, extra)
	case "cross":
		fmt.Fprintf(b, `<path d="M%s,%sL%s,%sM%s,%sL%s,%s" fill="none" stroke="%s" stroke-width="2" stroke-dasharray="none"%s/>`, c(x-3.5), c(y-3.5), c(x+3.5), c(y+3.5), c(x-3.5), c(y+3.5), c(x+3.5), c(y-3.5), colour, extra)
	}
}

// The chart's title: wrapped onto lines that fit the chart's width.

package report

import (
	"strings"
	"unicode/utf8"
)

// Title metrics: the title is bold, 15 pixels; titleCharWidth is a
// generous width of one of its characters (bold sans-serif averages about
// 0.6 em), titleLine the distance between its lines, titleMargin the room
// kept free at each side of the chart, titleMaxLines the most lines it
// takes before it is cut with "…".
const (
	titleCharWidth = 9.0
	titleLine      = 19.0
	titleMargin    = 12.0
	titleMaxLines  = 3
)

// TitleLines splits title into the lines a chart width pixels wide draws
// it on: words kept whole where they fit, at most three lines, the last
// one ending in "…" when the title is longer still (a word longer than a
// line is cut the same way). The page and reproduce's own charts use it
// so that no title runs past the chart's edges.
func TitleLines(title string, width int) []string {
	words := strings.Fields(title)
	if len(words) == 0 {
		return nil
	}
	chars := max(int((float64(width)-2*titleMargin)/titleCharWidth), 8)
	var lines []string
	line := ""
	for i, w := range words {
		switch {
		case line == "":
			line = w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= chars:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
		if len(lines) == titleMaxLines-1 && i < len(words)-1 && utf8.RuneCountInString(line+" "+strings.Join(words[i+1:], " ")) > chars {
			// The last line cannot hold the rest: cut it.
			rest := line + " " + strings.Join(words[i+1:], " ")
			return append(lines, shorten(rest, chars))
		}
	}
	lines = append(lines, line)
	for i, l := range lines {
		lines[i] = shorten(l, chars)
	}
	return lines
}

// titleHeight is the room the title's lines take above the plot.
func titleHeight(lines []string) float64 {
	if len(lines) == 0 {
		return 0
	}
	return 26 + titleLine*float64(len(lines)-1)
}

// titleX is where the title's lines are centred: over the plot, as
// always, when a single line fits there, else over the whole chart.
func titleX(lines []string, width int, plotCentre float64) float64 {
	if len(lines) == 1 {
		half := titleCharWidth * float64(utf8.RuneCountInString(lines[0])) / 2
		if plotCentre-half >= titleMargin/2 && plotCentre+half <= float64(width)-titleMargin/2 {
			return plotCentre
		}
	}
	return float64(width) / 2
}

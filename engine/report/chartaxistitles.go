// The axes' titles: the y axis's title fitted to the plot's height, the x
// axis's to the chart's width (fitXAxis, chartnarrow.go).

package report

import (
	"strings"
	"unicode/utf8"
)

// yTitleLine is the distance between the lines of a y axis's title wrapped
// onto two: the second is drawn right of the first, and the plot moves
// right as far.
const yTitleLine = 15.0

// yTitleLines is the y axis's title (the text "cumulative PageRank" and
// the like) on the lines drawn beside a plot plotH pixels high: at most
// charWidth·n + 8 ≤ plotH characters a line, the first of these that fits
// whole: the title on one line, with "cumulative" written "cum.", the
// title on two lines, the short form on two lines; else the short form on
// two lines, the second cut with "…" (SVG keeps the full title in a
// <title>).
func yTitleLines(title string, plotH float64) []string {
	chars := int((plotH - 8) / charWidth)
	short := strings.Replace(title, "cumulative ", "cum. ", 1)
	fits := func(lines []string) bool {
		for _, l := range lines {
			if utf8.RuneCountInString(l) > chars {
				return false
			}
		}
		return len(lines) <= 2
	}
	for _, lines := range [][]string{{title}, {short}, WrapWords(title, chars), WrapWords(short, chars)} {
		if fits(lines) {
			return lines
		}
	}
	return wrapTitle(short, chars, 2)
}

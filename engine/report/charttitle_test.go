package report

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// titleText is a line of a chart's title as drawn: its anchor and text.
type titleText struct {
	X, Y   float64
	Anchor string
	Text   string
}

// drawnTitle returns the lines of the chart's bold title text.
func drawnTitle(t *testing.T, svg []byte) []titleText {
	t.Helper()
	var doc struct {
		Texts []struct {
			X      string `xml:"x,attr"`
			Y      string `xml:"y,attr"`
			Anchor string `xml:"text-anchor,attr"`
			Weight string `xml:"font-weight,attr"`
			Body   string `xml:",chardata"`
		} `xml:"text"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil {
		t.Fatal(err)
	}
	var out []titleText
	for _, e := range doc.Texts {
		if e.Weight != "bold" {
			continue
		}
		x, _ := strconv.ParseFloat(e.X, 64)
		y, _ := strconv.ParseFloat(e.Y, 64)
		out = append(out, titleText{X: x, Y: y, Anchor: e.Anchor, Text: e.Body})
	}
	return out
}

// TestLongTitleFits: a title longer than the chart is wide (reproduce's
// "Baeza-Yates et al. 2005 Fig. 4: ..." on 800 pixels lost its first letters, centred on
// the plot rather than the chart) is wrapped onto lines that each fit
// within the chart's width, every word kept, the plot moved below them;
// a title too long even for three lines ends in "…", the full title kept
// in the SVG's <title>.
func TestLongTitleFits(t *testing.T) {
	long := "Baeza-Yates et al. 2005, Fig. 4: cumulative PageRank against the fraction of pages downloaded (r = 1, politeness), with every strategy of Table 2 drawn"
	longer := long + "; " + long
	for _, c := range []struct {
		title string
		width int
		whole bool
	}{{long, 800, true}, {long, 560, true}, {longer, 800, false}} {
		long, width := c.title, c.width
		opt := ChartOptions{Title: long, Width: width}
		svg := render(t, func(w io.Writer) error { return SVG(w, sampleResult(), opt) })
		lines := drawnTitle(t, svg)
		if len(lines) < 2 {
			t.Fatalf("width %d: the title is drawn on %d line(s), want it wrapped: %+v", width, len(lines), lines)
		}
		var words []string
		for i, l := range lines {
			half := titleCharWidth * float64(utf8.RuneCountInString(l.Text)) / 2
			if l.Anchor != "middle" || l.X-half < 0 || l.X+half > float64(width) {
				t.Errorf("width %d: title line %q at x %.1f (%s) runs past the chart's edges", width, l.Text, l.X, l.Anchor)
			}
			if i > 0 && l.Y <= lines[i-1].Y {
				t.Errorf("width %d: title lines not below each other: %+v", width, lines)
			}
			words = append(words, strings.Fields(l.Text)...)
		}
		joined := strings.Join(words, " ")
		if c.whole && joined != long {
			t.Errorf("width %d: the wrapped title reads %q, want every word of %q", width, joined, long)
		}
		if !c.whole && (!strings.HasSuffix(joined, "…") || !strings.HasPrefix(long, strings.TrimSuffix(joined, "…"))) {
			t.Errorf("width %d: the title too long for three lines reads %q, want a prefix of it ending in …", width, joined)
		}
		if got := svgTexts(t, svg)["title"][0]; got != long {
			t.Errorf("width %d: <title> %q, want the full title", width, got)
		}
		area, err := Plot(sampleResult(), opt)
		if err != nil {
			t.Fatal(err)
		}
		if last := lines[len(lines)-1].Y; area.Top < last+8 {
			t.Errorf("width %d: the plot starts at %.1f, over the title's last line at %.1f", width, area.Top, last)
		}
	}
}

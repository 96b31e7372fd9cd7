package reproduce

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// textBox is a <text> of a chart and the box it takes, at the charts'
// assumed metrics: 7 pixels a character at 12 pixels (9 for the bold
// title at 15), from 0.8 of the font size above the baseline to 0.25
// below, turned with a rotate(-90 x y) transform.
type textBox struct {
	text           string
	size           float64
	x0, y0, x1, y1 float64
}

func (a textBox) overlaps(b textBox) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

// chartTextBoxes reads svg's viewBox size and its texts' boxes, carrying
// font-size, font-weight and text-anchor down from the groups (a <title>
// inside a <text> is not drawn).
func chartTextBoxes(t *testing.T, svg []byte) (width, height float64, texts []textBox) {
	t.Helper()
	type frame struct {
		anchor, weight string
		size           float64
	}
	stack := []frame{{"start", "normal", 16}}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var cur *textBox
	var x, y float64
	var anchor, weight string
	rotated, inTitle := false, false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the chart is not XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			f := stack[len(stack)-1]
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			if v, ok := attr["text-anchor"]; ok {
				f.anchor = v
			}
			if v, ok := attr["font-weight"]; ok {
				f.weight = v
			}
			if v, ok := attr["font-size"]; ok {
				f.size, _ = strconv.ParseFloat(v, 64)
			}
			stack = append(stack, f)
			num := func(k string) float64 { v, _ := strconv.ParseFloat(attr[k], 64); return v }
			switch e.Name.Local {
			case "svg":
				if _, err := fmt.Sscanf(attr["viewBox"], "0 0 %g %g", &width, &height); err != nil {
					t.Fatalf("viewBox %q", attr["viewBox"])
				}
			case "text":
				cur = &textBox{size: f.size}
				x, y, anchor, weight = num("x"), num("y"), f.anchor, f.weight
				rotated = strings.HasPrefix(attr["transform"], "rotate(-90")
			case "title":
				inTitle = true
			}
		case xml.CharData:
			if cur != nil && !inTitle {
				cur.text += string(e)
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			switch e.Name.Local {
			case "title":
				inTitle = false
			case "text":
				cw := 7 * cur.size / 12
				if weight == "bold" {
					cw = 9 * cur.size / 15
				}
				w := cw * float64(utf8.RuneCountInString(cur.text))
				a, b := x, x+w
				switch anchor {
				case "middle":
					a, b = x-w/2, x+w/2
				case "end":
					a, b = x-w, x
				}
				if rotated {
					cur.x0, cur.y0, cur.x1, cur.y1 = x-0.8*cur.size, y-(b-x), x+0.25*cur.size, y-(a-x)
				} else {
					cur.x0, cur.y0, cur.x1, cur.y1 = a, y-0.8*cur.size, b, y+0.25*cur.size
				}
				texts = append(texts, *cur)
				cur = nil
			}
		}
	}
	return width, height, texts
}

// TestEffectivenessChartDrawnForItsWidth: paper 000's effectiveness chart
// is drawn at the width the page asks (Input.ChartWidth), as the curve
// charts are, with 12-pixel text: every text inside the viewBox, none over
// another, the legend below the plot when the chart is narrow (it stayed
// 800 pixels wide, its text 5 pixels high on a phone); the command line's
// chart stays 800 by 440 with the legend on the right.
func TestEffectivenessChartDrawnForItsWidth(t *testing.T) {
	avg := map[string]float64{"optimal": 0.9, windowLabel(fprWindow): 0.61,
		fprLabel(1): 0.6, fprLabel(2): 0.63, fprLabel(20): 0.66, fprLabel(100): 0.665}
	for _, asked := range []int{0, 240, 300, 326, 360, 414, 500, 600, 639, 640, 700, 800, 1000, 1400} {
		in := Input{Graph: scenario.Source{File: "g"}, Hosts: true, ChartWidth: asked}
		runs, notes := paperFPR().Plan(in)
		rep, err := paperFPR().Assess(in, runs, notes, Results{Crawl: map[string]*scenario.Result{"000-fig4": handMadeFPR(avg)}})
		if err != nil {
			t.Fatal(err)
		}
		svg := rep.Charts[0].SVG
		width, height, texts := chartTextBoxes(t, svg)
		want := asked
		if asked == 0 {
			want = effectWidth
			if height != effectHeight {
				t.Errorf("the command line's chart is %v high, want %d", height, effectHeight)
			}
		}
		if width != float64(want) || !bytes.Contains(svg, []byte(fmt.Sprintf(`width="%d" height="%s"`, want, strconv.FormatFloat(height, 'f', -1, 64)))) {
			t.Errorf("asked %d px: drawn %v by %v (%.120s)", asked, width, height, svg)
		}
		// The legend's first entry, "fpr-m by M", is right of the plot
		// (the y axis's labels end at its left) or below it.
		var legend, axisEnd textBox
		for _, tx := range texts {
			switch tx.text {
			case "fpr-m by M":
				legend = tx
			case "M (logarithmic; M = 1 is fpr)":
				axisEnd = tx
			}
			if tx.size < 12 {
				t.Errorf("asked %d px: %q is %v pixels high", asked, tx.text, tx.size)
			}
			if tx.x0 < 0 || tx.y0 < 0 || tx.x1 > width || tx.y1 > height {
				t.Errorf("asked %d px: %q at (%.1f,%.1f)-(%.1f,%.1f) leaves the %v by %v chart", asked, tx.text, tx.x0, tx.y0, tx.x1, tx.y1, width, height)
			}
		}
		if below := legend.y0 > axisEnd.y1; below != (want < 640) {
			t.Errorf("asked %d px: legend below the plot %v", asked, below)
		}
		for i, a := range texts {
			for _, b := range texts[:i] {
				if a.overlaps(b) {
					t.Errorf("asked %d px: %q at (%.1f,%.1f)-(%.1f,%.1f) overlaps %q at (%.1f,%.1f)-(%.1f,%.1f)", asked, a.text, a.x0, a.y0, a.x1, a.y1, b.text, b.x0, b.y0, b.x1, b.y1)
				}
			}
		}
	}
}

package report

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

// box is a rectangle of a chart, in its viewBox's units.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) overlaps(o box) bool { return b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1 }

func (b box) String() string { return fmt.Sprintf("(%.1f,%.1f)-(%.1f,%.1f)", b.x0, b.y0, b.x1, b.y1) }

// sizedText is a <text> of a chart with the box it takes on screen: its
// characters at the chart's assumed metrics (charWidth for 12 pixels,
// titleCharWidth for the bold title), from a little above its baseline
// (0.8 of its font size) to a little below (0.25), turned with a
// rotate(-90 x y) transform.
type sizedText struct {
	text     string
	fontSize float64
	box      box
}

// sizedTexts reads every <text> of svg with its box, and the chart's
// viewBox, carrying font-size, font-weight and text-anchor down from the
// groups; the text of a <title> inside a <text> is not drawn.
func sizedTexts(t *testing.T, svg []byte) (view box, texts []sizedText) {
	t.Helper()
	type frame struct {
		anchor, weight string
		size           float64
	}
	stack := []frame{{"start", "normal", 16}}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var cur *sizedText
	var at struct {
		x, y, size   float64
		anchor, bold string
		rotated      bool
		inTitle      bool
		text         strings.Builder
	}
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
			if a, ok := attr["text-anchor"]; ok {
				f.anchor = a
			}
			if a, ok := attr["font-weight"]; ok {
				f.weight = a
			}
			if a, ok := attr["font-size"]; ok {
				v, err := strconv.ParseFloat(a, 64)
				if err != nil {
					t.Fatalf("font-size %q", a)
				}
				f.size = v
			}
			stack = append(stack, f)
			num := func(k string) float64 { v, _ := strconv.ParseFloat(attr[k], 64); return v }
			switch e.Name.Local {
			case "svg":
				var w, h float64
				if _, err := fmt.Sscanf(attr["viewBox"], "0 0 %g %g", &w, &h); err != nil {
					t.Fatalf("viewBox %q", attr["viewBox"])
				}
				view = box{0, 0, w, h}
			case "text":
				cur = &sizedText{fontSize: f.size}
				at.x, at.y, at.size, at.anchor, at.bold = num("x"), num("y"), f.size, f.anchor, f.weight
				at.rotated = strings.HasPrefix(attr["transform"], "rotate(-90")
				at.text.Reset()
			case "title":
				at.inTitle = true
			}
		case xml.CharData:
			if cur != nil && !at.inTitle {
				at.text.Write(e)
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			switch e.Name.Local {
			case "title":
				at.inTitle = false
			case "text":
				cw := charWidth * at.size / fontSize
				if at.bold == "bold" {
					cw = titleCharWidth * at.size / 15
				}
				cur.text = at.text.String()
				w := cw * float64(utf8.RuneCountInString(cur.text))
				a, b := at.x, at.x+w // along the text
				switch at.anchor {
				case "middle":
					a, b = at.x-w/2, at.x+w/2
				case "end":
					a, b = at.x-w, at.x
				}
				if at.rotated {
					// Turned a quarter anticlockwise about (x, y): the
					// text runs upwards, its top to the left.
					cur.box = box{at.x - 0.8*at.size, at.y - (b - at.x), at.x + 0.25*at.size, at.y - (a - at.x)}
				} else {
					cur.box = box{a, at.y - 0.8*at.size, b, at.y + 0.25*at.size}
				}
				texts = append(texts, *cur)
				cur = nil
			}
		}
	}
	return view, texts
}

// namedResult is sampleResult with n strategies, labelled in turn as the
// papers' charts and the page label them, some long.
func namedResult(n int) *scenario.Result {
	names := []string{"bfs", "windowed-rankmass 5%", "batch-pagerank k=5", "random", "larger-sites-first",
		"l-neighbor 100 seeds", "fpr-m M=100", "rankmass", "a strategy with a long name"}
	r := manyResult(n, "s")
	for i := range n {
		r.Strategies[i+1].Label = names[i%len(names)] + " " + strconv.Itoa(i)
	}
	return r
}

// TestSVGNarrowLegendBelow: a chart of any width from 300 pixels draws
// with 12-pixel text and no overlap: below the width where the legend
// beside the plot leaves the plot too narrow the legend goes below the
// plot in rows, and the chart grows as tall as it needs. Every text lies
// inside the viewBox, legend entries (swatch and label) overlap neither
// each other, nor the plot, nor the chart's other texts, and the chart
// is never refused for its size (a review found the papers' charts with
// many strategies refused below about 600 pixels, then drawn wider and
// shrunk on a phone: text 5 pixels high).
func TestSVGNarrowLegendBelow(t *testing.T) {
	for width := 300; width <= 1200; width += 20 {
		for n := 1; n <= 18; n++ {
			r := namedResult(n)
			for _, opt := range []ChartOptions{
				{Width: width, Height: min(max(width*3/5, 300), DefaultChartHeight), Title: "Cho and Schonfeld 2007, Fig. 8: actual RankMass by window size"},
				{Width: width, X: XCount, Guarantees: true},
				{Width: width, Pinned: namedResult(max(n-2, 1)), LogX: true},
			} {
				checkNarrowChart(t, r, opt, n)
			}
		}
	}
}

// checkNarrowChart checks r's chart under opt, with n strategies.
func checkNarrowChart(t *testing.T, r *scenario.Result, opt ChartOptions, n int) {
	t.Helper()
	name := fmt.Sprintf("%d px wide, %d strategies, x %q, guarantees %v, pinned %v", opt.Width, n, opt.X, opt.Guarantees, opt.Pinned != nil)
	var b bytes.Buffer
	if err := SVG(&b, r, opt); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	entries, err := Legend(r, opt)
	if err != nil {
		t.Fatal(err)
	}
	area, err := Plot(r, opt)
	if err != nil {
		t.Fatal(err)
	}
	view, texts := sizedTexts(t, b.Bytes())
	if view.x1 != float64(opt.Width) || area.ChartHeight != view.y1 {
		t.Fatalf("%s: viewBox %v, Plot says %v by %v", name, view, area.ChartWidth, area.ChartHeight)
	}
	for _, tx := range texts {
		if tx.fontSize < fontSize {
			t.Errorf("%s: %q is %v pixels high", name, tx.text, tx.fontSize)
		}
		if tx.box.x0 < 0 || tx.box.y0 < 0 || tx.box.x1 > view.x1 || tx.box.y1 > view.y1 {
			t.Errorf("%s: %q at %v leaves the viewBox %v", name, tx.text, tx.box, view)
		}
	}
	// The legend is written last: its entries are the last texts, each
	// with its swatch, 30 units left of the label, 12 high.
	if len(texts) < len(entries) {
		t.Fatalf("%s: %d texts for %d legend entries", name, len(texts), len(entries))
	}
	legend, others := texts[len(texts)-len(entries):], texts[:len(texts)-len(entries)]
	plot := box{area.Left, area.Top, area.Left + area.Width, area.Top + area.Height}
	var boxes []box
	for i, e := range legend {
		bx := e.box
		bx.x0 -= 30
		boxes = append(boxes, bx)
		if want := entries[i].Label; e.text != want && !strings.HasSuffix(e.text, "…") {
			t.Errorf("%s: legend entry %d reads %q, want %q", name, i, e.text, want)
		}
		if bx.overlaps(plot) {
			t.Errorf("%s: legend entry %q at %v overlaps the plot %v", name, e.text, bx, plot)
		}
		for j, o := range boxes[:i] {
			if bx.overlaps(o) {
				t.Errorf("%s: legend entries %q at %v and %q at %v overlap", name, e.text, bx, legend[j].text, o)
			}
		}
		for _, o := range others {
			if bx.overlaps(o.box) {
				t.Errorf("%s: legend entry %q at %v overlaps %q at %v", name, e.text, bx, o.text, o.box)
			}
		}
	}
}

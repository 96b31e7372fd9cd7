// Package svgtext reads a chart's SVG as its tests look at it: its size,
// its texts with the boxes they take at the charts' assumed font metrics,
// and its other elements with the classes they carry down from their
// groups. Only tests of engine/report and engine/reproduce import it.
package svgtext

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Box is a rectangle of a chart, in its viewBox's units.
type Box struct{ X0, Y0, X1, Y1 float64 }

// Overlaps reports whether b and o share some area.
func (b Box) Overlaps(o Box) bool { return b.X0 < o.X1 && o.X0 < b.X1 && b.Y0 < o.Y1 && o.Y0 < b.Y1 }

// Inside reports whether b lies within o.
func (b Box) Inside(o Box) bool { return b.X0 >= o.X0 && b.Y0 >= o.Y0 && b.X1 <= o.X1 && b.Y1 <= o.Y1 }

// String writes b as (x0,y0)-(x1,y1).
func (b Box) String() string { return fmt.Sprintf("(%.1f,%.1f)-(%.1f,%.1f)", b.X0, b.Y0, b.X1, b.Y1) }

// Metrics are the font metrics a chart assumes: CharWidth pixels a
// character at FontSize, BoldCharWidth a character of bold text at
// BoldFontSize; other sizes scale.
type Metrics struct {
	CharWidth, FontSize, BoldCharWidth, BoldFontSize float64
}

// Text is a <text> of a chart: what it reads (the text of a <title> inside
// it is not drawn: Title), where it is anchored, its font size and weight,
// the classes of it and its groups, whether a rotate(-90 x y) transform
// turns it, and the box it takes on screen: its characters at the chart's
// metrics, from 0.8 of its font size above its baseline to 0.25 below,
// turned a quarter anticlockwise about (X, Y) when Rotated.
type Text struct {
	Text, Title    string
	X, Y, Size     float64
	Anchor, Weight string
	Classes        string
	Rotated        bool
	Box            Box
}

// Element is any other element of a chart: its name, its attributes, and
// the classes of it and its groups.
type Element struct {
	Name    string
	Attr    map[string]string
	Classes string
}

// Num is the element's attribute k as a number, 0 when absent or not one.
func (e Element) Num(k string) float64 {
	v, _ := strconv.ParseFloat(e.Attr[k], 64)
	return v
}

// Chart is what Parse reads of a chart.
type Chart struct {
	// Width and Height are the root's width and height attributes, View
	// its viewBox.
	Width, Height float64
	View          Box
	Texts         []Text
	// Elements are the chart's elements other than <text> and what lies
	// inside one, in document order.
	Elements []Element
}

// Parse reads svg at metrics m, carrying font-size (16 at the root unless
// set), font-weight, text-anchor and class down from the groups.
func Parse(svg []byte, m Metrics) (Chart, error) {
	type frame struct {
		anchor, weight, classes string
		size                    float64
	}
	stack := []frame{{"start", "normal", "", 16}}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var c Chart
	var cur *Text
	var text, title strings.Builder
	inTitle := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return c, fmt.Errorf("the chart is not XML: %v", err)
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
				n, err := strconv.ParseFloat(v, 64)
				if err != nil {
					return c, fmt.Errorf("<%s> has font-size %q, not a number", e.Name.Local, v)
				}
				f.size = n
			}
			f.classes += " " + attr["class"]
			stack = append(stack, f)
			el := Element{Name: e.Name.Local, Attr: attr, Classes: f.classes}
			switch {
			case e.Name.Local == "text":
				cur = &Text{X: el.Num("x"), Y: el.Num("y"), Size: f.size, Anchor: f.anchor, Weight: f.weight, Classes: f.classes,
					Rotated: strings.HasPrefix(attr["transform"], "rotate(-90")}
				text.Reset()
				title.Reset()
			case cur != nil:
				inTitle = inTitle || e.Name.Local == "title"
			default:
				if e.Name.Local == "svg" && c.Width == 0 && c.Height == 0 {
					c.Width, c.Height = el.Num("width"), el.Num("height")
					var w, h float64
					if _, err := fmt.Sscanf(attr["viewBox"], "0 0 %g %g", &w, &h); err != nil {
						return c, fmt.Errorf("viewBox %q: want 0 0 width height", attr["viewBox"])
					}
					c.View = Box{0, 0, w, h}
				}
				c.Elements = append(c.Elements, el)
			}
		case xml.CharData:
			switch {
			case cur != nil && inTitle:
				title.Write(e)
			case cur != nil:
				text.Write(e)
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			switch {
			case e.Name.Local == "title" && cur != nil:
				inTitle = false
			case e.Name.Local == "text" && cur != nil:
				cur.Text, cur.Title = text.String(), title.String()
				cur.Box = m.box(*cur)
				c.Texts = append(c.Texts, *cur)
				cur = nil
			}
		}
	}
	return c, nil
}

// box is the box t takes at metrics m.
func (m Metrics) box(t Text) Box {
	cw := m.CharWidth * t.Size / m.FontSize
	if t.Weight == "bold" {
		cw = m.BoldCharWidth * t.Size / m.BoldFontSize
	}
	w := cw * float64(utf8.RuneCountInString(t.Text))
	a, b := t.X, t.X+w // along the text
	switch t.Anchor {
	case "middle":
		a, b = t.X-w/2, t.X+w/2
	case "end":
		a, b = t.X-w, t.X
	}
	if t.Rotated {
		// Turned a quarter anticlockwise about (x, y): the text runs
		// upwards, its top to the left.
		return Box{t.X - 0.8*t.Size, t.Y - (b - t.X), t.X + 0.25*t.Size, t.Y - (a - t.X)}
	}
	return Box{a, t.Y - 0.8*t.Size, b, t.Y + 0.25*t.Size}
}

package svgtext

import (
	"math"
	"testing"
)

// TestParse: a text's box follows its anchor, size, weight and rotation,
// carried down from its groups; a <title> inside a text is not drawn.
func TestParse(t *testing.T) {
	svg := `<svg width="300" height="200" viewBox="0 0 300 200" font-size="12"><g class="a" text-anchor="middle">` +
		`<text class="b" x="100" y="50">abcd<title>full</title></text>` +
		`<text x="14" y="100" transform="rotate(-90 14 100)">ab</text></g>` +
		`<text x="10" y="20" font-size="15" font-weight="bold" text-anchor="end">xy</text><line class="c" x1="1"/></svg>`
	c, err := Parse([]byte(svg), Metrics{7, 12, 9, 15})
	if err != nil {
		t.Fatal(err)
	}
	if c.Width != 300 || c.Height != 200 || c.View != (Box{0, 0, 300, 200}) {
		t.Errorf("size %v by %v, viewBox %v", c.Width, c.Height, c.View)
	}
	// Worked by hand: 4 characters of 7 pixels centred on x = 100; 2
	// centred on y = 100, turned; 2 bold of 9 pixels ending at x = 10.
	want := []Text{
		{Text: "abcd", Title: "full", Box: Box{86, 40.4, 114, 53}},
		{Text: "ab", Rotated: true, Box: Box{4.4, 93, 17, 107}},
		{Text: "xy", Box: Box{-8, 8, 10, 23.75}},
	}
	if len(c.Texts) != len(want) {
		t.Fatalf("texts %+v", c.Texts)
	}
	for i, w := range want {
		g := c.Texts[i]
		if g.Text != w.Text || g.Title != w.Title || g.Rotated != w.Rotated || !near(g.Box, w.Box) {
			t.Errorf("text %d: %+v, want %+v", i, g, w)
		}
	}
	if c.Texts[0].Classes != "  a b" {
		t.Errorf("classes %q", c.Texts[0].Classes)
	}
	if n := len(c.Elements); n != 3 || c.Elements[2].Name != "line" || c.Elements[2].Num("x1") != 1 || c.Elements[2].Classes != "  c" {
		t.Errorf("elements %+v", c.Elements)
	}
	if _, err := Parse([]byte(`<svg><text>`), Metrics{}); err == nil {
		t.Error("a chart cut short parses")
	}
}

// near reports whether a and b agree to within rounding.
func near(a, b Box) bool {
	return math.Abs(a.X0-b.X0) < 1e-9 && math.Abs(a.Y0-b.Y0) < 1e-9 && math.Abs(a.X1-b.X1) < 1e-9 && math.Abs(a.Y1-b.Y1) < 1e-9
}

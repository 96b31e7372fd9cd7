package report

import (
	"io"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// TestDepthMeansOneDecimals: the mean importance columns of the seed
// study's depth table write every value with one number of decimals
// (four significant digits of the smallest), never an exponent: they
// mixed 8.393e-05, 0.00016 and 0.004963.
func TestDepthMeansOneDecimals(t *testing.T) {
	r := sampleResult()
	r.SeedStudy = &scenario.SeedStudyResult{
		Names: []string{"3"},
		Evaluation: seeds.Evaluation{
			Profiles: []seeds.DepthProfile{
				{Name: "random:1", Seeds: 1, Pages: []int64{1, 20, 300}, MeanImportance: []float64{8.393e-05, 0.00016, 0.004963}, Reached: 321, Importance: 1},
				{Name: "top-pagerank:1", Seeds: 1, Pages: []int64{1, 40}, MeanImportance: []float64{0.0125, 0.0011}, Reached: 41, Importance: 1},
			},
		},
	}
	table := string(render(t, func(w io.Writer) error { return SeedStudyText(w, r) }))
	for _, want := range []string{"0.00008393", "0.00016000", "0.00496300", "0.01250000", "0.00110000"} {
		if !strings.Contains(table, want) {
			t.Errorf("the depth table lacks %q:\n%s", want, table)
		}
	}
	if strings.Contains(table, "e-0") {
		t.Errorf("the depth table writes an exponent:\n%s", table)
	}
}

// TestSignificantDecimals: a column's decimals give its smallest
// non-zero value the digits asked, within the bound.
func TestSignificantDecimals(t *testing.T) {
	for _, c := range []struct {
		values             []float64
		digits, most, want int
	}{
		{[]float64{0.00749, 0.00660425}, 6, 12, 8},
		{[]float64{0.0489132, 0.0136775}, 6, 12, 7},
		{[]float64{0, 0}, 4, 8, 4},
		{[]float64{123.4, 5}, 3, 4, 2},
		{[]float64{1e-20}, 4, 8, 8},
	} {
		if got := SignificantDecimals(c.values, c.digits, c.most); got != c.want {
			t.Errorf("SignificantDecimals(%v, %d, %d) = %d, want %d", c.values, c.digits, c.most, got, c.want)
		}
	}
}

// TestDepthSVGDecadesAsTheChartsLogAxis: the decades of the depth
// chart's log scale of pages are labelled as the crawl chart's log axis
// labels them ("1,000", "10k", "100k"), not "10.0k" beside "1,000".
func TestDepthSVGDecadesAsTheChartsLogAxis(t *testing.T) {
	r := sampleResult()
	r.SeedStudy = &scenario.SeedStudyResult{
		Names: []string{"3"},
		Evaluation: seeds.Evaluation{
			Profiles: []seeds.DepthProfile{
				{Name: "random:1", Seeds: 1, Pages: []int64{1, 2000, 150000}, MeanImportance: []float64{0.01, 0.001, 0.0001}, Reached: 152001, Importance: 1},
			},
		},
	}
	svg := string(render(t, func(w io.Writer) error { return DepthSVG(w, r) }))
	for _, want := range []string{">1,000<", ">10k<", ">100k<", ">1M<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the depth chart has no label %s", want)
		}
	}
	if strings.Contains(svg, ".0k<") {
		t.Errorf("the depth chart writes a decade as x.0k")
	}
}

package crawl

import "testing"

// TestKendallTauDefined: tau-b is undefined, and said so, on fewer than
// two values or on values all equal (docs/algorithms.md section 4); the measurer
// then leaves Summary.Tau nil.
func TestKendallTauDefined(t *testing.T) {
	for _, c := range []struct {
		values  []float64
		defined bool
	}{
		{nil, false}, {[]float64{1}, false}, {[]float64{2, 2, 2}, false},
		{[]float64{2, 1}, true}, {[]float64{1, 2, 2}, true},
	} {
		if tau, defined := kendallTauDecreasing(c.values); defined != c.defined || !defined && tau != 0 {
			t.Errorf("%v: tau %v, defined %v; want defined %v", c.values, tau, defined, c.defined)
		}
	}
}

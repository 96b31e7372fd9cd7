package model

import "testing"

// TestStrategySource: the source of a strategy of two papers with a
// section naming one of them (bfs), of one paper (fpr), of one paper
// with a section naming none, and of a number the papers lack.
func TestStrategySource(t *testing.T) {
	papers := []Paper{
		{Number: "000", Short: "Alam et al."},
		{Number: "001", Short: "Cho and Schonfeld 2007"},
		{Number: "004", Short: "Baeza-Yates et al. 2005"},
	}
	for _, c := range []struct {
		paper, section, want string
	}{
		{"004, 001", "004 §4.1", "Baeza-Yates et al. 2005, §4.1; Cho and Schonfeld 2007"},
		{"000", "Algorithm 1", "Alam et al., Algorithm 1"},
		{"001", "001 §4.2, Fig. 5", "Cho and Schonfeld 2007, §4.2, Fig. 5"},
		{"004, 001", "§2", "Baeza-Yates et al. 2005; Cho and Schonfeld 2007; §2"},
		{"009", "§1", "paper 009, §1"},
	} {
		if got := StrategySource(StrategyInfo{Paper: c.paper, Section: c.section}, papers); got != c.want {
			t.Errorf("papers %q, section %q: %q, want %q", c.paper, c.section, got, c.want)
		}
	}
}

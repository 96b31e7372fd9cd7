package model

import "strings"

// StrategySource cites where strategy s comes from: each paper of
// s.Paper by its short citation (Paper.Short of papers, by number), and
// s's section after the paper it names ("004 §4.1"), or when it names
// none after the only paper, else after them all. bfs, of papers "004,
// 001" and section "004 §4.1", is "Baeza-Yates et al. 2005, §4.1; Cho and
// Schonfeld 2007". crawlsim strategies and the page's strategy tooltips
// both write it, so that neither cites a paper by its number, which a
// reader cannot look up; a number papers lacks is written "paper N".
func StrategySource(s StrategyInfo, papers []Paper) string {
	short := make(map[string]string, len(papers))
	for _, p := range papers {
		short[p.Number] = p.Short
	}
	numbers := strings.Split(s.Paper, ", ")
	section := s.Section
	parts := make([]string, len(numbers))
	for k, n := range numbers {
		parts[k] = short[n]
		if parts[k] == "" {
			parts[k] = "paper " + n
		}
		if rest, ok := strings.CutPrefix(s.Section, n+" "); ok {
			parts[k] += ", " + rest
			section = ""
		}
	}
	if section == "" {
		return strings.Join(parts, "; ")
	}
	if len(parts) == 1 {
		return parts[0] + ", " + section
	}
	return strings.Join(parts, "; ") + "; " + section
}

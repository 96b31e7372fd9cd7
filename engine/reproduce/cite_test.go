package reproduce

import (
	"go/scanner"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// repositoryPath matches a reference a reader of the page or of the
// command line cannot follow: docs/algorithms.md, which neither the page
// nor a report ships, or the seeds/ folder and the specification the
// project started from, which are not in the repository.
var repositoryPath = regexp.MustCompile(`seeds/\d|SPEC\b|SPEC\.md|docs/algorithms\.md`)

// checkCitesPapers fails the test for every text that names a repository
// path instead of citing the paper.
func checkCitesPapers(t *testing.T, what string, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if m := repositoryPath.FindString(s); m != "" {
			t.Errorf("%s says %q, a repository path a reader cannot follow: %.160q", what, m, s)
		}
	}
}

// reportTexts returns every text of rep a reader sees: notes, tables,
// findings, chart titles and the charts themselves.
func reportTexts(rep *Report) []string {
	texts := append([]string{rep.Paper.Citation, rep.Paper.Reproduces}, rep.Notes...)
	for _, tb := range rep.Tables {
		texts = append(texts, tb.Title, tb.Source)
		texts = append(texts, tb.Head...)
	}
	for _, f := range rep.Findings {
		texts = append(texts, f.Figure, f.Claim, f.Published, f.Ours, f.Reason)
	}
	for _, c := range rep.Charts {
		texts = append(texts, c.Title, string(c.SVG))
	}
	return texts
}

// TestTextsCiteThePapers: no string of the package's code (run and chart
// titles, notes, verdicts' reasons) names seeds/NNN or docs/algorithms.md, which a
// student reading the page or a report cannot open; they cite the paper
// by its authors and year. Comments may (they are for the code's
// readers). The reports' texts are checked on every paper in
// TestEveryPaperOnASmallWeb.
func TestTextsCiteThePapers(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		var s scanner.Scanner
		s.Init(fset.AddFile(name, -1, len(src)), src, nil, 0)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.STRING {
				checkCitesPapers(t, fset.Position(pos).String(), lit)
			}
		}
	}
}

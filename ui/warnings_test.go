package main

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestWarningWordsAsRegexp: the page matches the engine's warnings with
// words and holes (warningWords) exactly as the regular expressions it
// used before (package regexp, which page.wasm no longer links): the same
// warnings match, with the same groups and the same end, greedy holes
// included.
func TestWarningWordsAsRegexp(t *testing.T) {
	patterns := []struct {
		words []any
		re    *regexp.Regexp
	}{
		{noHostsStrategy, regexp.MustCompile(`^(.+): the graph has no hosts, `)},
		{unreachable, regexp.MustCompile(`^seeds: ([\d,]+) of the ([\d,]+) pages cannot be reached from the seeds; they hold ([0-9.e+-]+) of the importance`)},
		{budgetTooLarge, regexp.MustCompile(`^budget: ([\d,]+) is more than the ([\d,]+) pages reachable from the seeds`)},
		{guaranteesOther, regexp.MustCompile(`^importance: the guaranteed curves of (.+) bound the personalized PageRank of the seeds`)},
		{tooManySeeds, regexp.MustCompile(`^seeds: (.+) asks for more pages than the graph's ([\d,]+); all of them are seeds`)},
	}
	warnings := []string{
		"lsf: the graph has no hosts, so it crawls as bfs",
		"a: b: the graph has no hosts, x: the graph has no hosts, y",
		": the graph has no hosts, nothing before",
		"one\ntwo: the graph has no hosts, after a newline",
		"één: the graph has no hosts, ünïcode",
		"seeds: 12 of the 3400 pages cannot be reached from the seeds; they hold 0.0125 of the importance (...)",
		"seeds: 1,200 of the 3,400 pages cannot be reached from the seeds; they hold 0.0125 of the importance (...)",
		"budget: 5,000 is more than the 1,200 pages reachable from the seeds; each crawl stops there",
		"seeds: 12 of the 3400 pages cannot be reached from the seeds; they hold 1.5e-07 of the importance",
		"seeds: x of the 3400 pages cannot be reached from the seeds; they hold 0.1 of the importance",
		"seeds: 12 of the 3400 pages cannot be reached from the seeds; they hold  of the importance",
		"budget: 500 is more than the 120 pages reachable from the seeds; each crawl stops there",
		"budget: 500 is more than the pages reachable from the seeds",
		"importance: the guaranteed curves of rankmass, l-neighbor bound the personalized PageRank of the seeds, not PageRank",
		"importance: the guaranteed curves of a bound the personalized PageRank of the seeds bound the personalized PageRank of the seeds",
		"importance: the guaranteed curves of  bound the personalized PageRank of the seeds",
		"seeds: top-pagerank:500 asks for more pages than the graph's 300; all of them are seeds",
		"seeds: list:1,2 asks for more pages than the graph's 2 asks for more pages than the graph's 1; all of them are seeds",
		"seeds: list:1 asks for more pages than the graph's x; all of them are seeds",
		"politeness: the graph has no hosts, so every page is one site",
		"",
	}
	for _, p := range patterns {
		for _, w := range warnings {
			wantAt := p.re.FindStringSubmatchIndex(w)
			got, end, ok := warningWords(w, p.words)
			if ok != (wantAt != nil) {
				t.Errorf("%q on %q: matched %v, the expression %v", p.re, w, ok, wantAt != nil)
				continue
			}
			if !ok {
				continue
			}
			want := p.re.FindStringSubmatch(w)[1:]
			if !slices.Equal(got, want) || end != wantAt[1] {
				t.Errorf("%q on %q: holes %q ending at %d; the expression's %q ending at %d", p.re, w, got, end, want, wantAt[1])
			}
		}
	}
}

// TestStudentWarningGroupedCounts: the engine writes the counts of its
// warnings with thousands separators ("350 of the 6,012 pages"), and the
// page still rewrites them for a student (a hole of digits refused the
// comma, and the warning was shown as the engine wrote it).
func TestStudentWarningGroupedCounts(t *testing.T) {
	w := "seeds: 1,350 of the 6,012 pages cannot be reached from the seeds; they hold 0.25 of the importance, which no crawl collects"
	want := "1,350 of the 6,012 pages cannot be reached by following links from the seeds."
	if got := StudentWarning(w, nil); !strings.HasPrefix(got, want) {
		t.Errorf("StudentWarning(%q)\n = %q\nwant it to start %q", w, got, want)
	}
}

// TestNoHostsSentences checks, word for word, what the page says of a
// strategy that needs hosts on a graph without them: in a run's warnings
// (the engine's warning "LABEL: the graph has no hosts, ...") and beside
// the strategy in the form. The sentences come from the strategies'
// registrations.
func TestNoHostsSentences(t *testing.T) {
	const load = " Load a URL list with the graph to give pages their sites."
	r := &model.Result{Strategies: []model.StrategyResult{
		{ID: "larger-sites-first", Label: "larger-sites-first"},
		{ID: "larger-sites-first", Label: "lsf"},
		{ID: "fpr-m", Label: "fpr-m"},
	}}
	for _, tc := range []struct{ warning, want string }{
		{"larger-sites-first: the graph has no hosts, so all pages count as one host and it downloads breadth-first (give a URL list for hosts)",
			"This graph has no hosts, so larger sites first behaves exactly like breadth-first: every page seems to come from one site." + load},
		{"lsf: the graph has no hosts, so all pages count as one host and it downloads breadth-first (give a URL list for hosts)",
			"This graph has no hosts, so larger sites first (lsf) behaves exactly like breadth-first: every page seems to come from one site." + load},
		{"fpr-m: the graph has no hosts, so every link is intra-host and it downloads exactly as fpr (give a URL list for hosts)",
			"This graph has no hosts, so every link looks like a link within one site and Extended Fractional PageRank (FPR@M) behaves exactly like Fractional PageRank." + load},
	} {
		if got := StudentWarning(tc.warning, r); got != tc.want {
			t.Errorf("StudentWarning(%q)\n = %q\nwant %q", tc.warning, got, tc.want)
		}
	}
	a, _ := readyApp(t)
	a.Form.Source, a.Form.File = SourceUpload, "web.edges"
	a.Graph = &protocol.GraphInfo{Name: "web.edges"}
	for id, want := range map[string]string{
		"larger-sites-first": "This graph has no hosts, so larger sites first behaves exactly like breadth-first: every page seems to come from one site." + load,
		"fpr-m":              "This graph has no hosts, so every link looks like a link within one site and Extended Fractional PageRank (FPR@M) behaves exactly like Fractional PageRank." + load,
	} {
		info, ok := lookupStrategy(id)
		if !ok {
			t.Fatalf("%s is not in the catalogue", id)
		}
		if got := a.StrategyReason(info); got != want {
			t.Errorf("reason beside %s\n = %q\nwant %q", id, got, want)
		}
	}
}

// TestNoHostsSentenceFromCatalogue: the page says what a strategy does on
// a graph without hosts as the strategy's registration says it
// (model.StrategyInfo.NoHostsExplained, through ui/catalogue.json), with
// the strategy's name for model.NamePlaceholder; a strategy whose
// registration says nothing gets a sentence made of its warning.
func TestNoHostsSentenceFromCatalogue(t *testing.T) {
	saved := catalogue
	t.Cleanup(func() { catalogue = saved })
	changed := *saved
	changed.Strategies = slices.Clone(saved.Strategies)
	i := slices.IndexFunc(changed.Strategies, func(s model.StrategyInfo) bool { return s.ID == "larger-sites-first" })
	j := slices.IndexFunc(changed.Strategies, func(s model.StrategyInfo) bool { return s.ID == "fpr-m" })
	if i < 0 || j < 0 {
		t.Fatal("larger-sites-first or fpr-m is not in the catalogue")
	}
	changed.Strategies[i].NoHostsExplained = "Without hosts, " + model.NamePlaceholder + " is breadth-first."
	changed.Strategies[j].NoHostsExplained = ""
	catalogue = &changed

	r := &model.Result{Strategies: []model.StrategyResult{{ID: "larger-sites-first", Label: "lsf"}, {ID: "fpr-m", Label: "fpr-m"}}}
	for _, tc := range []struct{ warning, want string }{
		{"lsf: the graph has no hosts, so it is bfs", "Without hosts, larger sites first (lsf) is breadth-first."},
		{"fpr-m: the graph has no hosts, so it is fpr", "This graph has no hosts, so Extended Fractional PageRank (FPR@M) cannot tell sites apart: so it is fpr."},
	} {
		if got := StudentWarning(tc.warning, r); got != tc.want {
			t.Errorf("StudentWarning(%q)\n = %q\nwant %q", tc.warning, got, tc.want)
		}
	}
}

// TestWarningsForStudents: the warnings of a real run on a graph without
// hosts (larger-sites-first, fpr-m, politeness, guarantees under uniform
// PageRank, pages the seeds do not reach) are shown as sentences for a
// student, naming strategies by name; none keeps the engine's "subject:"
// prefix.
func TestWarningsForStudents(t *testing.T) {
	fsys := fstest.MapFS{"g.edges": {Data: []byte("0 1\n1 2\n2 0\n0 3\n3 4\n4 0\n5 6\n6 5\n")}}
	s := scenario.Scenario{
		Graph:      scenario.Source{File: "g.edges"},
		Seeds:      "top-pagerank:1",
		Strategies: []scenario.Strategy{{ID: "larger-sites-first"}, {ID: "fpr-m"}, {ID: "rankmass"}, {ID: "optimal"}},
		Politeness: &scenario.Politeness{Connections: 1},
	}
	r, err := scenario.Run(context.Background(), s, scenario.Env{FS: fsys}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) < 4 {
		t.Fatalf("the run warned only %q", r.Warnings)
	}
	var shown []string
	for _, w := range r.Warnings {
		sw := StudentWarning(w, r)
		shown = append(shown, sw)
		if i := strings.Index(sw, ":"); i >= 0 && i < 15 && !strings.Contains(sw[:i], " ") {
			t.Errorf("%q is shown with the engine's prefix: %q", w, sw)
		}
		if sw == "" || !strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", rune(sw[0])) || !strings.HasSuffix(sw, ".") {
			t.Errorf("%q is not shown as a sentence: %q", w, sw)
		}
	}
	all := strings.Join(shown, "\n")
	for _, want := range []string{
		"This graph has no hosts, so larger sites first behaves exactly like breadth-first",
		"Extended Fractional PageRank (FPR@M) behaves exactly like Fractional PageRank",
		"each download waits for the one before",
		"cannot be reached by following links from the seeds",
		"The guarantees of rankmass promise",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the warnings shown lack %q:\n%s", want, all)
		}
	}
}

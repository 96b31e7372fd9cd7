package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestPendingMatchesTheResult runs the page's first comparison in a real
// session, natively, for several forms: what the page shows before the
// result (the graph's name among the facts, the facts' labels, the legend,
// the line under the chart, the metrics table's head and row labels) is
// what the result shows, so that the page keeps its geometry when it
// arrives.
func TestPendingMatchesTheResult(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(f *Form)
	}{
		{"the default form on fewer pages", func(f *Form) { f.Pages = "3000" }},
		{"hosts, out-degree and seed given, a parameter changed", func(f *Form) {
			f.Pages, f.Hosts, f.Degree, f.GenSeed = "2500", "7", "5.5", "4"
			for i := range f.Strategies {
				if f.Strategies[i].Info.ID == "fpr-m" && f.Strategies[i].On {
					f.Strategies[i].Params["m"] = "3"
				}
			}
		}},
		{"embedded", func(f *Form) { f.Pages = "2000" }},
		// A run on the politeness clock has a simulated-time table.
		{"the politeness clock", func(f *Form) { f.Pages, f.Timed = "2000", true }},
		// The historical strategies crawl the generated graph's evolution:
		// the engine names it after the evolution too.
		{"a strategy that needs a previous snapshot", func(f *Form) {
			f.Pages = "2000"
			for i := range f.Strategies {
				if f.Strategies[i].Info.ID == "hist-pagerank-parent" {
					f.Strategies[i].On = true
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			query := ""
			if tc.name == "embedded" {
				query = "embed=1"
			}
			a, w := NewApp(query, ""), newSessionWorker()
			tc.edit(&a.Form)
			a.q.Worker = w
			view := &ChartView{App: a}
			type shown struct {
				Facts    [][2]string
				Legend   []string
				Compared string
				Head     []string
				Labels   []string
				Warnings []string
				// The simulated-time table's head, row labels and notes.
				TimeHead, TimeLabels []string
				TimeNotes            string
			}
			look := func() shown {
				var s shown
				for _, f := range a.ShownFacts() {
					s.Facts = append(s.Facts, [2]string{f[0], ""})
				}
				s.Facts[0][1] = a.ShownFacts()[0][1] // the graph's name
				for _, e := range a.ShownLegend() {
					s.Legend = append(s.Legend, e.Label+" "+e.Swatch)
				}
				s.Compared, s.Head = view.Compared(), a.ShownHead()
				for _, r := range a.ShownRows() {
					s.Labels = append(s.Labels, r[0])
				}
				s.Warnings = a.ShownWarnings()
				for _, r := range a.ShownTimeRows() {
					s.TimeLabels = append(s.TimeLabels, r[0])
				}
				if len(s.TimeLabels) > 0 { // the table is shown
					s.TimeHead, s.TimeNotes = a.ShownTimeHead(), (&TimeTable{App: a}).Notes()
				}
				return s
			}
			before := look()
			if !a.FactsPending() || !a.LegendPending() {
				t.Fatalf("before the result: facts pending %v, legend pending %v", a.FactsPending(), a.LegendPending())
			}
			a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
			for _, r := range w.take() {
				a.handle(pageEvent(r))
			}
			if a.Result == nil || a.Error != "" {
				t.Fatalf("no result: error %q", a.Error)
			}
			if a.FactsPending() || a.LegendPending() {
				t.Fatalf("after the result: facts pending %v, legend pending %v", a.FactsPending(), a.LegendPending())
			}
			after := look()
			if before.Facts[0][1] != after.Facts[0][1] || !slices.Equal(before.Facts, after.Facts) {
				t.Errorf("facts before the result %q, after %q", before.Facts, after.Facts)
			}
			if !slices.Equal(before.Legend, after.Legend) {
				t.Errorf("legend before the result\n%q\nafter\n%q", before.Legend, after.Legend)
			}
			if before.Compared != after.Compared || after.Compared == "" {
				t.Errorf("under the chart before the result %q, after %q", before.Compared, after.Compared)
			}
			if !slices.Equal(before.Head, after.Head) || !slices.Equal(before.Labels, after.Labels) {
				t.Errorf("metrics table before the result %q %q, after %q %q", before.Head, before.Labels, after.Head, after.Labels)
			}
			if tc.name == "a strategy that needs a previous snapshot" {
				// The evolution leaves the pages it removes without links:
				// the result says how many the seeds cannot reach, which
				// the page cannot tell before (see ShownWarnings).
				after.Warnings = slices.DeleteFunc(after.Warnings, func(w string) bool {
					return strings.Contains(w, "cannot be reached by following links from the seeds")
				})
			}
			if !slices.Equal(before.Warnings, after.Warnings) {
				t.Errorf("warnings before the result %q, after %q", before.Warnings, after.Warnings)
			}
			if !slices.Equal(before.TimeHead, after.TimeHead) || !slices.Equal(before.TimeLabels, after.TimeLabels) || before.TimeNotes != after.TimeNotes {
				t.Errorf("simulated-time table before the result %q %q %q, after %q %q %q", before.TimeHead, before.TimeLabels, before.TimeNotes, after.TimeHead, after.TimeLabels, after.TimeNotes)
			}
			if timed := tc.name == "the politeness clock"; timed != (len(after.TimeLabels) > 0) {
				t.Errorf("a time table of %d rows after a run with the clock %v", len(after.TimeLabels), timed)
			}
			for _, r := range a.ShownRows() {
				if slices.Contains(r, Pending) {
					t.Errorf("after the result a row still says %q: %q", Pending, r)
				}
			}
		})
	}
}

// TestPendingGraphNameIsTheEngines checks the generator's defaults the
// page fills in pendingGraphName against the engine's normalisation.
func TestPendingGraphNameIsTheEngines(t *testing.T) {
	for _, pages := range []int{1, 2, 3, 5, 17, 199, 200, 401, 20000, 1000000} {
		for _, g := range []model.Generate{{Pages: pages, Seed: 1}, {Pages: pages, Hosts: 3, Seed: 2}, {Pages: pages, MeanOutDegree: 0.5}} {
			s := scenario.Scenario{Graph: scenario.Source{Generate: &g}, Strategies: []scenario.Strategy{{ID: "bfs"}}}
			n, err := scenario.Normalize(s)
			if err != nil {
				continue // the engine refuses it: so does the run
			}
			e := n.Graph.Generate
			want := model.Generate{Pages: e.Pages, Hosts: e.Hosts, MeanOutDegree: e.MeanOutDegree, Seed: e.Seed}
			if got, want := pendingGraphName(model.Scenario{Graph: model.Source{Generate: &g}}), pendingGraphName(model.Scenario{Graph: model.Source{Generate: &want}}); got != want {
				t.Errorf("%+v: the page says %q, the engine's defaults give %q", g, got, want)
			}
		}
	}
}

// TestPendingEvolutionIsTheEngines checks the evolution's defaults the
// page fills in pendingEvolution against the engine's normalisation, for
// an evolution with every fraction absent and one with some given.
func TestPendingEvolutionIsTheEngines(t *testing.T) {
	half := 0.5
	for _, e := range []model.Evolve{{}, {Seed: 3}, {NewPages: &half, RemovedLinks: &half, Seed: 7}} {
		s := scenario.Scenario{Graph: scenario.Source{Generate: &model.Generate{Pages: 100, Seed: 1}},
			Previous: &model.PreviousSource{Evolve: &e}, Strategies: []scenario.Strategy{{ID: "hist-pagerank-parent"}}}
		n, err := scenario.Normalize(s)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := pendingEvolution(s)
		if !ok {
			t.Fatalf("%+v: the page sees no evolution", e)
		}
		want, _ := pendingEvolution(n)
		if got != want {
			t.Errorf("%+v: the page fills %+v, the engine %+v", e, got, want)
		}
	}
}

// TestTimeTableStandsInWhileATimedRunReplacesAnUntimedOne: after a result
// without the politeness clock, a run with it shows the simulated-time
// table's stand-ins (the rows its result will have, every figure
// Pending, not marked as the previous run's) from the moment it starts,
// so that the table does not appear, pushing what is under it, only when
// the result arrives. A run without the clock after it shows none.
func TestTimeTableStandsInWhileATimedRunReplacesAnUntimedOne(t *testing.T) {
	a, finish := sessionApp(t)
	if rows := a.ShownTimeRows(); len(rows) != 0 {
		t.Fatalf("a run without the clock shows %d time rows", len(rows))
	}

	a.SetTimed(true)
	a.Run()
	if !a.Running() || !a.Stale() {
		t.Fatalf("running %v, stale %v", a.Running(), a.Stale())
	}
	table := &TimeTable{App: a}
	var standIns []string
	for _, r := range a.ShownTimeRows() {
		standIns = append(standIns, r[0])
		if !slices.Equal(r[1:], slices.Repeat([]string{Pending}, len(r)-1)) {
			t.Errorf("stand-in row %q: want every figure %q", r, Pending)
		}
	}
	if len(standIns) == 0 {
		t.Fatal("no time table while a run with the clock replaces one without")
	}
	if table.ShowsStale() || !strings.Contains(table.TableClass(), "pending") {
		t.Errorf("stand-ins marked as the previous run's (%v) or not pending (class %q)", table.ShowsStale(), table.TableClass())
	}
	notes := table.Notes()
	finish()
	var labels []string
	for _, r := range a.ShownTimeRows() {
		labels = append(labels, r[0])
	}
	if !slices.Equal(standIns, labels) {
		t.Errorf("time rows while running %q, in the result %q", standIns, labels)
	}
	if got := table.Notes(); got != notes {
		t.Errorf("notes while running %q, in the result %q", notes, got)
	}

	a.SetTimed(false)
	a.Run()
	if rows := a.ShownTimeRows(); !a.Running() || len(rows) != len(labels) || rows[0][1] == Pending {
		t.Errorf("while a run without the clock goes, the previous result's time table should stay (running %v): %q", a.Running(), rows)
	}
	finish()
	if rows := a.ShownTimeRows(); len(rows) != 0 {
		t.Errorf("after a run without the clock: %d time rows", len(rows))
	}
}

// TestComparedTextAgreesWithItsCounts: the line under the chart takes the
// singular for one ordering and one page; it said "Downloaded by 1 crawl
// orderings on 1 pages".
func TestComparedTextAgreesWithItsCounts(t *testing.T) {
	for _, tc := range []struct {
		n     int
		pages int64
		want  string
	}{
		{1, 1, "Downloaded by 1 crawl ordering on 1 page."},
		{2, 1000, "Downloaded by 2 crawl orderings on 1,000 pages."},
	} {
		if got := comparedText(tc.n, tc.pages, "g", true); got != tc.want {
			t.Errorf("comparedText(%d, %d) = %q, want %q", tc.n, tc.pages, got, tc.want)
		}
	}
}

// TestGeneratedGraphShownWithSeparators: before its result, a generated
// graph of 30000 pages is named with its counts separated, its seed as
// typed.
func TestGeneratedGraphShownWithSeparators(t *testing.T) {
	a := NewApp("", "")
	a.Form.Pages, a.Form.GenSeed = "30000", "20240101"
	want := "generated: 30,000 pages, 150 hosts, mean out-degree 8, seed 20240101"
	if got := factValue(a.ShownFacts(), "graph"); got != want {
		t.Errorf("the facts before the result name the graph %q, want %q", got, want)
	}
	if got := a.pendingCompared(); !strings.HasSuffix(got, " on 30,000 pages ("+want+").") {
		t.Errorf("the chart will compare %q", got)
	}
}

// TestFactsOfALinksFileNotChosen: a link's scenario on an uploaded file
// the page does not hold says in the facts that the file is not chosen
// yet, and the table is not marked busy: it showed every figure as "…",
// marked busy, as if they were on their way, while nothing was loading.
func TestFactsOfALinksFileNotChosen(t *testing.T) {
	a := NewApp("", uploadLink(t, "mine.edges", ""))
	want := [][2]string{{"graph", "mine.edges, not chosen yet"}}
	if got := a.ShownFacts(); !slices.Equal(got, want) {
		t.Errorf("the facts are %q, want %q", got, want)
	}
	if a.FactsPending() {
		t.Error("the facts are marked pending")
	}
	n, _ := builtNodeOrNil(t, &SourcePanel{App: a}, "graph-facts")
	if n == nil || attr(n, "aria-busy") != "false" {
		t.Errorf("the facts table: %+v, want aria-busy false", n)
	}
	a.Form.Source = SourceGenerate // the user turns to a generated web
	if !a.FactsPending() || factValue(a.ShownFacts(), "pages") != Pending {
		t.Errorf("a generated web chosen instead: facts %q, pending %v", a.ShownFacts(), a.FactsPending())
	}
}

// TestARIAStatesAreTrueOrFalse: every aria-busy, aria-pressed and
// aria-disabled the panels write reads true or false. Vugu writes a bound
// bool as an HTML boolean attribute, aria-busy="aria-busy", which
// assistive technology does not take as true.
func TestARIAStatesAreTrueOrFalse(t *testing.T) {
	a, _ := readyApp(t)
	fresh := NewApp("", "")
	seen := 0
	for _, app := range []*App{fresh, a} {
		for _, panel := range []vugu.Builder{&SourcePanel{App: app}, &MetricsTable{App: app}, &TimeTable{App: app}, &RunPanel{App: app}} {
			env, err := vugu.NewBuildEnv()
			if err != nil {
				t.Fatal(err)
			}
			var walk func(n *vugu.VGNode)
			walk = func(n *vugu.VGNode) {
				for _, at := range n.Attr {
					if at.Key == "aria-busy" || at.Key == "aria-pressed" || at.Key == "aria-disabled" {
						seen++
						if at.Val != "true" && at.Val != "false" {
							t.Errorf("%T: <%s %s=%q>", panel, n.Data, at.Key, at.Val)
						}
					}
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					walk(c)
				}
			}
			for _, n := range env.RunBuild(panel).Out.Out {
				walk(n)
			}
		}
	}
	if seen < 6 {
		t.Errorf("%d ARIA states seen; the tables and the run panel have more", seen)
	}
}

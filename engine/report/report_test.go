package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// oddLabel is a label as a user might type it, with every character XML
// and CSV must escape.
const oddLabel = `fpr-m m=100 <&">`

// sampleResult is a hand-made result of ten reachable pages (two more are
// unreachable). The curves are made up; the summary figures were computed
// by hand from them: a threshold is the first k whose value reaches the
// level, the average cumulative importance the mean of the ten values (for
// fpr-m, whose curve is sampled at even k, of the step function), and they
// are only copied by the report, never recomputed. Every crawl collects 1
// in all, so the normalised averages equal the absolute ones.
func sampleResult() *scenario.Result {
	curve := func(values ...float64) crawl.Curve {
		c := crawl.Curve{}
		for i, v := range values {
			c.K = append(c.K, int64(i+1))
			c.Value = append(c.Value, v)
		}
		return c
	}
	levels := func(actual, guaranteed [4]int64) []crawl.Threshold {
		out := make([]crawl.Threshold, 4)
		for i, l := range crawl.Thresholds {
			out[i] = crawl.Threshold{Level: l, Actual: actual[i], Guaranteed: guaranteed[i]}
		}
		return out
	}
	noGuarantee := [4]int64{-1, -1, -1, -1}
	rankmassGuarantee := curve(0.15, 0.25, 0.35, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75)
	return &scenario.Result{
		Version: scenario.Version,
		Scenario: scenario.Scenario{
			Version:    scenario.Version,
			Graph:      scenario.Source{File: "tiny.edges"},
			Importance: "pagerank",
			Damping:    0.85,
			Tolerance:  1e-10,
			Seeds:      "top-pagerank:2",
			Strategies: []scenario.Strategy{
				{ID: "optimal"}, {ID: "bfs"}, {ID: "rankmass"},
				{ID: "batch-pagerank", Params: crawl.Values{"k": 5}},
				{ID: "fpr-m", Params: crawl.Values{"m": 100}, Label: oddLabel},
			},
			RandomSeed: 1,
			Metrics:    scenario.Metrics{CurvePoints: 1000, TauSample: 5000, LowerBound: 2},
		},
		Graph:      scenario.GraphSummary{Pages: 12, Links: 30, Hosts: 3, InterHost: 7, Dangling: 2, SourceName: "tiny.edges"},
		Importance: scenario.ImportanceSummary{Kind: "pagerank", Iterations: 42, Residual: 9e-11},
		Seeds:      []uint32{0, 3},
		Reachable:  10,
		Strategies: []scenario.StrategyResult{
			{
				ID: "optimal", Label: "optimal", Reference: true,
				Curve: curve(0.3, 0.5, 0.6, 0.7, 0.78, 0.85, 0.9, 0.94, 0.97, 1.0),
				Summary: crawl.Summary{Downloads: 10, Final: 1, AvgCumulative: 0.754, NormalisedAvgCumulative: 0.754, Tau: tauOf(1), TauSample: 10,
					DownloadsTo: levels([4]int64{2, 6, 7, 10}, noGuarantee)},
				Cost: crawl.Cost{SchedulingSeconds: 0.000012},
			},
			{
				ID: "bfs", Label: "bfs",
				Curve: curve(0.1, 0.2, 0.5, 0.55, 0.6, 0.7, 0.78, 0.88, 0.97, 1.0),
				Summary: crawl.Summary{Downloads: 10, Final: 1, AvgCumulative: 0.628, NormalisedAvgCumulative: 0.628, Tau: tauOf(0.2), TauSample: 10,
					DownloadsTo: levels([4]int64{3, 8, 9, 10}, noGuarantee)},
				Cost: crawl.Cost{SchedulingSeconds: 0.000512, PriorityUpdates: 10},
			},
			{
				ID: "rankmass", Label: "rankmass",
				Curve:     curve(0.3, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 0.94, 0.97, 1.0),
				Guarantee: &rankmassGuarantee,
				Summary: crawl.Summary{Downloads: 10, Final: 1, FinalGuarantee: 0.75, AvgCumulative: 0.746, NormalisedAvgCumulative: 0.746, Tau: tauOf(0.9555555555555556), TauSample: 10,
					DownloadsTo: levels([4]int64{2, 6, 7, 10}, [4]int64{5, -1, -1, -1})},
				Cost: crawl.Cost{SchedulingSeconds: 0.0123, PriorityUpdates: 40, VirtualReexpansions: 12345},
			},
			{
				ID: "batch-pagerank", Label: "batch-pagerank k=5", Params: crawl.Values{"k": 5},
				Curve: curve(0.2, 0.5, 0.6, 0.65, 0.75, 0.8, 0.85, 0.9, 0.97, 1.0),
				Summary: crawl.Summary{Downloads: 10, Final: 1, AvgCumulative: 0.722, NormalisedAvgCumulative: 0.722, Tau: tauOf(0.6), TauSample: 10,
					DownloadsTo: levels([4]int64{2, 6, 8, 10}, noGuarantee)},
				Cost: crawl.Cost{SchedulingSeconds: 1.5, PriorityUpdates: 25, Recomputations: 3, PageRankIterations: 150},
			},
			{
				ID: "fpr-m", Label: oddLabel, Params: crawl.Values{"m": 100},
				Curve:      crawl.Curve{K: []int64{2, 4, 6, 8, 10}, Value: []float64{0.5, 0.7, 0.8, 0.9, 1.0}},
				LowerBound: &crawl.Curve{K: []int64{5, 10}, Value: []float64{0.3, 0.6}},
				Summary: crawl.Summary{Downloads: 10, Final: 1, AvgCumulative: 0.73, NormalisedAvgCumulative: 0.73, Tau: tauOf(0.75), TauSample: 10,
					DownloadsTo: levels([4]int64{2, 6, 8, 10}, noGuarantee)},
				Cost: crawl.Cost{SchedulingSeconds: 0.25, PriorityUpdates: 1234567},
			},
		},
		Warnings: []string{"larger-sites-first needs hosts; the graph has none"},
	}
}

// timedResult is sampleResult run on the politeness clock, with a previous
// snapshot: every crawl but the optimal reference takes 100 simulated
// seconds per download.
func timedResult() *scenario.Result {
	r := sampleResult()
	r.Previous = &scenario.PreviousSummary{SourceName: "tiny-2000.edges", Pages: 11, Links: 25, MatchedBy: "url", Matched: 9, Iterations: 40}
	wait := 15.0
	r.Scenario.Politeness = &scenario.Politeness{Connections: 2, Wait: &wait} // latency and page size absent: the defaults
	for i := range r.Strategies {
		s := &r.Strategies[i]
		if s.Reference {
			continue
		}
		for _, k := range s.Curve.K {
			s.Curve.T = append(s.Curve.T, 100*float64(k))
		}
		s.Time = &scenario.TimeSummary{Duration: 1000, Utilisation: 0.5}
	}
	return r
}

// golden compares got with testdata/NAME, or rewrites it under -update.
// The golden files were written by this package and checked by reading
// them against sampleResult's figures; the SVGs were rendered with
// rsvg-convert and looked at.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func render(t *testing.T, f func(io.Writer) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := f(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		f    func(io.Writer) error
	}{
		{"table.golden", func(w io.Writer) error { return Table(w, sampleResult()) }},
		{"table-timed.golden", func(w io.Writer) error { return Table(w, timedResult()) }},
		{"curves.csv.golden", func(w io.Writer) error { return CSV(w, sampleResult()) }},
		{"curves-timed.csv.golden", func(w io.Writer) error { return CSV(w, timedResult()) }},
		{"result.json.golden", func(w io.Writer) error { return JSON(w, sampleResult()) }},
		{"chart.svg.golden", func(w io.Writer) error { return SVG(w, sampleResult(), ChartOptions{}) }},
		{"chart-guarantees.svg.golden", func(w io.Writer) error {
			return SVG(w, sampleResult(), ChartOptions{Title: "Tiny <graph> & co", Guarantees: true, Width: 640, Height: 400})
		}},
		{"chart-count.svg.golden", func(w io.Writer) error { return SVG(w, sampleResult(), ChartOptions{X: XCount}) }},
		{"chart-time.svg.golden", func(w io.Writer) error { return SVG(w, timedResult(), ChartOptions{X: XTime}) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := render(t, c.f)
			// The same result gives the same bytes.
			if again := render(t, c.f); !bytes.Equal(got, again) {
				t.Fatal("two renderings of the same result differ")
			}
			golden(t, c.name, got)
		})
	}
}

// TestTableFigures checks the figures of the table against sampleResult
// independently of the golden file.
func TestTableFigures(t *testing.T) {
	out := string(render(t, func(w io.Writer) error { return Table(w, sampleResult()) }))
	lines := strings.Split(out, "\n")
	row := func(label string) []string {
		for _, l := range lines {
			if strings.HasPrefix(l, label+" ") {
				return strings.Fields(strings.TrimPrefix(l, label))
			}
		}
		t.Fatalf("no row for %q in\n%s", label, out)
		return nil
	}
	// downloads, avg cum., norm., tau, to 50/80/90/98%, cost...,
	// scheduling. The importance is uniform PageRank, which rankmass's
	// guarantee does not bound: its half is n/a, with a note.
	rm := row("rankmass")
	want := []string{"10", "0.7460", "0.7460", "0.956", "2/n/a", "6/n/a", "7/n/a", "10/n/a", "40", "upd,", "12.3k", "virt", "12.3ms"}
	if strings.Join(rm, " ") != strings.Join(want, " ") {
		t.Errorf("rankmass row %q, want %q", rm, want)
	}
	if !strings.Contains(out, "\nn/a: the guarantees bound personalized PageRank") {
		t.Errorf("no note explains n/a:\n%s", out)
	}
	if bfs := row("bfs"); bfs[4] != "3" {
		t.Errorf("bfs, which has no guarantee, shows %q at 50%%; want 3, with no guaranteed half", bfs[4])
	}
	batch := row("batch-pagerank k=5")
	if got := strings.Join(batch[8:], " "); got != "25 upd, 3 recomp (150 it) 1.50s" {
		t.Errorf("batch-pagerank cost and time %q", got)
	}
	if fields := row(oddLabel); fields[len(fields)-3] != "1.23M" {
		t.Errorf("fpr-m row %q: want 1.23M priority updates", fields)
	}
	for _, want := range []string{
		"graph       tiny.edges\n            12 pages, 30 links, 3 hosts (7 inter-host links), 2 dangling pages\n",
		"importance  pagerank, d=0.85 (42 iterations)\nseeds       top-pagerank:2: 2 pages, reaching 10\n",
		"warning: larger-sites-first needs hosts",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	timed := string(render(t, func(w io.Writer) error { return Table(w, timedResult()) }))
	// bfs reaches 50, 80, 90 and 98% after 3, 8, 9 and 10 downloads of
	// 100 s each: 5, 13.3, 15 and 16.7 minutes.
	if !strings.Contains(timed, "politeness  2 connections, wait 15 s, download 0.5 s + 15,000 B at 100,000 B/s") ||
		!strings.Contains(timed, "\nbfs                 5.0 min  13.3 min  15.0 min  16.7 min  16.7 min  50.0%\n") ||
		!strings.Contains(timed, "optimal: not timed") ||
		!strings.Contains(timed, "previous    tiny-2000.edges\n            11 pages, 25 links; 9 current pages matched by url\n") {
		t.Errorf("timed table lacks the politeness facts, bfs's times to each level and its 1000 s duration as 16.7 min at 50%%, or the previous snapshot:\n%s", timed)
	}
}

// TestTablePersonalized: with personalized importance the guarantees bound
// what the curves sum, so the table shows them.
func TestTablePersonalized(t *testing.T) {
	r := sampleResult()
	r.Importance.Kind = scenario.ImportancePersonalized
	out := string(render(t, func(w io.Writer) error { return Table(w, r) }))
	if !strings.Contains(out, "   2/5     6/—     7/—    10/—  40 upd") || strings.Contains(out, "n/a") {
		t.Errorf("personalized importance: rankmass's guarantee is not shown as 2/5, or n/a remains:\n%s", out)
	}
}

// TestTableWords: counts of one take the singular, and a scheduling time
// below half a microsecond is not written 0µs.
func TestTableWords(t *testing.T) {
	r := sampleResult()
	r.Graph = scenario.GraphSummary{Pages: 1, Links: 1, Hosts: 1, InterHost: 1, Dangling: 1, SourceName: "one"}
	r.Importance.Iterations = 1
	r.Seeds = r.Seeds[:1]
	r.Scenario.Budget = 1
	r.Previous = &scenario.PreviousSummary{SourceName: "p", Pages: 1, Links: 1, Matched: 1, MatchedBy: "id"}
	r.Strategies[0].Cost.SchedulingSeconds = 2e-7
	out := string(render(t, func(w io.Writer) error { return Table(w, r) }))
	for _, want := range []string{
		"1 page, 1 link, 1 host (1 inter-host link), 1 dangling page\n",
		"1 page, 1 link; 1 current page matched by id\n",
		"(1 iteration)\n", "top-pagerank:2: 1 page, reaching", "1 page per crawl\n", "  <1µs\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

// TestTableTimeBetweenCurvePoints: when the download that reaches a level
// is not a point of the sampled curve, the time is read at the next point
// and marked ≤.
func TestTableTimeBetweenCurvePoints(t *testing.T) {
	r := timedResult()
	// fpr-m's curve has points at even k only; 50% is now reached at k = 5,
	// read at k = 6: 600 s, 10 minutes.
	r.Strategies[4].Summary.DownloadsTo[0].Actual = 5
	out := string(render(t, func(w io.Writer) error { return Table(w, r) }))
	if !strings.Contains(out, oddLabel+"    ≤10.0 min  10.0 min") || !strings.Contains(out, "≤: read at the next curve point") {
		t.Errorf("the time to 50%% between curve points is not ≤10.0 min with a note:\n%s", out)
	}
}

func TestCSVReadsBack(t *testing.T) {
	for _, r := range []*scenario.Result{sampleResult(), timedResult()} {
		out := render(t, func(w io.Writer) error { return CSV(w, r) })
		rows, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatalf("CSV does not parse: %v\n%s", err, out)
		}
		timed := r.Scenario.Politeness != nil
		head := "strategy,kind,k,fraction,value,normalised"
		if timed {
			head += ",time"
		}
		if strings.Join(rows[0], ",") != head {
			t.Fatalf("header %v, want %s", rows[0], head)
		}
		// One row per point of every curve, values exact.
		k := 1
		for _, s := range r.Strategies {
			for _, c := range []struct {
				kind  string
				curve *crawl.Curve
			}{{"actual", &s.Curve}, {"guaranteed", s.Guarantee}, {"lower_bound", s.LowerBound}} {
				if c.curve == nil {
					continue
				}
				for i := range c.curve.K {
					row := rows[k]
					k++
					if row[0] != s.Label || row[1] != c.kind || row[2] != strconv.FormatInt(c.curve.K[i], 10) {
						t.Fatalf("row %d = %v, want %s %s k=%d", k-1, row, s.Label, c.kind, c.curve.K[i])
					}
					v, _ := strconv.ParseFloat(row[4], 64)
					f, _ := strconv.ParseFloat(row[3], 64)
					if v != c.curve.Value[i] || f != float64(c.curve.K[i])/10 {
						t.Fatalf("row %v: value or fraction does not read back", row)
					}
					// normalised: C(k)/C(N) on the actual curve only.
					if norm, err := strconv.ParseFloat(row[5], 64); c.kind == "actual" && (err != nil || norm != c.curve.Value[i]/s.Summary.Final) ||
						c.kind != "actual" && row[5] != "" {
						t.Fatalf("row %v: normalised value %q, want C(k)/C(N) on actual curves only", row, row[5])
					}
					if timed && len(c.curve.T) > 0 {
						if tm, _ := strconv.ParseFloat(row[6], 64); tm != c.curve.T[i] {
							t.Fatalf("row %v: time does not read back", row)
						}
					}
				}
			}
		}
		if k != len(rows) {
			t.Errorf("%d rows, want %d", len(rows), k)
		}
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r := sampleResult()
	out := render(t, func(w io.Writer) error { return JSON(w, r) })
	var back scenario.Result
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	again := render(t, func(w io.Writer) error { return JSON(w, &back) })
	if !bytes.Equal(out, again) {
		t.Errorf("JSON does not survive a round trip:\n%s\nvs\n%s", out, again)
	}
	if back.Strategies[4].Label != oddLabel {
		t.Errorf("label %q after the round trip", back.Strategies[4].Label)
	}
	bad := sampleResult()
	bad.Strategies[1].Summary.Tau = tauOf(nan())
	if err := JSON(io.Discard, bad); err == nil || !strings.Contains(err.Error(), "cannot be written as JSON") {
		t.Errorf("JSON of a NaN: err = %v", err)
	}
}

func nan() float64 { v, _ := strconv.ParseFloat("NaN", 64); return v }

// tauOf is a summary's tau of v.
func tauOf(v float64) *float64 { return &v }

// svgTexts decodes an SVG with encoding/xml, failing on invalid XML, and
// returns the character data of its elements by name.
func svgTexts(t *testing.T, svg []byte) map[string][]string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	d.Strict = true
	texts := map[string][]string{}
	var stack []string
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid XML: %v\n%s", err, svg)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
				if tok.Name.Space != "http://www.w3.org/2000/svg" {
					t.Errorf("root namespace %q", tok.Name.Space)
				}
			}
			for _, a := range tok.Attr {
				if a.Name.Local == "href" || strings.Contains(a.Value, "url(") {
					t.Errorf("external reference %s=%q", a.Name.Local, a.Value)
				}
			}
			stack = append(stack, tok.Name.Local)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 && strings.TrimSpace(string(tok)) != "" {
				name := stack[len(stack)-1]
				texts[name] = append(texts[name], string(tok))
			}
		}
	}
	if root != "svg" {
		t.Errorf("root element %q, want svg", root)
	}
	return texts
}

func TestSVGIsValidXMLAndEscapesLabels(t *testing.T) {
	for _, opt := range []ChartOptions{{}, {X: XCount, Guarantees: true}, {Title: `a "title" <b> & 'c'`, Width: 500, Height: 300}} {
		svg := render(t, func(w io.Writer) error { return SVG(w, sampleResult(), opt) })
		texts := svgTexts(t, svg)
		found := false
		for _, s := range texts["text"] {
			if s == oddLabel {
				found = true
			}
		}
		if !found {
			t.Errorf("options %+v: the legend does not read back %q: %q", opt, oddLabel, texts["text"])
		}
		if opt.Title != "" && texts["title"][0] != opt.Title {
			t.Errorf("title reads back as %q", texts["title"][0])
		}
		if bytes.Contains(svg, []byte(oddLabel)) {
			t.Error("the raw label appears unescaped")
		}
		if !bytes.Contains(svg, []byte(`viewBox="0 0 `)) {
			t.Error("no viewBox")
		}
	}
	// CSV quotes the label; JSON escapes it.
	if out := render(t, func(w io.Writer) error { return CSV(w, sampleResult()) }); !bytes.Contains(out, []byte(`"fpr-m m=100 <&"">",actual,2,`)) {
		t.Error("CSV does not quote the label")
	}
}

// TestSVGLines checks what the chart draws: one polyline per strategy, the
// reference first and dashed, the palette's colours in order, guarantee
// lines only when asked, the time axis only for timed results.
func TestSVGLines(t *testing.T) {
	type polyline struct {
		Stroke string `xml:"stroke,attr"`
		Dash   string `xml:"stroke-dasharray,attr"`
		Points string `xml:"points,attr"`
		Title  string `xml:"title"`
	}
	type chart struct {
		Groups []struct {
			Lines []polyline `xml:"polyline"`
		} `xml:"g"`
	}
	lines := func(r *scenario.Result, opt ChartOptions) []polyline {
		var c chart
		if err := xml.Unmarshal(render(t, func(w io.Writer) error { return SVG(w, r, opt) }), &c); err != nil {
			t.Fatal(err)
		}
		var out []polyline
		for _, g := range c.Groups {
			out = append(out, g.Lines...)
		}
		return out
	}
	got := lines(sampleResult(), ChartOptions{})
	if len(got) != 5 {
		t.Fatalf("%d polylines, want 5", len(got))
	}
	if got[0].Title != "optimal" || got[0].Dash != referenceDash || got[0].Stroke != referenceColour {
		t.Errorf("first line %+v, want the dashed optimal", got[0])
	}
	for i, l := range got[1:] {
		if l.Stroke != palette[i] || l.Dash != strategyDashes[i] {
			t.Errorf("line %d (%s) stroke %s dash %q, want %s dashed %q", i+1, l.Title, l.Stroke, l.Dash, palette[i], strategyDashes[i])
		}
	}
	// Every line starts at the origin of the plot and ends at fraction 1,
	// importance 1: the top-right corner (the axes end at 1).
	first, last := strings.Fields(got[1].Points)[0], strings.Fields(got[1].Points)
	for _, l := range got {
		pts := strings.Fields(l.Points)
		if pts[0] != first || pts[len(pts)-1] != last[len(last)-1] {
			t.Errorf("%s runs from %s to %s; want from %s to %s", l.Title, pts[0], pts[len(pts)-1], first, last[len(last)-1])
		}
	}
	with := lines(sampleResult(), ChartOptions{Guarantees: true})
	if len(with) != 7 || with[3].Title != "rankmass (guaranteed)" || with[3].Dash != guaranteedDash || with[3].Stroke != with[2].Stroke ||
		with[6].Title != oddLabel+" (lower bound)" || with[6].Dash != lowerBoundDash {
		t.Errorf("with guarantees: %+v", with)
	}
	timed := lines(timedResult(), ChartOptions{X: XTime})
	if len(timed) != 4 {
		t.Errorf("time axis: %d lines, want the 4 timed crawls (optimal has no times)", len(timed))
	}
	// The legend still names optimal, and says why it has no line.
	texts := svgTexts(t, render(t, func(w io.Writer) error { return SVG(w, timedResult(), ChartOptions{X: XTime}) }))
	if !slices.Contains(texts["text"], "optimal (not timed)") {
		t.Errorf("time axis: the legend lacks optimal (not timed): %q", texts["text"])
	}
}

// manyResult is sampleResult with n strategies whose labels are label
// and a number.
func manyResult(n int, label string) *scenario.Result {
	r := sampleResult()
	base := r.Strategies[1]
	r.Strategies = r.Strategies[:1]
	for i := range n {
		s := base
		s.Label = label + " " + strconv.Itoa(i)
		// Strategies of their own (copies of one share a hue).
		s.ID = "strategy-" + strconv.Itoa(i)
		// Curves differ a little, so that none is drawn as another's twin.
		s.Curve.Value = slices.Clone(s.Curve.Value)
		for j := range s.Curve.Value {
			s.Curve.Value[j] *= 1 - float64(i)/1000
		}
		r.Strategies = append(r.Strategies, s)
	}
	return r
}

// legendEntry is one legend text of a chart, where it is drawn.
type legendEntry struct {
	X     float64 `xml:"x,attr"`
	Y     float64 `xml:"y,attr"`
	Text  string  `xml:",chardata"`
	Title string  `xml:"title"`
}

// chartLegend decodes the chart's size, its legend and its lines.
func chartLegend(t *testing.T, svg []byte) (width, height float64, legend []legendEntry, lines []polylineAttrs) {
	t.Helper()
	var c struct {
		Width  float64 `xml:"width,attr"`
		Height float64 `xml:"height,attr"`
		Groups []struct {
			Texts    []legendEntry   `xml:"text"`
			Lines    []polylineAttrs `xml:"polyline"`
			Swatches []struct{}      `xml:"line"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(svg, &c); err != nil {
		t.Fatal(err)
	}
	for _, g := range c.Groups {
		lines = append(lines, g.Lines...)
		if len(g.Swatches) > 0 && len(g.Texts) > 0 && g.Texts[0].Y < g.Texts[len(g.Texts)-1].Y+1 && len(g.Lines) == 0 {
			legend = g.Texts
		}
	}
	return c.Width, c.Height, legend, lines
}

type polylineAttrs struct {
	Stroke string `xml:"stroke,attr"`
	Dash   string `xml:"stroke-dasharray,attr"`
	Title  string `xml:"title"`
}

// TestSVGLegendFits: labels never make the chart fail. A long label is
// shortened with … (its full text kept in <title>s), a legend too tall
// for one column takes two, and the chart grows when two do not fit; every
// legend entry lies inside the chart, and after the palette's twelve
// colours the lines differ by their dash pattern.
func TestSVGLegendFits(t *testing.T) {
	long := strings.Repeat("a very long strategy label ", 4) // 108 characters
	cases := []struct {
		name      string
		r         *scenario.Result
		columns   int
		grown     bool
		shortened bool
	}{
		{"one long label", manyResult(1, long), 1, false, true},
		{"20 short labels", manyResult(20, "s"), 1, false, false},
		{"30 short labels", manyResult(30, "s"), 2, false, false},
		{"31 long labels", manyResult(31, long), 2, false, true},
		{"80 labels", manyResult(80, "s"), 2, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := SVG(&b, c.r, ChartOptions{}); err != nil {
				t.Fatalf("SVG: %v", err)
			}
			svgTexts(t, b.Bytes()) // valid XML
			width, height, legend, lines := chartLegend(t, b.Bytes())
			if len(legend) != len(c.r.Strategies) {
				t.Fatalf("%d legend entries, want %d", len(legend), len(c.r.Strategies))
			}
			if grown := height > DefaultChartHeight; grown != c.grown || width != DefaultChartWidth {
				t.Errorf("chart %v by %v; grown %v, want %v", width, height, grown, c.grown)
			}
			xs := map[float64]bool{}
			for i, e := range legend {
				xs[e.X] = true
				if e.Y > height-4 || e.X+7*float64(utf8.RuneCountInString(e.Text)) > width {
					t.Errorf("entry %q at (%v, %v) leaves the %v by %v chart", e.Text, e.X, e.Y, width, height)
				}
				full := c.r.Strategies[i].Label
				switch {
				case e.Text == full:
					if e.Title != "" {
						t.Errorf("entry %q has a title %q", e.Text, e.Title)
					}
				case !c.shortened || !strings.HasSuffix(e.Text, "…") || !strings.HasPrefix(full, strings.TrimSuffix(e.Text, "…")) || e.Title != full:
					t.Errorf("entry %q (title %q) for label %q", e.Text, e.Title, full)
				}
				if lines[i].Title != full {
					t.Errorf("line %d is titled %q, want the full label %q", i, lines[i].Title, full)
				}
			}
			if len(xs) != c.columns {
				t.Errorf("the legend has %d columns, want %d", len(xs), c.columns)
			}
			// Dash and marker repeat together only after 20 strategies
			// (lengths 4 and 5): the first 20 lines look different even
			// in greyscale, and with the colour the first 60.
			seen, grey := map[string]string{}, map[string]string{}
			for i, l := range lines[1:min(len(lines), 61)] {
				style := l.Stroke + " " + l.Dash + " " + markerShapes[i%len(markerShapes)]
				if other, dup := seen[style]; dup {
					t.Errorf("%s and %s are both drawn %q", other, l.Title, style)
				}
				seen[style] = l.Title
				if i < 20 {
					g := l.Dash + " " + markerShapes[i%len(markerShapes)]
					if other, dup := grey[g]; dup {
						t.Errorf("%s and %s look alike in greyscale: %q", other, l.Title, g)
					}
					grey[g] = l.Title
				}
			}
		})
	}
}

func TestSVGRefusals(t *testing.T) {
	cases := []struct {
		r    *scenario.Result
		opt  ChartOptions
		want string
	}{
		{sampleResult(), ChartOptions{X: XTime}, "no simulated times"},
		{sampleResult(), ChartOptions{X: "log"}, `x axis "log"; expected fraction, count or time`},
		{sampleResult(), ChartOptions{Width: 100, Height: 100}, "too small"},
		{sampleResult(), ChartOptions{Width: -1}, "expected positive sizes"},
		{&scenario.Result{Reachable: 3}, ChartOptions{}, "no curve to plot"},
		{&scenario.Result{}, ChartOptions{}, "reach no page"},
		{nil, ChartOptions{}, "no result"},
	}
	for _, c := range cases {
		err := SVG(io.Discard, c.r, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SVG(%+v): err = %v, want %q", c.opt, err, c.want)
		}
	}
	bad := sampleResult()
	bad.Strategies[1].Curve.Value = bad.Strategies[1].Curve.Value[:3]
	for name, f := range map[string]func() error{
		"SVG": func() error { return SVG(io.Discard, bad, ChartOptions{}) },
		"CSV": func() error { return CSV(io.Discard, bad) },
	} {
		if err := f(); err == nil || !strings.Contains(err.Error(), `curve of "bfs" has 10 counts, 3 values`) {
			t.Errorf("%s of a broken curve: err = %v", name, err)
		}
	}
	bad = sampleResult()
	bad.Strategies[2].Curve.Value[4] = nan()
	if err := SVG(io.Discard, bad, ChartOptions{}); err == nil || !strings.Contains(err.Error(), "expected finite numbers") {
		t.Errorf("SVG of a NaN: err = %v", err)
	}
}

// bigResult is a result of 12 strategies whose curves have 2,000 points,
// the size of a default comparison.
func bigResult() *scenario.Result {
	r := &scenario.Result{Reachable: 100000}
	for s := range 12 {
		c := crawl.Curve{}
		for i := 1; i <= 2000; i++ {
			x := float64(i) / 2000
			c.K = append(c.K, int64(i*50))
			c.Value = append(c.Value, 1-(1-x)*(1-x)*float64(12-s)/12-x*(1-x)*float64(s)/12)
		}
		r.Strategies = append(r.Strategies, scenario.StrategyResult{Label: "strategy " + strconv.Itoa(s), Curve: c, Reference: s == 0})
	}
	return r
}

func BenchmarkSVG(b *testing.B) {
	r := bigResult()
	b.ReportAllocs()
	for b.Loop() {
		if err := SVG(io.Discard, r, ChartOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCSV(b *testing.B) {
	r := bigResult()
	b.ReportAllocs()
	for b.Loop() {
		if err := CSV(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPlotMatchesTheChart checks that Plot says where SVG draws the plot:
// the x axis line runs from Left to Left+Width at the bottom of the plot,
// and the last x tick's label is XMax.
func TestPlotMatchesTheChart(t *testing.T) {
	for _, x := range []string{XFraction, XCount} {
		opt := ChartOptions{X: x, Width: 700, Height: 400}
		r := sampleResult()
		area, err := Plot(r, opt)
		if err != nil {
			t.Fatal(err)
		}
		svg := string(render(t, func(w io.Writer) error { return SVG(w, r, opt) }))
		axis := fmt.Sprintf(`<line x1="%s" y1="`, coord(area.Left))
		end := fmt.Sprintf(`" x2="%s" y2="`, coord(area.Left+area.Width))
		i := strings.Index(svg, `<g class="chart-axis" stroke="#333333" stroke-width="1">`+axis)
		if i < 0 || !strings.Contains(svg[i:i+200], end) {
			t.Errorf("%s: no x axis from %v to %v in the chart", x, area.Left, area.Left+area.Width)
		}
		if area.ChartWidth != 700 || area.XMax <= 0 {
			t.Errorf("%s: plot area %+v", x, area)
		}
	}
	if _, err := Plot(nil, ChartOptions{}); err == nil {
		t.Error("Plot of no result gave no error")
	}
}

// TestSeedReports: a result without a seed study is refused; the depth
// chart escapes set names and draws two lines per set.
func TestSeedReports(t *testing.T) {
	r := sampleResult()
	if err := SeedTable(io.Discard, r); err == nil {
		t.Error("SeedTable of a result without a seed study")
	}
	if err := DepthSVG(io.Discard, r); err == nil {
		t.Error("DepthSVG of a result without a seed study")
	}
	r.SeedStudy = &scenario.SeedStudyResult{Names: []string{"3", "7"}, Evaluation: seeds.Evaluation{Profiles: []seeds.DepthProfile{
		{Name: oddLabel, Seeds: 2, Pages: []int64{2, 5, 1}, MeanImportance: []float64{0.2, 0.05, 0.1}, Reached: 8, Importance: 0.75},
		{Name: "random:2", Seeds: 2, Pages: []int64{2, 1}, MeanImportance: []float64{0.1, 0.1}, Reached: 3, Importance: 0.3},
	}, AverageDistance: 2.5, DistanceSamples: 10}}
	svg := render(t, func(w io.Writer) error { return DepthSVG(w, r) })
	texts := svgTexts(t, svg)
	if n := strings.Count(string(svg), "<polyline"); n != 4 {
		t.Errorf("%d lines, want 4", n)
	}
	if !slices.Contains(texts["text"], oddLabel) {
		t.Errorf("the legend lacks %q: %v", oddLabel, texts["text"])
	}
	table := string(render(t, func(w io.Writer) error { return SeedTable(w, r) }))
	for _, want := range []string{"seeds: 3 7", "average connected distance of the graph: 2.50", "all"} {
		if !strings.Contains(table, want) {
			t.Errorf("the seed table lacks %q:\n%s", want, table)
		}
	}
}

// TestTableLeavesTheNoteItsWarning: the scenario's warning that the
// guarantees bound another importance repeats the n/a note, which every
// default run (PageRank, with windowed-rankmass) printed beside it; the
// table leaves it out where it writes the note, and keeps it, and every
// other warning, where it does not.
func TestTableLeavesTheNoteItsWarning(t *testing.T) {
	r := sampleResult()
	r.Warnings = []string{guaranteesOtherWarning + "rankmass bound the personalized PageRank of the seeds", "budget: 99 is more than the 10 pages reachable from the seeds"}
	out := string(render(t, func(w io.Writer) error { return Table(w, r) }))
	if strings.Contains(out, "warning: importance:") || !strings.Contains(out, "\nn/a: ") || !strings.Contains(out, "warning: budget: 99") {
		t.Errorf("with the n/a note:\n%s", out)
	}
	// Only the strategies without a guarantee: no n/a, so no note.
	kept := r.Strategies[:0]
	for _, s := range r.Strategies {
		guaranteed := s.Guarantee != nil
		for _, to := range s.Summary.DownloadsTo {
			guaranteed = guaranteed || to.Guaranteed >= 0
		}
		if !guaranteed {
			kept = append(kept, s)
		}
	}
	r.Strategies = kept
	out = string(render(t, func(w io.Writer) error { return Table(w, r) }))
	if strings.Contains(out, "\nn/a: ") || !strings.Contains(out, "warning: importance: the guaranteed curves of rankmass") {
		t.Errorf("without the n/a note:\n%s", out)
	}
}

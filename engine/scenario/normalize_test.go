package scenario

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
	"pgregory.net/rapid"
)

// TestNormalizeDefaults checks every default of an empty scenario: the
// default comparison of Default.
func TestNormalizeDefaults(t *testing.T) {
	got, err := Normalize(Scenario{})
	if err != nil {
		t.Fatal(err)
	}
	want := Scenario{
		Version: 1,
		Graph: Source{Generate: &Generate{
			Pages: 100000, Hosts: 500, MeanOutDegree: 8, IntraHostShare: ptr(0.9),
			HostSizeExponent: 1, OutDegreeExponent: 2.7, CopyProbability: ptr(0.7), Seed: 1,
		}},
		Importance: "pagerank",
		Trust:      "seeds",
		Damping:    0.85,
		Tolerance:  1e-10,
		Seeds:      "top-pagerank:160",
		Metrics:    Metrics{CurvePoints: 1000, TauSample: 5000},
	}
	for _, st := range DefaultStrategies() {
		_, vals, err := crawl.Resolve(st.ID, nil)
		if err != nil {
			t.Fatalf("default strategy %s: %v", st.ID, err)
		}
		if len(vals) == 0 {
			vals = nil
		}
		want.Strategies = append(want.Strategies, Strategy{ID: st.ID, Params: vals, Label: st.ID})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("normalized empty scenario\n got %+v\nwant %+v", got, want)
	}
	// Default differs from the empty scenario only in its random seed.
	def, err := Normalize(Default())
	if err != nil {
		t.Fatal(err)
	}
	want.RandomSeed = 1
	if !reflect.DeepEqual(def, want) {
		t.Errorf("normalized Default\n got %+v\nwant %+v", def, want)
	}
}

// TestNormalizeFills checks the defaults of the optional parts: politeness
// from crawl.DefaultPoliteness (0 kept where it means something), the
// evolution from gen.DefaultEvolveParams, small generated graphs, labels
// with non-default parameters, and a canonical seed notation.
func TestNormalizeFills(t *testing.T) {
	s := Scenario{
		Graph:      Source{Generate: &Generate{Pages: 10, CopyProbability: ptr(0)}},
		Previous:   &PreviousSource{Evolve: &Evolve{RemovedPages: ptr(0)}},
		Seeds:      " 3, 5 ",
		Strategies: []Strategy{{ID: "fpr-m", Params: crawl.Values{"m": 10}}, {ID: "fpr-m"}, {ID: "windowed-rankmass", Params: crawl.Values{"window": 0.25}, Label: "w"}},
		Politeness: &Politeness{Wait: ptr(0), Bandwidth: 5e4},
	}
	got, err := Normalize(s)
	if err != nil {
		t.Fatal(err)
	}
	def := crawl.DefaultPoliteness()
	wantPolite := &Politeness{Connections: 1, Wait: ptr(0), Latency: ptr(def.Latency), PageSize: ptr(def.PageSize), Bandwidth: 5e4}
	if !reflect.DeepEqual(got.Politeness, wantPolite) {
		t.Errorf("politeness %+v, want %+v", *got.Politeness, *wantPolite)
	}
	wantEvolve := &Evolve{NewPages: ptr(0.1), RemovedPages: ptr(0), NewLinks: ptr(0.1), RemovedLinks: ptr(0.05)}
	if !reflect.DeepEqual(got.Previous.Evolve, wantEvolve) {
		t.Errorf("evolve %+v, want %+v", *got.Previous.Evolve, *wantEvolve)
	}
	// 10 pages: one host; the mean out-degree is capped at (n-1)/2.
	wantGen := &Generate{Pages: 10, Hosts: 1, MeanOutDegree: 4.5, IntraHostShare: ptr(0.9),
		HostSizeExponent: 1, OutDegreeExponent: 2.7, CopyProbability: ptr(0)}
	if !reflect.DeepEqual(got.Graph.Generate, wantGen) {
		t.Errorf("generate %+v, want %+v", *got.Graph.Generate, *wantGen)
	}
	if got.Seeds != "list:3,5" {
		t.Errorf("seeds %q, want list:3,5", got.Seeds)
	}
	labels := []string{got.Strategies[0].Label, got.Strategies[1].Label, got.Strategies[2].Label}
	if want := []string{"fpr-m m=10", "fpr-m", "w"}; !reflect.DeepEqual(labels, want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
	if p := got.Strategies[2].Params; !reflect.DeepEqual(p, crawl.Values{"window": 0.25}) {
		t.Errorf("windowed-rankmass params %v", p)
	}
	// Normalize copies what it fills: the caller's scenario is unchanged.
	if s.Politeness.Connections != 0 || s.Politeness.Latency != nil || s.Graph.Generate.Hosts != 0 || s.Previous.Evolve.NewPages != nil {
		t.Error("Normalize changed its receiver's pointed-to values")
	}
}

// TestNormalizeErrors checks the message of every validation error: each
// names the field by its JSON path.
func TestNormalizeErrors(t *testing.T) {
	tests := []struct {
		name string
		s    Scenario
		want string
	}{
		{"version", Scenario{Version: 3}, "version: 3 is not supported; this program reads version 1"},
		{"file and generator", Scenario{Graph: Source{File: "a", Generate: &Generate{}}}, "graph: give either file or generate, not both"},
		{"urls without file", Scenario{Graph: Source{URLs: "u"}}, "graph.file: missing, yet format or urls are given: they describe a graph file"},
		{"format", Scenario{Graph: Source{File: "a", Format: "xml"}}, `graph.format: unknown format "xml" (want auto, edges, graph-txt, bvgraph or csr)`},
		{"urls with generator", Scenario{Graph: Source{Generate: &Generate{Pages: 100}, URLs: "x"}}, "graph.urls: only a graph file takes a URL list; a generated graph has its own URLs"},
		{"pages", Scenario{Graph: Source{Generate: &Generate{Pages: -5}}}, "graph.generate.pages: pages -5 is out of range: want 1 to 4,294,967,295"},
		{"share", Scenario{Graph: Source{Generate: &Generate{Pages: 100, IntraHostShare: ptr(2)}}}, "graph.generate.intra_host_share: intra-host share 2 is out of range: want a number from 0 to 1"},
		{"empty previous", Scenario{Previous: &PreviousSource{}}, `previous: give a graph file or evolve parameters ({"evolve": {}} takes the defaults)`},
		{"evolve", Scenario{Previous: &PreviousSource{Evolve: &Evolve{NewPages: ptr(20)}}}, "previous.evolve.new_pages: 20 is not a fraction from 0 to 10"},
		{"importance", Scenario{Importance: "hits"}, `importance: "hits" is not known; want "pagerank" or "personalized"`},
		{"trust", Scenario{Trust: "bogus"}, `trust: "bogus" is not known; want "seeds" (uniform over the seeds) or "pagerank" (the uniform PageRank vector)`},
		{"damping", Scenario{Damping: 1.5}, "damping: 1.5 is outside (0, 1]"},
		{"NaN damping", Scenario{Damping: math.NaN()}, "damping: NaN is outside (0, 1]"},
		{"tolerance", Scenario{Tolerance: -1}, "tolerance: -1 is not a positive number below 1"},
		{"seeds", Scenario{Seeds: "best:3"}, `seeds: "best:3": expected top-pagerank:K, random:K, community:K, host-roots, list:ID,... or a list of page ids`},
		{"no strategies", Scenario{Strategies: []Strategy{}}, "strategies: the list is empty; name at least one strategy, or leave the field out for the default comparison"},
		{"unknown strategy", Scenario{Strategies: []Strategy{{ID: "bfs"}, {ID: "dfs"}}}, `strategies[1].id: unknown strategy "dfs"; known: ` + knownIDs()},
		{"parameter range", Scenario{Strategies: []Strategy{{ID: "bfs"}, {ID: "fpr"}, {ID: "fpr-m", Params: crawl.Values{"m": -1}}}}, "strategies[2].params.m: strategy fpr-m: m = -1 is outside [0.001, 1,000,000]"},
		{"unknown parameter", Scenario{Strategies: []Strategy{{ID: "bfs", Params: crawl.Values{"k": 1}}}}, `strategies[0].params.k: strategy bfs has no parameter "k" (it takes none)`},
		{"needs previous", Scenario{Strategies: []Strategy{{ID: "hist-pagerank-zero"}}}, `strategies[0]: hist-pagerank-zero needs a previous snapshot: set previous to a graph file, or to {"evolve": {}} to evolve the graph`},
		{"same label", Scenario{Strategies: []Strategy{{ID: "bfs"}, {ID: "fpr"}, {ID: "bfs"}}}, `strategies[2].label: "bfs" is also the label of strategies[0]; give each strategy its own label`},
		{"label with a line break", Scenario{Strategies: []Strategy{{ID: "bfs", Label: "evil\nrow"}}}, `strategies[0].label: "evil\nrow" holds a line break (U+000A); a label is shown on one line of tables and legends`},
		{"budget", Scenario{Budget: -3}, "budget: -3 is negative; 0 means no limit"},
		{"connections", Scenario{Politeness: &Politeness{Connections: -1}}, "politeness.connections: -1 is not a number of connections: want 1 to 10,000"},
		{"too many connections", Scenario{Politeness: &Politeness{Connections: 10001}}, "politeness.connections: 10001 is not a number of connections: want 1 to 10,000"},
		{"wait", Scenario{Politeness: &Politeness{Wait: ptr(-2)}}, "politeness.wait: -2 is not a number of seconds from 0 to 1,000,000"},
		{"large negative wait", Scenario{Politeness: &Politeness{Wait: ptr(-2e6)}}, "politeness.wait: -2,000,000 is not a number of seconds from 0 to 1,000,000"},
		{"large negative bandwidth", Scenario{Politeness: &Politeness{Bandwidth: -2e6}}, "politeness.bandwidth: -2,000,000 is not a positive number of bytes per second"},
		{"long wait", Scenario{Politeness: &Politeness{Wait: ptr(2e6)}}, "politeness.wait: 2,000,000 is too large: at most 1,000,000 seconds, so that simulated times stay computable"},
		{"huge latency", Scenario{Politeness: &Politeness{Latency: ptr(1e308)}}, "politeness.latency: 1e+308 is too large: at most 1,000,000 seconds, so that simulated times stay computable"},
		{"infinite page size", Scenario{Politeness: &Politeness{PageSize: ptr(math.Inf(1))}}, "politeness.page_size: +Inf is not a non-negative number of bytes"},
		{"bandwidth", Scenario{Politeness: &Politeness{Bandwidth: math.Inf(1)}}, "politeness.bandwidth: +Inf is not a positive number of bytes per second"},
		{"tiny bandwidth", Scenario{Politeness: &Politeness{Bandwidth: 1e-300}}, "politeness.bandwidth: a page of 15,000 bytes at 1e-300 bytes per second takes 1.5e+304 seconds to transfer; at most 1,000,000 seconds are allowed, so that simulated times stay computable"},
		{"endless transfer", Scenario{Politeness: &Politeness{PageSize: ptr(1e300), Bandwidth: 1e-300}}, "politeness.bandwidth: a page of 1e+300 bytes at 1e-300 bytes per second would take longer to transfer than a number of seconds can hold; at most 1,000,000 seconds are allowed, so that simulated times stay computable"},
		{"huge page", Scenario{Politeness: &Politeness{PageSize: ptr(1e12)}}, "politeness.page_size: a page of 1,000,000,000,000 bytes at 100,000 bytes per second takes 10,000,000 seconds to transfer; at most 1,000,000 seconds are allowed, so that simulated times stay computable"},
		{"instant downloads", Scenario{Politeness: &Politeness{Latency: ptr(0), PageSize: ptr(0)}}, "politeness: a download must take some time: give a positive latency or page_size"},
		{"instant drawn sizes", Scenario{Politeness: &Politeness{Latency: ptr(0), PageSize: ptr(0), PageSizes: &PageSizes{Distribution: model.PageSizeLogNormal}}},
			"politeness: a download must take some time: give a positive latency or page_size, the mean of the page_sizes distribution"},
		{"bandwidth model", Scenario{Politeness: &Politeness{BandwidthModel: "pooled"}}, `politeness.bandwidth_model: "pooled" is not a bandwidth model: want "per-connection" or "shared"`},
		{"curve points", Scenario{Metrics: Metrics{CurvePoints: -1}}, "metrics.curve_points: -1 is out of range: want 1 to 1,000,000 points"},
		{"lower bound", Scenario{Metrics: Metrics{LowerBound: 5000}}, "metrics.lower_bound: 5000 is out of range: want 0 to 1,000 checkpoints"},
		{"seed study samples", Scenario{SeedStudy: &SeedStudy{Samples: 100001}}, "seed_study.samples: 100001 is out of range: want 1 to 100,000 searches"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Normalize(tt.s)
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %q\nwant %q", err, tt.want)
			}
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Errorf("error %T is not a *FieldError", err)
			}
		})
	}
}

// TestNormalizeNamesGeneratorFields checks that each problem with the
// generator's parameters names its own field, so that a program can point
// at it (PlaceErrors, the command line's flags).
func TestNormalizeNamesGeneratorFields(t *testing.T) {
	for _, tt := range []struct {
		g     Generate
		field string
	}{
		{Generate{Pages: -1}, "pages"},
		{Generate{Pages: 10, Hosts: 11}, "hosts"},
		{Generate{Pages: 100, MeanOutDegree: 1e9}, "mean_out_degree"},
		{Generate{Pages: 100, IntraHostShare: ptr(-1)}, "intra_host_share"},
		{Generate{Pages: 100, HostSizeExponent: math.NaN()}, "host_size_exponent"},
		{Generate{Pages: 100, OutDegreeExponent: -3}, "out_degree_exponent"},
		{Generate{Pages: 100, CopyProbability: ptr(2)}, "copy_probability"},
	} {
		_, err := Normalize(Scenario{Graph: Source{Generate: &tt.g}})
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != "graph.generate."+tt.field {
			t.Errorf("%+v: error %v, want one about graph.generate.%s", tt.g, err, tt.field)
		}
	}
	if got := generatorField("an unforeseen message"); got != "graph.generate" {
		t.Errorf("a message naming no field goes to %q, want graph.generate", got)
	}
}

// knownIDs lists the registry's ids as crawl.Resolve does.
func knownIDs() string {
	ids := ""
	for i, s := range crawl.Strategies() {
		if i > 0 {
			ids += ", "
		}
		ids += s.ID
	}
	return ids
}

// TestNormalizeReportsEveryError checks that several problems are all
// reported, each on its own line, in field order.
func TestNormalizeReportsEveryError(t *testing.T) {
	s := Scenario{Damping: 2, Budget: -1, Strategies: []Strategy{{ID: "fpr-m", Params: crawl.Values{"m": 0, "q": 1}}}}
	_, err := Normalize(s)
	want := "damping: 2 is outside (0, 1]\n" +
		"strategies[0].params.m: strategy fpr-m: m = 0 is outside [0.001, 1,000,000]\n" +
		`strategies[0].params.q: strategy fpr-m has no parameter "q" (it takes m)` + "\n" +
		"budget: -1 is negative; 0 means no limit"
	if err == nil || err.Error() != want {
		t.Errorf("error\n got %v\nwant %s", err, want)
	}
}

// TestNormalizeProperties checks on random scenarios that Normalize either
// refuses one with *FieldErrors, or returns a scenario that normalizes to
// itself and survives a JSON round trip unchanged.
func TestNormalizeProperties(t *testing.T) {
	ids := make([]string, 0)
	for _, s := range crawl.Strategies() {
		ids = append(ids, s.ID)
	}
	rapid.Check(t, func(t *rapid.T) {
		optFloat := func(label string, lo, hi float64) *float64 {
			if rapid.Bool().Draw(t, label+"?") {
				return nil
			}
			return ptr(rapid.Float64Range(lo, hi).Draw(t, label))
		}
		var s Scenario
		if rapid.Bool().Draw(t, "file") {
			s.Graph = Source{File: "g.edges", Format: rapid.SampledFrom([]string{"", "edges", "csr", "bad"}).Draw(t, "format")}
		} else if rapid.Bool().Draw(t, "generate") {
			s.Graph = Source{Generate: &Generate{Pages: rapid.IntRange(-2, 300).Draw(t, "pages"),
				IntraHostShare: optFloat("share", -0.5, 1.5), Seed: rapid.Uint64().Draw(t, "seed")}}
		}
		if rapid.Bool().Draw(t, "previous") {
			s.Previous = &PreviousSource{Evolve: &Evolve{NewPages: optFloat("new", -1, 12), RemovedLinks: optFloat("removed", -1, 2)}}
		}
		s.Importance = rapid.SampledFrom([]string{"", "pagerank", "personalized", "hits"}).Draw(t, "importance")
		s.Damping = rapid.Float64Range(-0.5, 1.5).Draw(t, "damping")
		s.Seeds = rapid.SampledFrom([]string{"", "top-pagerank:5", "random:0", "host-roots", "1,2,3"}).Draw(t, "seeds")
		for range rapid.IntRange(0, 4).Draw(t, "strategies") {
			st := Strategy{ID: rapid.SampledFrom(append(ids, "dfs")).Draw(t, "id")}
			if rapid.Bool().Draw(t, "params") {
				st.Params = crawl.Values{rapid.SampledFrom([]string{"m", "window", "batch", "x"}).Draw(t, "param"): rapid.Float64Range(-1, 2).Draw(t, "value")}
			}
			s.Strategies = append(s.Strategies, st)
		}
		if rapid.Bool().Draw(t, "polite") {
			s.Politeness = &Politeness{Connections: rapid.IntRange(-1, 4).Draw(t, "connections"), Wait: optFloat("wait", -1, 30),
				Latency: optFloat("latency", -1, 2e6), PageSize: optFloat("size", -1, 1e12), Bandwidth: rapid.Float64Range(-1, 1e6).Draw(t, "bandwidth")}
		}
		s.Budget = rapid.Int64Range(-1, 100).Draw(t, "budget")
		n, err := Normalize(s)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not made of *FieldError", err)
			}
			return
		}
		if p := n.Politeness; p != nil {
			// No simulated time can overflow (normalizePoliteness).
			if *p.Wait > maxSeconds || *p.Latency > maxSeconds || *p.PageSize/p.Bandwidth > maxSeconds || p.Connections > maxConnections {
				t.Fatalf("politeness %+v accepted beyond the limits", *p)
			}
		}
		again, err := Normalize(n)
		if err != nil || !reflect.DeepEqual(again, n) {
			t.Fatalf("normalizing again: %v\n%+v\n%+v", err, again, n)
		}
		data, err := Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(bytes.NewReader(data), "s.json")
		if err != nil || !reflect.DeepEqual(back, n) {
			t.Fatalf("round trip: %v\n%s", err, data)
		}
	})
}

// TestCrawlPolitenessBandwidthModel: the scenario's bandwidth model
// reaches the crawler: "shared" shares the link, "per-connection" and an
// absent model give each connection its own rate.
func TestCrawlPolitenessBandwidthModel(t *testing.T) {
	for model, shared := range map[string]bool{"": false, "per-connection": false, "shared": true} {
		sc := Scenario{Version: Version, Graph: Source{Generate: &Generate{Pages: 100}}, Politeness: &Politeness{BandwidthModel: model}}
		n, err := Normalize(sc)
		if err != nil {
			t.Fatalf("%q: %v", model, err)
		}
		if got := crawlPoliteness(n.Politeness).SharedLink; got != shared {
			t.Errorf("bandwidth model %q: SharedLink %v, want %v", model, got, shared)
		}
	}
}

// TestCountRangeWordedAsItsZero: a count out of range and a 0 written for
// it say the same range ("-curve-points 0" said "want 1 to 1,000,000
// points" and "-curve-points 2e6" "2000000 is outside [1, 1,000,000]").
func TestCountRangeWordedAsItsZero(t *testing.T) {
	for _, tc := range []struct {
		path string
		sc   Scenario
	}{
		{"metrics.curve_points", Scenario{Metrics: Metrics{CurvePoints: maxCurvePoints + 1}}},
		{"metrics.tau_sample", Scenario{Metrics: Metrics{TauSample: -1}}},
		{"seed_study.samples", Scenario{SeedStudy: &SeedStudy{Samples: MaxDistanceSamples + 1}}},
	} {
		want, ok := ZeroNotAllowed(tc.path)
		if !ok {
			t.Fatalf("%s: no rule for its 0", tc.path)
		}
		sc := Default()
		sc.Metrics, sc.SeedStudy = tc.sc.Metrics, tc.sc.SeedStudy
		if sc.Metrics.CurvePoints == 0 {
			sc.Metrics.CurvePoints = DefaultCurvePoints
		}
		_, err := Normalize(sc)
		if err == nil || !strings.Contains(err.Error(), tc.path+": ") || !strings.HasSuffix(err.Error(), "want "+want) {
			t.Errorf("%s out of range: %v; want it to end \"want %s\"", tc.path, err, want)
		}
	}
}

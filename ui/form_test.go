package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/refresh"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/ui/formcheck"
)

func normalized(t *testing.T, s scenario.Scenario) string {
	t.Helper()
	n, err := scenario.Normalize(s)
	if err != nil {
		t.Fatal(err)
	}
	data, err := scenario.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func ids(s scenario.Scenario) []string {
	var out []string
	for _, st := range s.Strategies {
		out = append(out, st.ID)
	}
	slices.Sort(out)
	return out
}

// TestDefaultForm: the page opens on the command line's default
// comparison, on PagePages generated pages.
func TestDefaultForm(t *testing.T) {
	s, err := DefaultForm().Scenario()
	if err != nil {
		t.Fatal(err)
	}
	def := scenario.Default()
	if !slices.Equal(ids(s), ids(def)) {
		t.Errorf("default strategies %v, the command line's %v", ids(s), ids(def))
	}
	def.Graph.Generate.Pages = PagePages
	def.Strategies = s.Strategies // the page lists them in the registry's order
	if a, b := normalized(t, s), normalized(t, def); a != b {
		t.Errorf("the page's default scenario\n%s\nthe command line's on %d pages\n%s", a, PagePages, b)
	}
}

// sampleScenario uses every field the form shows, strategies in the
// registry's order.
func sampleScenario() scenario.Scenario {
	intra, copying := 0.8, 0.5
	wait, latency, size := 2.0, 0.25, 20000.0
	return scenario.Scenario{
		Graph: scenario.Source{Generate: &scenario.Generate{Pages: 3000, Hosts: 12, MeanOutDegree: 6, IntraHostShare: &intra, Seed: 4,
			HostSizeExponent: 1.3, OutDegreeExponent: 2.2, CopyProbability: &copying}},
		Importance: scenario.ImportancePersonalized,
		Seeds:      "random:25",
		Strategies: []scenario.Strategy{{ID: "bfs", Label: "breadth first"}, {ID: "batch-pagerank", Params: crawl.Values{"batch": 0.05}},
			{ID: "optimal"}, {ID: "windowed-rankmass", Params: crawl.Values{"window": 0.3}}, {ID: "fpr-m", Params: crawl.Values{"m": 10}}},
		Budget:     1500,
		Politeness: &scenario.Politeness{Connections: 3, Wait: &wait, Latency: &latency, PageSize: &size, Bandwidth: 50000},
		RandomSeed: 77,
		Metrics:    scenario.Metrics{CurvePoints: 200, TauSample: 300, LowerBound: 4},
		Damping:    0.8,
	}
}

// TestFormRoundTrip: a scenario shown in the form and read back is the
// same scenario, including the fields the form does not show.
func TestFormRoundTrip(t *testing.T) {
	upload := sampleScenario()
	upload.Graph = scenario.Source{File: "web.txt", Format: "edges", URLs: "web.urls"}
	evolving := sampleScenario()
	// In the registry's order, hist-pagerank-parent comes before optimal.
	evolving.Strategies = slices.Insert(evolving.Strategies, 2, scenario.Strategy{ID: "hist-pagerank-parent"})
	share := 0.3
	evolving.Previous = &scenario.PreviousSource{Evolve: &scenario.Evolve{NewPages: &share}}
	// What crawlsim run -save-scenario writes for -bandwidth-model shared,
	// -page-sizes lognormal:2:3 and -renumber, which the form shows no
	// field for.
	shared := sampleScenario()
	shared.Politeness.BandwidthModel = model.BandwidthShared
	shared.Politeness.PageSizes = &model.PageSizes{Distribution: model.PageSizeLogNormal, Sigma: model.Float(2), Seed: 3}
	renumbered := sampleScenario()
	renumbered.Graph = scenario.Source{File: "web.txt", Format: "edges", Renumber: true}
	for _, s := range []scenario.Scenario{sampleScenario(), upload, evolving, shared, renumbered} {
		back, err := FormOf(s).Scenario()
		if err != nil {
			t.Fatal(err)
		}
		if a, b := normalized(t, back), normalized(t, s); a != b {
			t.Errorf("through the form\n%s\nthe scenario\n%s", a, b)
		}
	}
	// Without the strategy that needs it, the previous snapshot goes:
	// every strategy would otherwise crawl the evolved graph.
	f := FormOf(evolving)
	for i := range f.Strategies {
		if f.Strategies[i].Info.NeedsPrevious {
			f.Strategies[i].On = false
		}
	}
	if s, err := f.Scenario(); err != nil || s.Previous != nil {
		t.Errorf("without historical strategies: previous %+v, %v", s.Previous, err)
	}
}

func TestPermalinkRoundTrip(t *testing.T) {
	s := sampleScenario()
	frag, err := EncodePermalink(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(frag, "s=") || strings.ContainsAny(frag[2:], "+/=#& ") {
		t.Errorf("fragment %q is not URL-safe", frag)
	}
	back, ok, err := DecodePermalink("embed&" + frag)
	if err != nil || !ok {
		t.Fatalf("decode: %v, %v", ok, err)
	}
	if a, b := normalized(t, back), normalized(t, s); a != b {
		t.Errorf("through the permalink\n%s\nthe scenario\n%s", a, b)
	}
	if _, ok, err := DecodePermalink("embed"); ok || err != nil {
		t.Errorf("a fragment without a scenario: %v, %v", ok, err)
	}
	for _, bad := range []string{"s=!!!", "s=" + frag[2:len(frag)/2], "s=AAAA"} {
		if _, ok, err := DecodePermalink(bad); !ok || err == nil {
			t.Errorf("%q: ok %v, error %v", bad, ok, err)
		}
	}
}

// TestSharedLinkIsTheBandwidthModel: the form's shared link is the
// scenario's bandwidth model shared (crawlsim run -bandwidth-model
// shared): a scenario's model shows as the box, and the box, checked or
// not, gives the model.
func TestSharedLinkIsTheBandwidthModel(t *testing.T) {
	s := sampleScenario()
	s.Politeness.BandwidthModel = model.BandwidthShared
	f := FormOf(s)
	if !f.SharedLink {
		t.Fatal("a scenario on a shared link shows the box unchecked")
	}
	for _, c := range []struct {
		on   bool
		want string
	}{{true, model.BandwidthShared}, {false, ""}} {
		f.SharedLink = c.on
		got, err := f.Scenario()
		if err != nil {
			t.Fatal(err)
		}
		if got.Politeness.BandwidthModel != c.want {
			t.Errorf("shared link %v: bandwidth model %q, want %q", c.on, got.Politeness.BandwidthModel, c.want)
		}
	}
	if f := DefaultForm(); f.SharedLink {
		t.Error("the default form has a shared link; the command line's default is per connection")
	}
}

// crawlsimCommand builds the command line (tools/crawlsim) into a
// folder of t's and returns a function that runs it there, failing t on
// an error; the test is skipped where no program can be run (js/wasm)
// or with -short.
func crawlsimCommand(t *testing.T) (dir string, crawlsim func(args ...string)) {
	t.Helper()
	if runtime.GOOS == "js" || testing.Short() {
		t.Skip("runs the command line")
	}
	dir = t.TempDir()
	bin := filepath.Join(dir, "crawlsim")
	if out, err := exec.Command("go", "build", "-o", bin, "../tools/crawlsim").CombinedOutput(); err != nil {
		t.Fatalf("go build ./tools/crawlsim: %v\n%s", err, out)
	}
	return dir, func(args ...string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("crawlsim %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// TestCommandLineScenarioThroughThePage: a scenario file that crawlsim
// run -save-scenario writes, every setting the page can run given (the
// shared link, drawn page sizes and renumbering included), opens on the
// page as a link without a notice and runs there as it is; and the
// page's link of it, given to crawlsim run -scenario, is saved again as
// the same scenario.
func TestCommandLineScenarioThroughThePage(t *testing.T) {
	dir, crawlsim := crawlsimCommand(t)
	if err := os.WriteFile(filepath.Join(dir, "web.txt"), []byte("10 20\n20 30\n30 10\n30 40\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, args := range map[string][]string{
		"generated": {"-n", "300", "-hosts", "3", "-degree", "5", "-intra", "0.8", "-gen-seed", "4", "-copy", "0.5",
			"-importance", "personalized", "-trust", "pagerank", "-seeds", "random:5", "-random-seed", "7", "-damping", "0.8",
			"-strategies", "optimal,bfs,fpr-m:m=10,windowed-rankmass:window=0.3", "-budget", "200", "-relative", "-curve-points", "50",
			"-connections", "2", "-wait", "1", "-latency", "0.25", "-page-size", "20000", "-bandwidth", "50000",
			"-bandwidth-model", "shared", "-page-sizes", "lognormal:2:3"},
		"renumbered": {"-renumber", "-format", "edges", "-seeds", "list:10", "-strategies", "bfs,opic", "web.txt"},
	} {
		crawlsim(append([]string{"run", "-quiet", "-save-scenario", name + ".json"}, args...)...)
		data, err := os.ReadFile(filepath.Join(dir, name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		saved, err := reader.Parse(bytes.NewReader(data), name+".json")
		if err != nil {
			t.Fatalf("%s: the page cannot read crawlsim's scenario: %v", name, err)
		}
		f, notice := FormOfLink(saved)
		if notice != "" {
			t.Errorf("%s: the link's notice %q", name, notice)
		}
		s, err := f.Scenario()
		if err != nil {
			t.Fatalf("%s: the form refuses crawlsim's scenario: %v", name, err)
		}
		// The page lists the strategies in the registry's order, which
		// changes no result (model.Scenario.RandomSeed).
		byID := func(a, b scenario.Strategy) int { return strings.Compare(a.ID, b.ID) }
		slices.SortFunc(saved.Strategies, byID)
		slices.SortFunc(s.Strategies, byID)
		want := normalized(t, saved)
		if got := normalized(t, s); got != want {
			t.Errorf("%s: the page runs\n%s\ncrawlsim run -scenario %s.json runs\n%s", name, got, name, want)
		}

		link, err := EncodePermalink(s)
		if err != nil {
			t.Fatal(err)
		}
		crawlsim("run", "-quiet", "-scenario", "http://127.0.0.1:8080/#"+link, "-save-scenario", name+"-again.json")
		again, err := os.ReadFile(filepath.Join(dir, name+"-again.json"))
		if err != nil {
			t.Fatal(err)
		}
		if string(again) != want {
			t.Errorf("%s: crawlsim run -scenario on the page's link saves\n%s\nthe scenario it came from is\n%s", name, again, want)
		}
	}
}

// TestSlowTransferBlamesTheFieldChanged: a page that takes longer to
// transfer than the politeness clock allows is refused under the field
// the reader changed, as crawlsim run names the flag given ("-page-size:
// a page of 1e+99 bytes ..."): the page named the bandwidth, left at its
// default, for a page size of 1e99, because the form always gave the
// engine a bandwidth.
func TestSlowTransferBlamesTheFieldChanged(t *testing.T) {
	for _, c := range []struct {
		set  func(*Form)
		want string
	}{
		{func(f *Form) { f.PageSize = "1e99" }, "page size"},
		{func(f *Form) { f.Bandwidth = "1e-300" }, "bandwidth"},
		{func(f *Form) { f.PageSize, f.Bandwidth = "1e12", "1000" }, "bandwidth"},
	} {
		f := DefaultForm()
		f.Timed = true
		c.set(&f)
		s, err := f.Scenario()
		if err != nil {
			t.Fatalf("page size %s, bandwidth %s: the form refuses it itself: %v", f.PageSize, f.Bandwidth, err)
		}
		_, err = scenario.Normalize(s)
		var fe *scenario.FieldError
		if !errors.As(err, &fe) || !strings.Contains(fe.Message, "to transfer") {
			t.Fatalf("page size %s, bandwidth %s: the engine says %v; want a transfer too long", f.PageSize, f.Bandwidth, err)
		}
		if got := comparisonFieldName(s, fe.Field); got != c.want {
			t.Errorf("page size %s, bandwidth %s: refused under %q, want %q", f.PageSize, f.Bandwidth, got, c.want)
		}
	}
}

// TestBlankSeedsAreTheDefault: a seed field left blank is the seed a
// scenario file or the command line leaves out (model.DefaultRandomSeed),
// and so is a seed left out of a link's scenario.
func TestBlankSeedsAreTheDefault(t *testing.T) {
	f := DefaultForm()
	f.RandomSeed, f.GenSeed = " ", ""
	s, err := f.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	if s.RandomSeed != model.DefaultRandomSeed || s.Graph.Generate.Seed != model.DefaultRandomSeed {
		t.Errorf("blank seeds: random seed %d, generator seed %d; want %d", s.RandomSeed, s.Graph.Generate.Seed, model.DefaultRandomSeed)
	}
	var raw bytes.Buffer
	w, _ := flate.NewWriter(&raw, flate.BestCompression)
	w.Write([]byte(`{"graph": {"generate": {"pages": 500}}}`))
	w.Close()
	s, ok, err := DecodePermalink(permalinkKey + base64.RawURLEncoding.EncodeToString(raw.Bytes()))
	if !ok || err != nil || s.RandomSeed != model.DefaultRandomSeed || s.Graph.Generate.Seed != model.DefaultRandomSeed {
		t.Errorf("a link without seeds: %v, %v, random seed %d, generator seed %+v; want %d", ok, err, s.RandomSeed, s.Graph.Generate, model.DefaultRandomSeed)
	}
}

func TestFormErrors(t *testing.T) {
	f := DefaultForm()
	f.Pages, f.RandomSeed, f.Degree = "many", "-1", "x"
	for i := range f.Strategies {
		f.Strategies[i].On = false
	}
	_, err := f.Scenario()
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{`pages: "many"`, `random seed: "-1"`, `mean out-degree: "x"`, "choose at least one strategy"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	f = DefaultForm()
	f.Source = SourceUpload
	if _, err := f.Scenario(); err == nil || !strings.Contains(err.Error(), "choose a graph file") {
		t.Errorf("upload without a file: %v", err)
	}
}

// TestFormRefusesZeroDefaults: a 0 typed where the scenario would take 0
// for "the default" (the generator's mean out-degree, the politeness
// bandwidth, the revisit simulation's sizes, rates and intervals) is an
// error naming the field; it was silently replaced by the default. A
// blank field is the default.
func TestFormRefusesZeroDefaults(t *testing.T) {
	f := DefaultForm()
	f.Timed = true
	f.Degree, f.Bandwidth = "0", "0.0"
	_, err := f.Scenario()
	for _, want := range []string{"mean out-degree: 0 is not allowed", "bandwidth: 0 is not allowed"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not say %q", err, want)
		}
	}
	f.Degree, f.Bandwidth = "", " "
	s, err := f.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	if n, err := scenario.Normalize(s); err != nil || n.Graph.Generate.MeanOutDegree != 8 || n.Politeness.Bandwidth != 100000 {
		t.Errorf("blank fields: %v, %+v, %+v; want the defaults 8 and 100000", err, n.Graph.Generate, n.Politeness)
	}

	r := DefaultRefreshForm()
	r.Sites, r.Horizon, r.ChangeMin, r.ChangeMax, r.Users, r.UserRate, r.Initial, r.Min, r.Max = "0", "0", "0", "0", "0", "0", "0", "0", "0"
	_, err = r.Refresh()
	for _, field := range []string{"sites", "horizon", "change rates from", "change rates to", "users", "user visits per unit", "first interval t0", "t min", "t max"} {
		if want := field + ": 0: want "; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not say %q", err, want)
		}
	}
}

// TestHistoricalNeedsEvolve: the page has no second snapshot, so the
// historical strategies crawl an evolution of the graph, of the seed
// crawlsim run -evolve takes when -evolve-seed is not given
// (model.DefaultRandomSeed; the page's evolution was of seed 0).
func TestHistoricalNeedsEvolve(t *testing.T) {
	f := DefaultForm()
	f.ApplyPreset(Preset{Strategies: []string{"hist-pagerank-zero", "bfs"}})
	s, err := f.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	if s.Previous == nil || s.Previous.Evolve == nil || !slices.Equal(ids(s), []string{"bfs", "hist-pagerank-zero"}) {
		t.Fatalf("previous %+v, strategies %v", s.Previous, ids(s))
	}
	if s.Previous.Evolve.Seed != model.DefaultRandomSeed {
		t.Errorf("the evolution's seed is %d; want %d, as crawlsim run -evolve's", s.Previous.Evolve.Seed, model.DefaultRandomSeed)
	}
	if _, err := scenario.Normalize(s); err != nil {
		t.Error(err)
	}
}

func TestPresetsName(t *testing.T) {
	for _, p := range Presets {
		for _, id := range p.Strategies {
			if _, ok := crawl.Lookup(id); !ok {
				t.Errorf("preset %s names %q, which is not registered", p.Name, id)
			}
		}
	}
}

func TestReadout(t *testing.T) {
	r := &scenario.Result{Reachable: 10, Strategies: []scenario.StrategyResult{
		{Label: "a", Curve: crawl.Curve{K: []int64{2, 4, 10}, Value: []float64{0.1, 0.5, 0.9}, T: []float64{1, 2, 5}}},
		{Label: "b", Curve: crawl.Curve{K: []int64{5, 10}, Value: []float64{0.3, 0.6}}},
	}}
	caption, lines := Readout(r, report.XFraction, 0.45)
	if caption != "45.0% of the 10 reachable pages downloaded" || len(lines) != 2 || lines[0].Value != "0.5000" || lines[1].Value != "0.0000" {
		t.Errorf("fraction 0.45: %q %+v", caption, lines)
	}
	_, lines = Readout(r, report.XCount, 10)
	if lines[0].Value != "0.9000" || lines[1].Value != "0.6000" {
		t.Errorf("count 10: %+v", lines)
	}
	// On the time axis an untimed curve has no value.
	_, lines = Readout(r, report.XTime, 1.5)
	if len(lines) != 1 || lines[0].Label != "a" || lines[0].Value != "0.1000" {
		t.Errorf("time 1.5: %+v", lines)
	}
}

func TestNewApp(t *testing.T) {
	if a := NewApp("embed=1", ""); !a.Embed || !a.q.RunOwed() || a.Error != "" {
		t.Errorf("embed: %+v", a)
	}
	s := sampleScenario()
	s.Graph = scenario.Source{File: "web.edges", URLs: "web.urls"}
	frag, err := EncodePermalink(s)
	if err != nil {
		t.Fatal(err)
	}
	a := NewApp("", frag)
	if a.Embed || a.q.RunOwed() || !strings.Contains(a.Notice, "web.edges") || a.Form.Seeds != "random:25" {
		t.Errorf("a permalink of an upload: run %v, notice %q, seeds %q", a.q.RunOwed(), a.Notice, a.Form.Seeds)
	}
	if a := NewApp("", "s=broken"); !strings.Contains(a.Error, "default scenario") || !a.q.RunOwed() {
		t.Errorf("a broken permalink: %q", a.Error)
	}
}

func TestRefreshForm(t *testing.T) {
	r, err := DefaultRefreshForm().Refresh()
	if err != nil {
		t.Fatal(err)
	}
	n, err := scenario.NormalizeRefresh(r)
	if err != nil {
		t.Fatal(err)
	}
	// The page's default is crawlsim refresh's (refresh.DefaultParams),
	// user rate included, on fewer sites.
	if p := n.Simulation; p.Sites != RefreshSites || p.UserRate != refresh.DefaultParams().UserRate || *p.Regulation.Alpha != 0.5 {
		t.Errorf("default revisit scenario %+v", p)
	}
	f := DefaultRefreshForm()
	f.Sites, f.Alpha = "many", "x"
	if _, err := f.Refresh(); err == nil || !strings.Contains(err.Error(), `sites: "many"`) || !strings.Contains(err.Error(), `weight α of changes: "x"`) {
		t.Errorf("bad fields: %v", err)
	}
}

// TestPermalinkKeepsRepeatedStrategy: a scenario that lists a strategy
// twice with other parameters (fpr-m, and fpr-m with m=10) keeps both
// through the permalink and the form, not the first only.
func TestPermalinkKeepsRepeatedStrategy(t *testing.T) {
	s := sampleScenario()
	s.Strategies = []scenario.Strategy{{ID: "bfs"}, {ID: "fpr-m"}, {ID: "fpr-m", Label: "fpr-m 10", Params: crawl.Values{"m": 10}}, {ID: "optimal"}}
	frag, err := EncodePermalink(s)
	if err != nil {
		t.Fatal(err)
	}
	a := NewApp("", frag)
	back, err := a.Form.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	// The form lists the strategies in the registry's order, a repeated
	// one beside its first listing.
	s.Strategies = []scenario.Strategy{s.Strategies[0], s.Strategies[3], s.Strategies[1], s.Strategies[2]}
	if got, want := normalized(t, back), normalized(t, s); got != want {
		t.Errorf("through the permalink and the form\n%s\nthe scenario\n%s", got, want)
	}
}

// TestFormErrorsSayTheRangeAccepted: the generator's and the politeness
// fields are refused under their labels, once, with the range the field
// accepts and limits with thousands separators: a value out of range in
// the engine's words, as crawlsim run says it after the flag (the page
// said "hosts: 20001: want 1 to the number of pages (20,000); leave the
// field blank for the default" where the command line says "-hosts 20001
// is more than the 20,000 pages: at most 20,000, since every host needs
// a page"), a 0 in the words of the engine's zero rules.
func TestFormErrorsSayTheRangeAccepted(t *testing.T) {
	for _, c := range []struct {
		set  func(*Form)
		want string
	}{
		{func(f *Form) { f.Hosts = "-1" }, "hosts: -1 is out of range: want 1 to the number of pages"},
		{func(f *Form) { f.Hosts = "20001" }, "hosts: 20,001 is more than the 20,000 pages: at most 20,000, since every host needs a page"},
		{func(f *Form) { f.Hosts = "2e5" }, "hosts: 200,000 is more than the 20,000 pages: at most 20,000, since every host needs a page"},
		{func(f *Form) { f.Hosts = "0" }, "hosts: 0 is not allowed: want 1 to the number of pages; leave the field blank for the default"},
		{func(f *Form) { f.Degree = "-1" }, "mean out-degree: -1 is out of range: want a positive number, at most 9,999.5 (= (pages-1)/2)"},
		{func(f *Form) { f.Degree = "1e5" }, "mean out-degree: 100,000 is too large for 20,000 pages: at most 9,999.5 (= (pages-1)/2)"},
		{func(f *Form) { f.Degree = "0" }, "mean out-degree: 0 is not allowed: want a positive mean, at most (pages-1)/2; leave the field blank for the default"},
		{func(f *Form) { f.Intra = "-1" }, "intra-host share: -1 is out of range: want a number from 0 to 1"},
		{func(f *Form) { f.Pages = "5e9" }, "pages: 5,000,000,000 is too many: at most 4,294,967,295"},
		{func(f *Form) { f.Timed, f.Wait = true, "2e6" }, "wait: 2,000,000 is too large: at most 1,000,000 seconds, so that simulated times stay computable"},
		{func(f *Form) { f.Timed, f.Wait = true, "-1" }, "wait: -1 is not a number of seconds from 0 to 1,000,000"},
		{func(f *Form) { f.Timed, f.Latency = true, "-1" }, "latency: -1 is not a number of seconds from 0 to 1,000,000"},
		{func(f *Form) { f.Timed, f.PageSize = true, "-1" }, "page size: -1 is not a non-negative number of bytes"},
		{func(f *Form) { f.Timed, f.PageSize = true, "NaN" }, "page size: NaN is not a non-negative number of bytes"},
		{func(f *Form) { f.RandomSeed = "-1" }, `random seed: "-1" is not a whole number from 0 to 18,446,744,073,709,551,615`},
	} {
		f := DefaultForm()
		c.set(&f)
		_, err := f.Scenario()
		if err == nil || err.Error() != c.want {
			t.Errorf("error %v; want %q", err, c.want)
		}
	}
}

// TestFormChecksAgreeWithTheEngine: what the form's own checks accept,
// the worker's normalisation accepts (scenario.Normalize), and what they
// refuse it refuses, but for a 0 the form refuses where the engine
// would take its default; the limits of wait and latency included.
func TestFormChecksAgreeWithTheEngine(t *testing.T) {
	fields := map[string]func(*Form) *string{
		"hosts": func(f *Form) *string { return &f.Hosts }, "mean out-degree": func(f *Form) *string { return &f.Degree },
		"intra-host share": func(f *Form) *string { return &f.Intra }, "wait": func(f *Form) *string { return &f.Wait },
		"latency": func(f *Form) *string { return &f.Latency }, "page size": func(f *Form) *string { return &f.PageSize },
	}
	for name, field := range fields {
		for _, v := range []string{"-1", "0.5", "1", "1.5", "20000", "20001", "9999.5", "9999.6", "1000000", "1000000.1", "NaN", "Inf"} {
			f := DefaultForm()
			f.Timed = true
			*field(&f) = v
			s, err := f.Scenario()
			// A count that is no whole number (hosts 1.5, NaN, Inf) has
			// no value in the scenario for the engine to judge (NaN
			// converted to an int is another number on each platform).
			if err != nil && name == "hosts" && (strings.Contains(err.Error(), "is not a whole number") || strings.Contains(err.Error(), "is not a number")) {
				continue
			}
			if err != nil {
				s, _ = f.withoutChecks(name, v)
			}
			_, engineErr := scenario.Normalize(s)
			if (err == nil) != (engineErr == nil) {
				t.Errorf("%s %s: the form says %v, the engine %v", name, v, err, engineErr)
			}
		}
	}
}

// withoutChecks returns the form's scenario with the value v of the
// field name as it reads, for the engine to judge.
func (f Form) withoutChecks(name, v string) (scenario.Scenario, error) {
	g := DefaultForm()
	g.Timed = true
	s, err := g.Scenario()
	if err != nil {
		return s, err
	}
	var e formcheck.Errors
	x := e.Real(name, v)
	switch name {
	case "hosts":
		s.Graph.Generate.Hosts = int(*x)
	case "mean out-degree":
		s.Graph.Generate.MeanOutDegree = *x
	case "intra-host share":
		s.Graph.Generate.IntraHostShare = x
	case "wait":
		s.Politeness.Wait = x
	case "latency":
		s.Politeness.Latency = x
	case "page size":
		s.Politeness.PageSize = x
	}
	return s, nil
}

// TestNumberFieldsSayWhatIsWrong: a whole number too large for a field is
// said to be too large, with the field's limit, not "not a whole number";
// what does not read as a number, typed or left by a number box holding
// letters (formcheck.TypedNotANumber), is "not a number" (the box's
// letters read as empty).
func TestNumberFieldsSayWhatIsWrong(t *testing.T) {
	for _, c := range []struct {
		set  func(*Form)
		want string
	}{
		{func(f *Form) { f.Pages = "1e99" }, "pages: 1e99 is too large: at most 4,294,967,295"},
		{func(f *Form) { f.Pages = "99999999999999999999" }, "pages: 99999999999999999999 is too large: at most 4,294,967,295"},
		{func(f *Form) { f.Pages = "2e4"; f.Hosts = "abc" }, `hosts: "abc" is not a number`},
		{func(f *Form) { f.RandomSeed = formcheck.TypedNotANumber }, "random seed: what is typed is not a number"},
		{func(f *Form) { f.Pages = "abc" }, `pages: "abc" is not a number`},
		{func(f *Form) { f.Pages = formcheck.TypedNotANumber }, "pages: what is typed is not a number"},
		{func(f *Form) { f.Pages = "2.5" }, `pages: "2.5" is not a whole number`},
		{func(f *Form) { f.Timed, f.Connections = true, "1e99" }, "connections: 1e99 is too large: at most 10,000"},
		{func(f *Form) { f.Timed, f.Connections = true, formcheck.TypedNotANumber }, "connections: what is typed is not a number"},
		{func(f *Form) { f.Hosts = "1e99" }, "hosts: 1e99 is too large: at most 20,000"},
		{func(f *Form) { f.Budget = "1e99" }, "budget: 1e99 is too large: at most 9,223,372,036,854,775,807"},
		{func(f *Form) { f.Wait = formcheck.TypedNotANumber; f.Timed = true }, "wait: what is typed is not a number"},
		// Read as the worker reads a scenario's counts (model.WholeNumber):
		// strconv.ParseFloat took these as 20,000 and 16.
		{func(f *Form) { f.Pages = "20000.000000000001" }, `pages: "20000.000000000001" is not a whole number`},
		{func(f *Form) { f.Pages = "0x1p4" }, `pages: "0x1p4" is not a number`},
	} {
		f := DefaultForm()
		c.set(&f)
		_, err := f.Scenario()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("the form says %v; want %q", err, c.want)
		}
	}
}

// TestFieldsReadAsTheEngine types into each number field of the form a
// value at the edge of what the command line accepts (crawlsim run -h and
// gen -h; each case's verdict is what `crawlsim run -n ...` says to the
// same value) and checks that the page accepts exactly what the engine
// accepts: the form's own reading (a 0 that the scenario would replace by
// its default is refused in scenario.ZeroNotAllowed's words, as the
// command line refuses it), then the worker's normalisation.
func TestFieldsReadAsTheEngine(t *testing.T) {
	for _, c := range []struct {
		name, text string
		set        func(*Form, string)
		ok         bool
		want       string // in the refusal
	}{
		{"pages", "1", func(f *Form, v string) { f.Pages = v }, true, ""},
		{"pages", "0", func(f *Form, v string) { f.Pages = v }, false, "0 is not allowed: want 1 or more pages"},
		{"pages", "-1", func(f *Form, v string) { f.Pages = v }, false, "-1 is not allowed: want 1 or more pages"},
		{"pages", "", func(f *Form, v string) { f.Pages = v }, false, "empty"},
		{"hosts", "1", func(f *Form, v string) { f.Hosts = v }, true, ""},
		{"hosts", "0", func(f *Form, v string) { f.Hosts = v }, false, "0 is not allowed: want 1 to the number of pages"},
		{"hosts", "30000", func(f *Form, v string) { f.Hosts = v }, false, "hosts: 30,000 is more than the 20,000 pages: at most 20,000"},
		{"mean out-degree", "0", func(f *Form, v string) { f.Degree = v }, false, "0 is not allowed: want a positive mean"},
		{"mean out-degree", "0.5", func(f *Form, v string) { f.Degree = v }, true, ""},
		{"intra-host share", "1.5", func(f *Form, v string) { f.Intra = v }, false, "intra-host share: 1.5 is out of range: want a number from 0 to 1"},
		{"generator seed", "18446744073709551615", func(f *Form, v string) { f.GenSeed = v }, true, ""},
		{"random seed", "18446744073709551615", func(f *Form, v string) { f.RandomSeed = v }, true, ""},
		{"random seed", "-1", func(f *Form, v string) { f.RandomSeed = v }, false, "random seed"},
		{"budget", "-1", func(f *Form, v string) { f.Budget = v }, false, "budget"},
		{"connections", "0", func(f *Form, v string) { f.Timed, f.Connections = true, v }, false, "0 is not allowed: want 1 to 10,000 connections"},
		{"connections", "10001", func(f *Form, v string) { f.Timed, f.Connections = true, v }, false, "connections"},
		{"wait", "0", func(f *Form, v string) { f.Timed, f.Wait = true, v }, true, ""},
		{"wait", "-1", func(f *Form, v string) { f.Timed, f.Wait = true, v }, false, "wait"},
		{"latency", "0", func(f *Form, v string) { f.Timed, f.Latency = true, v }, true, ""},
		{"page size", "0", func(f *Form, v string) { f.Timed, f.PageSize = true, v }, true, ""},
		{"bandwidth", "0", func(f *Form, v string) { f.Timed, f.Bandwidth = true, v }, false, "0 is not allowed: want a positive number of bytes per second"},
	} {
		f := DefaultForm()
		c.set(&f, c.text)
		s, err := f.Scenario()
		if err == nil {
			_, err = scenario.Normalize(s)
		}
		switch {
		case c.ok && err != nil:
			t.Errorf("%s %q: refused (%v); the command line accepts it", c.name, c.text, err)
		case !c.ok && err == nil:
			t.Errorf("%s %q: accepted; the command line refuses it", c.name, c.text)
		case !c.ok && !strings.Contains(err.Error(), c.want):
			t.Errorf("%s %q: refused with %q, want it to say %q", c.name, c.text, err, c.want)
		}
	}
}

// TestBlankSeedsShowTheirDefault: the generator seed and random seed
// boxes, which run model.DefaultRandomSeed when left blank, show it as
// their placeholder, as the other boxes that take a default when blank
// do; before, a blank seed ran as 1 with nothing saying so.
func TestBlankSeedsShowTheirDefault(t *testing.T) {
	want := `placeholder="` + strconv.FormatUint(model.DefaultRandomSeed, 10) + `"`
	for file, id := range map[string]string{"source-panel.vugu": "gen-seed", "seeds-panel.vugu": "random-seed"} {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		tag := regexp.MustCompile(`<main:Field [^>]*id="` + id + `"[^>]*>`).FindString(string(text))
		if !strings.Contains(tag, want) {
			t.Errorf("%s: the %s box %q has no %s", file, id, tag, want)
		}
	}
	f := DefaultForm()
	f.GenSeed, f.RandomSeed = "", ""
	s, err := f.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	if s.RandomSeed != model.DefaultRandomSeed || s.Graph.Generate == nil || s.Graph.Generate.Seed != model.DefaultRandomSeed {
		t.Errorf("blank seeds ran %d and %+v, want %d", s.RandomSeed, s.Graph.Generate, model.DefaultRandomSeed)
	}
}

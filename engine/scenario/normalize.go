package scenario

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// The kinds of importance (docs/algorithms.md section 1; model's constants).
const (
	// ImportancePageRank is PageRank with a uniform teleport vector.
	ImportancePageRank = model.ImportancePageRank
	// ImportancePersonalized is PageRank with the teleport vector uniform
	// over the seeds (the RankMass paper, Cho and Schonfeld 2007, section 2).
	ImportancePersonalized = model.ImportancePersonalized
)

// The kinds of trust (docs/algorithms.md section 2; Scenario.Trust).
const (
	// TrustSeeds is trust uniform over the seed set (the default).
	TrustSeeds = model.TrustSeeds
	// TrustPageRank is trust equal to the uniform PageRank vector, of
	// which the seeds hold 1-δ (Cho and Schonfeld 2007, section 5).
	TrustPageRank = model.TrustPageRank
)

// Defaults that Normalize fills in.
const (
	// DefaultSeeds is the FPR paper's seed set (Alam et al., section 4):
	// the 160 pages of highest PageRank.
	DefaultSeeds = "top-pagerank:160"
	// DefaultPages is the size of the default generated graph.
	DefaultPages = 100000
	// DefaultCurvePoints is the default number of curve points (docs/algorithms.md
	// section 4: at least 1,000).
	DefaultCurvePoints = 1000
	// DefaultTauSample is the default size of Kendall's tau sample
	// (docs/algorithms.md section 4).
	DefaultTauSample = 5000
	// pagesPerHost is the generator's default host size (gen.Params.Hosts).
	pagesPerHost = 200
)

// Limits of the metric options: beyond them the result would be too large
// to be useful (curve points) or the run too long (lower-bound checkpoints,
// each a PageRank computation).
const (
	maxCurvePoints = 1000000
	maxTauSample   = 1000000
	maxLowerBound  = 1000
)

// DefaultStrategies returns the strategies of the default comparison,
// chosen so that it runs in a few seconds natively on the default graph of
// 100,000 pages: the optimal reference, the omniscient crawler, the FPR
// family (Alam et al.), windowed RankMass (Cho and Schonfeld 2007), the strategies of
// Baeza-Yates et al. 2005 that need neither a previous snapshot nor PageRank
// recomputations, and the baselines.
//
// Left out for their cost, measured on that graph: rankmass (about 3.8
// million virtual re-expansions, over 10 s), batch-pagerank and
// partial-pagerank (about 50 recomputations of PageRank on the known
// graph, over 15 s each). l-neighbor is left out because it downloads
// level by level much like bfs.
//
// The strategies join it through their registrations (crawl.PresetDefault).
func DefaultStrategies() []Strategy {
	ids := crawl.Preset(crawl.PresetDefault)
	out := make([]Strategy, len(ids))
	for i, id := range ids {
		out[i] = Strategy{ID: id}
	}
	return out
}

// Default returns the default scenario: the default comparison
// (DefaultStrategies) on a generated graph of 100,000 pages, importance
// uniform PageRank, seeds the 160 pages of highest PageRank. Normalize
// fills in the rest.
func Default() Scenario {
	return Scenario{
		Version:    Version,
		Graph:      Source{Generate: &Generate{Pages: DefaultPages, Seed: model.DefaultRandomSeed}},
		Importance: ImportancePageRank,
		Trust:      TrustSeeds,
		Damping:    rank.DefaultDamping,
		Tolerance:  rank.DefaultTolerance,
		Seeds:      DefaultSeeds,
		Strategies: DefaultStrategies(),
		RandomSeed: model.DefaultRandomSeed,
		Metrics:    Metrics{CurvePoints: DefaultCurvePoints, TauSample: DefaultTauSample},
	}
}

// fieldErrors collects the problems Normalize finds.
type fieldErrors []error

func (f *fieldErrors) add(field, format string, args ...any) {
	*f = append(*f, &FieldError{Field: field, Message: fmt.Sprintf(format, args...)})
}

func (f fieldErrors) err() error {
	switch len(f) {
	case 0:
		return nil
	case 1:
		return f[0]
	}
	return errors.Join(f...)
}

// Normalize returns the scenario with every default filled in (the
// defaults are given by Default, DefaultStrategies, the registry's
// parameter defaults, crawl.DefaultPoliteness, gen.DefaultParams and
// gen.DefaultEvolveParams) and checks every field. Every problem found is
// a *FieldError naming the field by its JSON path; several are joined with
// errors.Join. Normalize does not look at files: a missing file is found
// when the scenario runs. Normalizing a normalized scenario changes
// nothing. s itself is not changed.
func Normalize(s Scenario) (Scenario, error) {
	out, _, err := normalize(s)
	return out, err
}

// normalize is Normalize, which also returns the seeds parsed (the one
// place a run parses them).
func normalize(s Scenario) (Scenario, seeds.Spec, error) {
	var errs fieldErrors
	var spec seeds.Spec
	out := s
	switch {
	case out.Version == 0:
		out.Version = Version
	case out.Version != Version:
		errs.add("version", "%d is not supported; this program reads version %d", out.Version, Version)
	}
	out.Graph = normalizeSource(s.Graph, &errs)
	if s.Previous != nil {
		out.Previous = normalizePrevious(*s.Previous, &errs)
	}
	switch out.Importance {
	case "":
		out.Importance = ImportancePageRank
	case ImportancePageRank, ImportancePersonalized:
	default:
		errs.add("importance", "%q is not known; want %q or %q", out.Importance, ImportancePageRank, ImportancePersonalized)
	}
	switch out.Trust {
	case "":
		out.Trust = TrustSeeds
	case TrustSeeds, TrustPageRank:
	default:
		errs.add("trust", "%q is not known; want %q (uniform over the seeds) or %q (the uniform PageRank vector)", out.Trust, TrustSeeds, TrustPageRank)
	}
	switch d := out.Damping; {
	case d == 0:
		out.Damping = rank.DefaultDamping
	case !(d > 0 && d <= 1):
		errs.add("damping", "%v is outside (0, 1]", d)
	}
	switch t := out.Tolerance; {
	case t == 0:
		out.Tolerance = rank.DefaultTolerance
	case !(t > 0 && t < 1):
		errs.add("tolerance", "%v is not a positive number below 1", t)
	}
	if strings.TrimSpace(out.Seeds) == "" {
		out.Seeds = DefaultSeeds
		spec = defaultSeedSpec
	} else if parsed, err := seeds.Parse(out.Seeds); err != nil {
		errs.add("seeds", "%s", strings.TrimPrefix(err.Error(), "seeds "))
	} else {
		out.Seeds, spec = parsed.String(), parsed
	}
	if s.SeedStudy != nil {
		st := *s.SeedStudy
		switch {
		case st.Samples == 0:
			st.Samples = seeds.DefaultDistanceSamples
		case st.Samples < 0 || st.Samples > MaxDistanceSamples:
			errs.add("seed_study.samples", "%d is out of range: want %s", st.Samples, countRange(1, MaxDistanceSamples, "searches"))
		}
		out.SeedStudy = &st
	}
	out.Strategies = normalizeStrategies(s.Strategies, out.Previous != nil, s.SeedStudy != nil, &errs)
	if out.Budget < 0 {
		errs.add("budget", "%d is negative; 0 means no limit", out.Budget)
	}
	if s.Politeness != nil {
		out.Politeness = normalizePoliteness(*s.Politeness, &errs)
	}
	out.Metrics = normalizeMetrics(s.Metrics, &errs)
	return out, spec, errs.err()
}

// defaultSeedSpec is DefaultSeeds, parsed.
var defaultSeedSpec = func() seeds.Spec {
	spec, err := seeds.Parse(DefaultSeeds)
	if err != nil {
		panic("scenario: DefaultSeeds does not parse: " + err.Error())
	}
	return spec
}()

func normalizeSource(src Source, errs *fieldErrors) Source {
	switch {
	case src.File != "" && src.Generate != nil:
		errs.add("graph", "give either file or generate, not both")
		return src
	case src.File == "" && src.Generate == nil:
		if src.Format != "" || src.URLs != "" {
			errs.add("graph.file", "missing, yet format or urls are given: they describe a graph file")
			return src
		}
		src.Generate = &Generate{Pages: DefaultPages, Seed: model.DefaultRandomSeed}
	}
	if src.File != "" {
		checkFormat("graph.format", src.Format, errs)
		return src
	}
	if src.Format != "" {
		errs.add("graph.format", "only a graph file has a format; a generated graph has none")
	}
	if src.URLs != "" {
		errs.add("graph.urls", "only a graph file takes a URL list; a generated graph has its own URLs")
	}
	g := normalizeGenerate(*src.Generate)
	if err := GeneratorParams(g).Validate(); err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			msg := strings.TrimPrefix(line, "gen: ")
			errs.add(generatorField(msg), "%s", msg)
		}
	}
	src.Generate = &g
	return src
}

// generatorFields maps the words gen.Params.Validate starts a message
// with to the JSON name of the field it is about.
var generatorFields = []struct{ words, field string }{
	{"pages ", "pages"},
	{"hosts ", "hosts"},
	{"mean out-degree ", "mean_out_degree"},
	{"intra-host share ", "intra_host_share"},
	{"host-size exponent ", "host_size_exponent"},
	{"out-degree exponent ", "out_degree_exponent"},
	{"copy probability ", "copy_probability"},
}

// generatorField returns the JSON path of the generator field a message
// of gen.Params.Validate is about, or "graph.generate" when it names none.
func generatorField(msg string) string {
	for _, f := range generatorFields {
		if strings.HasPrefix(msg, f.words) {
			return "graph.generate." + f.field
		}
	}
	return "graph.generate"
}

func checkFormat(field, format string, errs *fieldErrors) {
	if _, err := graphio.ParseFormat(format); err != nil {
		errs.add(field, "%s", strings.TrimPrefix(err.Error(), "graphio: "))
	}
}

// normalizeGenerate fills the generator's defaults.
func normalizeGenerate(g Generate) Generate {
	def := gen.DefaultParams()
	if g.Pages == 0 {
		g.Pages = DefaultPages
	}
	if g.Hosts == 0 && g.Pages > 0 {
		g.Hosts = max(1, g.Pages/pagesPerHost)
	}
	if g.MeanOutDegree == 0 && g.Pages > 0 {
		g.MeanOutDegree = min(def.MeanOutDegree, float64(g.Pages-1)/2)
	}
	if g.IntraHostShare == nil {
		g.IntraHostShare = ptr(def.IntraHostShare)
	} else {
		g.IntraHostShare = ptr(*g.IntraHostShare)
	}
	if g.HostSizeExponent == 0 {
		g.HostSizeExponent = def.HostSizeExponent
	}
	if g.OutDegreeExponent == 0 {
		g.OutDegreeExponent = def.OutDegreeExponent
	}
	if g.CopyProbability == nil {
		g.CopyProbability = ptr(def.CopyProbability)
	} else {
		g.CopyProbability = ptr(*g.CopyProbability)
	}
	return g
}

// GeneratorParams converts g to gen.Params. g must be normalized
// (Normalize fills the shares it points to); the browser worker uses it
// to generate the graph of a scenario's source on its own.
func GeneratorParams(g Generate) gen.Params {
	return gen.Params{
		Pages:             g.Pages,
		Hosts:             g.Hosts,
		MeanOutDegree:     g.MeanOutDegree,
		IntraHostShare:    *g.IntraHostShare,
		HostSizeExponent:  g.HostSizeExponent,
		OutDegreeExponent: g.OutDegreeExponent,
		CopyProbability:   *g.CopyProbability,
		Seed:              g.Seed,
	}
}

func ptr(v float64) *float64 { return &v }

func normalizePrevious(p PreviousSource, errs *fieldErrors) *PreviousSource {
	switch {
	case p.File != "" && p.Evolve != nil:
		errs.add("previous", "give either file or evolve, not both")
		return &p
	case p.File == "" && p.Evolve == nil:
		errs.add("previous", "give a graph file or evolve parameters ({\"evolve\": {}} takes the defaults)")
		return &p
	case p.File != "":
		checkFormat("previous.format", p.Format, errs)
		return &p
	}
	if p.Format != "" || p.URLs != "" {
		errs.add("previous", "format and urls describe a graph file, not an evolution")
	}
	e := *p.Evolve
	def := gen.DefaultEvolveParams()
	fill := func(v **float64, d float64) {
		if *v == nil {
			*v = ptr(d)
		} else {
			*v = ptr(**v)
		}
	}
	fill(&e.NewPages, def.NewPages)
	fill(&e.RemovedPages, def.RemovedPages)
	fill(&e.NewLinks, def.NewLinks)
	fill(&e.RemovedLinks, def.RemovedLinks)
	if err := evolveParams(e).Validate(); err != nil {
		names := strings.NewReplacer("NewPages", "new_pages", "RemovedPages", "removed_pages",
			"NewLinks", "new_links", "RemovedLinks", "removed_links")
		for _, line := range strings.Split(err.Error(), "\n") {
			field, msg, _ := strings.Cut(strings.TrimPrefix(line, "gen: "), " = ")
			errs.add("previous.evolve."+names.Replace(field), "%s", strings.Replace(msg, "; want", " is not", 1))
		}
	}
	p.Evolve = &e
	return &p
}

// evolveParams converts a normalized Evolve to gen.EvolveParams.
func evolveParams(e Evolve) gen.EvolveParams {
	return gen.EvolveParams{
		NewPages:     *e.NewPages,
		RemovedPages: *e.RemovedPages,
		NewLinks:     *e.NewLinks,
		RemovedLinks: *e.RemovedLinks,
		Seed:         e.Seed,
	}
}

// labelLineBreaks are the characters that end a line somewhere (a table
// printed on a terminal, a CSV or Markdown copy): a strategy's label may
// not hold them. Other control characters are escaped where the label is
// shown.
const labelLineBreaks = "\n\r\v\f\u0085\u2028\u2029"

// MaxStrategies is the most strategies one scenario compares: each is a
// crawl of the whole graph, with its own curves in every table and chart.
const MaxStrategies = 1000

// MaxDistanceSamples bounds the searches of a seed study (seed_study.samples).
const MaxDistanceSamples = 100000

func normalizeStrategies(list []Strategy, hasPrevious, study bool, errs *fieldErrors) []Strategy {
	if list == nil {
		list = DefaultStrategies()
	} else if len(list) == 0 && study {
		return list
	} else if len(list) == 0 {
		errs.add("strategies", "the list is empty; name at least one strategy, or leave the field out for the default comparison")
		return list
	} else if len(list) > MaxStrategies {
		errs.add("strategies", "%s strategies, more than the %s one comparison may hold", model.Count(len(list)), model.Count(MaxStrategies))
		return list
	}
	out := make([]Strategy, len(list))
	labels := make(map[string]int, len(list))
	for i, st := range list {
		field := fmt.Sprintf("strategies[%d]", i)
		info, ok := crawl.Lookup(st.ID)
		if !ok {
			_, _, err := crawl.Resolve(st.ID, nil)
			errs.add(field+".id", "%v", err)
			out[i] = st
			continue
		}
		// Resolve one parameter at a time, so that an error names it.
		bad := false
		for _, name := range sortedNames(st.Params) {
			if _, _, err := crawl.Resolve(st.ID, crawl.Values{name: st.Params[name]}); err != nil {
				errs.add(field+".params."+name, "%v", err)
				bad = true
			}
		}
		if bad {
			out[i] = st
			continue
		}
		_, vals, err := crawl.Resolve(st.ID, st.Params)
		if err != nil {
			errs.add(field+".params", "%v", err)
			out[i] = st
			continue
		}
		if info.NeedsPrevious && !hasPrevious {
			errs.add(field, "%s needs a previous snapshot: set previous to a graph file, or to {\"evolve\": {}} to evolve the graph", st.ID)
		}
		label := st.Label
		if label == "" {
			label = defaultLabel(info, vals)
		}
		if k := strings.IndexAny(label, labelLineBreaks); k >= 0 {
			errs.add(field+".label", "%q holds a line break (%U); a label is shown on one line of tables and legends", label, []rune(label[k:])[0])
		} else if j, dup := labels[label]; dup {
			errs.add(field+".label", "%q is also the label of strategies[%d]; give each strategy its own label", label, j)
		} else {
			labels[label] = i
		}
		if len(vals) == 0 {
			vals = nil // as JSON reads an absent params field
		}
		out[i] = Strategy{ID: st.ID, Params: vals, Label: label}
	}
	return out
}

// defaultLabel is the id with the parameters that differ from their
// defaults, in the registry's order: "fpr-m m=10".
func defaultLabel(info crawl.Info, vals crawl.Values) string {
	label := info.ID
	for _, p := range info.Params {
		if v := vals[p.Name]; v != p.Default {
			label += " " + p.Name + "=" + strconv.FormatFloat(v, 'g', -1, 64)
		}
	}
	return label
}

// Limits of the politeness parameters, so that no simulated time can
// overflow: with every download taking at most 2·maxSeconds (latency plus
// transfer) and waiting at most maxSeconds, a crawl of the most pages a
// graph may have (2^32) lasts below 10^17 seconds, far inside float64.
const (
	// maxConnections is the most connections (model.MaxConnections).
	maxConnections = model.MaxConnections
	// maxSeconds bounds the wait, the latency, and a page's transfer time
	// (page_size / bandwidth).
	maxSeconds = model.MaxPolitenessSeconds
)

func normalizePoliteness(p Politeness, errs *fieldErrors) *Politeness {
	def := crawl.DefaultPoliteness()
	if p.Connections == 0 {
		p.Connections = def.Connections
	} else if p.Connections < 0 || p.Connections > maxConnections {
		errs.add("politeness.connections", "%d is not a number of connections: want 1 to %s", p.Connections, model.Count(maxConnections))
	}
	checked := func(v **float64, d float64, field string) {
		if *v == nil {
			*v = ptr(d)
			return
		}
		*v = ptr(**v)
		if msg := model.PolitenessProblem(field, **v); msg != "" {
			errs.add("politeness."+field, "%s", msg)
		}
	}
	checked(&p.Wait, def.Wait, "wait")
	checked(&p.Latency, def.Latency, "latency")
	checked(&p.PageSize, def.PageSize, "page_size")
	bandwidthGiven := p.Bandwidth != 0
	switch b := p.Bandwidth; {
	case b == 0:
		p.Bandwidth = def.Bandwidth
	case !(b > 0 && !math.IsInf(b, 0)):
		errs.add("politeness.bandwidth", "%s is not a positive number of bytes per second", model.Number(b))
	}
	size, bw := *p.PageSize, p.Bandwidth
	if size >= 0 && !math.IsInf(size, 0) && bw > 0 && !math.IsInf(bw, 0) {
		if transfer := size / bw; transfer > maxSeconds {
			field := "politeness.page_size"
			if bandwidthGiven {
				field = "politeness.bandwidth"
			}
			takes := "takes " + model.About(transfer) + " seconds to transfer"
			if math.IsInf(transfer, 1) {
				takes = "would take longer to transfer than a number of seconds can hold"
			}
			errs.add(field, "a page of %s bytes at %s bytes per second %s; at most %s seconds are allowed, so that simulated times stay computable",
				model.Number(size), model.Number(bw), takes, model.Number(maxSeconds))
		}
	}
	switch p.BandwidthModel {
	case "", model.BandwidthPerConnection, model.BandwidthShared:
	default:
		errs.add("politeness.bandwidth_model", "%q is not a bandwidth model: want %q or %q", p.BandwidthModel, model.BandwidthPerConnection, model.BandwidthShared)
	}
	if p.PageSizes != nil {
		p.PageSizes = normalizePageSizes(*p.PageSizes, errs)
	}
	if *p.Latency == 0 && *p.PageSize == 0 {
		switch {
		case p.PageSizes == nil:
			errs.add("politeness", "a download must take some time: give a positive latency or page_size")
		case p.PageSizes.File == "":
			// The distribution's mean is page_size: every size would be 0.
			errs.add("politeness", "a download must take some time: give a positive latency or page_size, the mean of the page_sizes distribution")
		}
	}
	return &p
}

// normalizePageSizes checks the per-page sizes and fills Sigma.
func normalizePageSizes(ps PageSizes, errs *fieldErrors) *PageSizes {
	switch {
	case ps.File != "" && ps.Distribution != "":
		errs.add("politeness.page_sizes", "give a file or a distribution of sizes, not both")
	case ps.File != "":
		if ps.Sigma != nil || ps.Seed != 0 {
			errs.add("politeness.page_sizes", "sigma and seed describe a distribution; the sizes come from the file %s", ps.File)
		}
		return &ps
	case ps.Distribution != model.PageSizeLogNormal:
		errs.add("politeness.page_sizes.distribution", "%q is not a distribution of sizes: want %q, or give a file", ps.Distribution, model.PageSizeLogNormal)
	}
	if ps.Sigma == nil {
		ps.Sigma = ptr(model.DefaultPageSizeSigma)
	} else if x := *ps.Sigma; !(x >= 0 && x <= model.MaxPageSizeSigma) {
		errs.add("politeness.page_sizes.sigma", "%s is not a sigma of 0 to %d", model.Number(x), model.MaxPageSizeSigma)
	}
	ps.Sigma = ptr(*ps.Sigma)
	return &ps
}

// crawlPoliteness converts a normalized Politeness for the crawler.
func crawlPoliteness(p *Politeness) *crawl.Politeness {
	if p == nil {
		return nil
	}
	return &crawl.Politeness{
		Connections: p.Connections,
		Wait:        *p.Wait,
		Latency:     *p.Latency,
		PageSize:    *p.PageSize,
		Bandwidth:   p.Bandwidth,
		SharedLink:  p.BandwidthModel == model.BandwidthShared,
	}
}

func normalizeMetrics(m Metrics, errs *fieldErrors) Metrics {
	count := func(v *int, def, limit int, field, unit string) {
		switch {
		case *v == 0 && def > 0:
			*v = def
		case *v < 0 || *v > limit:
			// A count with a default takes at least 1: its 0 is the
			// default in Go, and a scenario file may not write it
			// (scenarioZeroDefaults, which words the range alike).
			errs.add("metrics."+field, "%d is out of range: want %s", *v, countRange(min(def, 1), limit, unit))
		}
	}
	count(&m.CurvePoints, DefaultCurvePoints, maxCurvePoints, "curve_points", "points")
	count(&m.TauSample, DefaultTauSample, maxTauSample, "tau_sample", "pages")
	count(&m.LowerBound, 0, maxLowerBound, "lower_bound", "checkpoints")
	return m
}

// countRange words the range of a count, from least to limit units ("1 to
// 1,000,000 points"), as both its checks say it: Normalize's, and the
// refusal of a 0 written for it (scenarioZeroDefaults).
func countRange(least, limit int, unit string) string {
	return fmt.Sprintf("%d to %s %s", least, model.Count(limit), unit)
}

package main

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/ui/formcheck"
)

// Graph sources of the form.
const (
	SourceGenerate = "generate"
	SourceUpload   = "upload"
	// SourceSite is a graph of the page's site, named by its path
	// there (sitegraphs.go).
	SourceSite = "site"
)

// PagePages is the size of the page's default generated graph: small
// enough that the default comparison appears within seconds in a browser
// (the command line's default is 100,000 pages).
const PagePages = 20000

// Form is the scenario as the page edits it: text fields as the user
// typed them, so a value being typed is never lost or rewritten, turned
// into a scenario.Scenario by Scenario, which names the field of any
// mistake.
type Form struct {
	Source string
	// The generator's fields.
	Pages, Hosts, Degree, Intra, GenSeed string
	// The files of the graph, uploaded or of the site (their paths
	// there), as the worker loaded them.
	File, URLs string

	Importance string
	// Trust is the trust vector (scenario.Scenario.Trust): "seeds" or
	// "pagerank".
	Trust      string
	Seeds      string
	RandomSeed string
	Budget     string
	// Relative counts downloads to X against what each crawl collects
	// (scenario.Metrics.Relative).
	Relative bool

	Timed                                           bool
	Connections, Wait, Latency, PageSize, Bandwidth string
	// SharedLink gives Bandwidth to the crawler's one link, shared by
	// the transfers in progress (model.BandwidthShared, crawlsim run
	// -bandwidth-model shared), instead of to each connection.
	SharedLink bool

	// Strategies has one choice per registered strategy, in the
	// registry's order.
	Strategies []StrategyChoice

	// Base is the scenario the form was made from: the fields the form
	// does not show (damping, tolerance, metric options, the generator's
	// exponents and copy probability, a file's format and renumbering,
	// drawn page sizes, labels, the previous snapshot while a strategy
	// needs one) come from it, so a permalink keeps them.
	Base model.Scenario
}

// StrategyChoice is one strategy of the form: whether it is compared, and
// its parameters as typed.
type StrategyChoice struct {
	Info   model.StrategyInfo
	On     bool
	Params map[string]string
	// Label is the label the scenario gave it, kept for a permalink; empty
	// for the default.
	Label string
	// More are the further listings of the strategy in the scenario the
	// form was made from (the same id with other parameters), kept as they
	// are and compared with it while it is chosen; the form lists them
	// under the strategy, each with a Remove button (MoreText, RemoveMore).
	More []model.Strategy
}

// Param is parameter name of the strategy, for a form field.
func (c StrategyChoice) Param(name string) paramField { return paramField{c.Params, name} }

// DefaultForm is the page's opening scenario: the command line's default
// comparison on a generated graph of PagePages pages.
func DefaultForm() Form {
	s := defaultScenario()
	s.Graph.Generate.Pages = PagePages
	return FormOf(s)
}

// OnFile reports whether the form's graph is a file: uploaded, or of the
// page's site.
func (f Form) OnFile() bool { return f.Source == SourceUpload || f.Source == SourceSite }

// FormOf returns the form showing s. A strategy listed twice in s shows
// with the parameters of its first listing; the others are kept in its
// choice's More. A permalink's scenario goes through FormOfLink, which
// drops exact repeats and unknown strategies, saying so.
func FormOf(s model.Scenario) Form {
	def := model.DefaultPoliteness()
	f := Form{
		Base:        s,
		Source:      SourceGenerate,
		Importance:  s.Importance,
		Trust:       s.Trust,
		Relative:    s.Metrics.Relative,
		Seeds:       s.Seeds,
		RandomSeed:  strconv.FormatUint(s.RandomSeed, 10),
		Connections: strconv.Itoa(def.Connections),
		Wait:        num(*def.Wait),
		Latency:     num(*def.Latency),
		PageSize:    num(*def.PageSize),
		Bandwidth:   num(def.Bandwidth),
	}
	if f.Importance == "" {
		f.Importance = model.ImportancePageRank
	}
	if f.Trust == "" {
		f.Trust = model.TrustSeeds
	}
	if f.Seeds == "" {
		f.Seeds = catalogue.DefaultSeeds
	}
	if s.Budget > 0 {
		f.Budget = strconv.FormatInt(s.Budget, 10)
	}
	g := s.Graph.Generate
	if s.Graph.File != "" {
		f.Source, f.File, f.URLs = SourceUpload, s.Graph.File, s.Graph.URLs
		if model.IsSitePath(s.Graph.File) {
			f.Source = SourceSite
		}
		g = nil
	}
	if g == nil {
		g = defaultScenario().Graph.Generate
		g.Pages = PagePages
	}
	f.Pages, f.GenSeed = strconv.Itoa(g.Pages), strconv.FormatUint(g.Seed, 10)
	if g.Hosts > 0 {
		f.Hosts = strconv.Itoa(g.Hosts)
	}
	if g.MeanOutDegree > 0 {
		f.Degree = num(g.MeanOutDegree)
	}
	if g.IntraHostShare != nil {
		f.Intra = num(*g.IntraHostShare)
	}
	if p := s.Politeness; p != nil {
		f.Timed, f.SharedLink = true, p.BandwidthModel == model.BandwidthShared
		if p.Connections > 0 {
			f.Connections = strconv.Itoa(p.Connections)
		}
		for _, v := range []struct {
			to   *string
			from *float64
		}{{&f.Wait, p.Wait}, {&f.Latency, p.Latency}, {&f.PageSize, p.PageSize}} {
			if v.from != nil {
				*v.to = num(*v.from)
			}
		}
		if p.Bandwidth > 0 {
			f.Bandwidth = num(p.Bandwidth)
		}
	}
	for _, info := range catalogue.Strategies {
		c := StrategyChoice{Info: info, Params: map[string]string{}}
		for _, p := range info.Params {
			c.Params[p.Name] = num(p.Default)
		}
		for _, st := range s.Strategies {
			switch {
			case st.ID != info.ID:
			case c.On:
				c.More = append(c.More, st)
			default:
				c.On, c.Label = true, st.Label
				for name, v := range st.Params {
					c.Params[name] = num(v)
				}
			}
		}
		f.Strategies = append(f.Strategies, c)
	}
	return f
}

func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// Scenario returns the comparison the form describes, or an error naming
// each field that does not read. The worker normalises the rest (scenario.Normalize).
func (f Form) Scenario() (model.Scenario, error) {
	s, errs := f.setting()
	f.addStrategies(&s, errs)
	if len(s.Strategies) == 0 {
		errs.Bad("strategies", "choose at least one strategy")
	}
	return s, errs.Err()
}

// noGraphFile is the form's refusal of an upload with no graph file
// chosen: Run's (Form.setting) and Load's (App.LoadFiles) words.
const noGraphFile = "choose a graph file in the Graph panel first; or choose a generated graph"

// Setting returns the scenario of the form without strategies: the graph,
// importance, seeds, random seed, budget and politeness, for work that
// compares no strategy (a seed study), or an error naming each field that
// does not read.
func (f Form) Setting() (model.Scenario, error) {
	s, errs := f.setting()
	return s, errs.Err()
}

// setting reads every field but the strategies.
func (f Form) setting() (model.Scenario, *formcheck.Errors) {
	errs := &formcheck.Errors{Zeros: catalogue.ScenarioZeros}
	s := model.Scenario{
		Version:    f.Base.Version,
		Damping:    f.Base.Damping,
		Tolerance:  f.Base.Tolerance,
		Metrics:    f.Base.Metrics,
		Importance: f.Importance,
		Trust:      f.Trust,
		Seeds:      strings.TrimSpace(f.Seeds),
		RandomSeed: errs.Seed("random seed", f.RandomSeed),
		Budget:     errs.Count("budget", "budget", f.Budget),
	}
	s.Metrics.Relative = f.Relative
	switch f.Source {
	case SourceUpload:
		if f.File == "" {
			errs.Bad("graph", noGraphFile)
		}
		s.Graph = model.Source{File: f.File, URLs: f.URLs}
		if f.Base.Graph.File == f.File {
			s.Graph.Format, s.Graph.Renumber = f.Base.Graph.Format, f.Base.Graph.Renumber
		}
	case SourceSite:
		if f.File == "" {
			errs.Bad("graph", "choose one of this site's graphs in the Graph panel; or choose a generated graph")
		}
		for _, p := range []string{f.File, f.URLs} {
			if err := model.CheckSitePath(p); p != "" && err != nil {
				errs.Bad("graph", "%v", err)
			}
		}
		s.Graph = model.Source{File: f.File, URLs: f.URLs}
		if f.Base.Graph.File == f.File {
			s.Graph.Format, s.Graph.Renumber = f.Base.Graph.Format, f.Base.Graph.Renumber
		}
	default:
		// The generator's fields the form does not show (exponents, copy
		// probability) come from the scenario it was made from.
		g := &model.Generate{}
		if b := f.Base.Graph.Generate; b != nil {
			*g = *b
		}
		g.Pages = pagesField(errs, strings.TrimSpace(f.Pages))
		g.Hosts = int(errs.ScenarioCount("hosts", "graph.generate.hosts", f.Hosts, formcheck.HostsLimit(g.Pages)))
		g.Seed = errs.Seed("generator seed", f.GenSeed)
		g.MeanOutDegree = errs.Positive("mean out-degree", "graph.generate.mean_out_degree", f.Degree)
		g.IntraHostShare = errs.Real("intra-host share", f.Intra)
		errs.Generator(g)
		s.Graph = model.Source{Generate: g}
	}
	if f.Timed {
		p := &model.Politeness{
			Connections: int(errs.Count("connections", "politeness.connections", f.Connections)),
			Wait:        errs.Real("wait", f.Wait),
			Latency:     errs.Real("latency", f.Latency),
			PageSize:    errs.Real("page size", f.PageSize),
		}
		p.Bandwidth = errs.Positive("bandwidth", "politeness.bandwidth", f.Bandwidth)
		if p.Bandwidth == model.DefaultPoliteness().Bandwidth {
			// The default is left to the engine, as crawlsim run leaves
			// it without -bandwidth, so that a page too slow to transfer
			// is refused under the page size typed, not the bandwidth
			// (scenario.Normalize).
			p.Bandwidth = 0
		}
		if f.SharedLink {
			p.BandwidthModel = model.BandwidthShared
		}
		if b := f.Base.Politeness; b != nil {
			// Page sizes drawn at random come from the scenario the form
			// was made from; sizes read from a file the page cannot load
			// are left out (FormOfLink says so).
			if b.PageSizes != nil && b.PageSizes.File == "" {
				sizes := *b.PageSizes
				p.PageSizes = &sizes
			}
		}
		errs.Politeness(p)
		s.Politeness = p
	}
	return s, errs
}

// addStrategies adds the chosen strategies to s, each with the further
// listings it came with (checked: checkCopy), and the previous snapshot
// when one needs it.
func (f Form) addStrategies(s *model.Scenario, errs *formcheck.Errors) {
	for _, c := range f.Strategies {
		if !c.On {
			continue
		}
		st := model.Strategy{ID: c.Info.ID, Label: c.Label}
		for _, p := range c.Info.Params {
			v := errs.Real(c.Info.ID+" "+p.Name, c.Params[p.Name])
			if v != nil && *v != p.Default {
				if st.Params == nil {
					st.Params = model.Values{}
				}
				st.Params[p.Name] = *v
			}
		}
		if c.Info.NeedsPrevious {
			if reason := f.previousReason(); reason != "" {
				errs.Bad(c.Info.ID, "%s", reason)
			}
		}
		if c.Info.NeedsPrevious && s.Previous == nil {
			// The previous snapshot only when a strategy needs it: the
			// scenario's, or, since the page has no second snapshot of
			// its own, an evolution of the graph, of the seed
			// crawlsim run -evolve takes.
			s.Previous = f.Base.Previous
			if s.Previous == nil {
				s.Previous = &model.PreviousSource{Evolve: &model.Evolve{Seed: model.DefaultRandomSeed}}
			}
		}
		s.Strategies = append(s.Strategies, st)
		for _, m := range c.More {
			checkCopy(errs, c, m)
		}
		s.Strategies = append(s.Strategies, c.More...)
	}
}

// Preset is a set of strategies to compare, after one paper.
type Preset struct {
	Name       string
	Paper      string
	Strategies []string
	// Importance, when set, is the importance the paper scores by.
	Importance string
}

// Presets are the comparisons of the papers (docs/algorithms.md, The papers); the
// strategies join them through their registrations (crawl.Info.Presets).
// They are model.PaperPresets, which crawlsim strategies lists too.
var Presets = func() []Preset {
	var out []Preset
	for _, p := range model.PaperPresets() {
		out = append(out, Preset{Name: p.Name, Paper: p.Paper, Strategies: catalogue.Presets[p.ID], Importance: p.Importance})
	}
	return out
}()

// ApplyPreset selects exactly the preset's strategies and its importance.
func (f *Form) ApplyPreset(p Preset) {
	for i := range f.Strategies {
		f.Strategies[i].On = slices.Contains(p.Strategies, f.Strategies[i].Info.ID)
	}
	if p.Importance != "" {
		f.Importance = p.Importance
	}
}

// permalinkKey starts the fragment of a permalink.
const permalinkKey = model.PermalinkKey

// EncodePermalink returns the URL fragment that holds s: its JSON,
// deflated and in URL-safe base64, after "s=" (model.PermalinkFragment).
func EncodePermalink(s model.Scenario) (string, error) {
	data, err := model.Marshal(s)
	if err != nil {
		return "", err
	}
	return model.PermalinkFragment(data)
}

// DecodePermalink reads the scenario of a permalink fragment
// (model.PermalinkData); ok is false when the fragment holds none.
func DecodePermalink(fragment string) (s model.Scenario, ok bool, err error) {
	data, ok, err := model.PermalinkData(fragment)
	if !ok || err != nil {
		return s, ok, err
	}
	s, err = reader.Parse(bytes.NewReader(data), "the link's scenario")
	return s, true, err
}

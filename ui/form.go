package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
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

	// Strategies has one choice per registered strategy, in the
	// registry's order.
	Strategies []StrategyChoice

	// Base is the scenario the form was made from: the fields the form
	// does not show (damping, tolerance, metric options, the generator's
	// exponents and copy probability, a file's format, labels, the
	// previous snapshot while a strategy needs one) come from it, so a
	// permalink keeps them.
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
		f.Timed = true
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
		errs.bad("strategies", "choose at least one strategy")
	}
	return s, errs.err()
}

// Setting returns the scenario of the form without strategies: the graph,
// importance, seeds, random seed, budget and politeness, for work that
// compares no strategy (a seed study), or an error naming each field that
// does not read.
func (f Form) Setting() (model.Scenario, error) {
	s, errs := f.setting()
	return s, errs.err()
}

// fieldErrors gathers the fields of the form that do not read.
type fieldErrors []string

func (e *fieldErrors) bad(field, format string, args ...any) {
	*e = append(*e, field+": "+fmt.Sprintf(format, args...))
}

func (e *fieldErrors) err() error {
	if len(*e) == 0 {
		return nil
	}
	return errors.New(strings.Join(*e, "\n"))
}

// seed reads a random seed, a whole number from 0 to 2^64-1 as the
// command line's seeds; blank is 0.
func (e *fieldErrors) seed(field, text string) uint64 {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0
	}
	v, err := strconv.ParseUint(text, 10, 64)
	if text == typedNotANumber {
		e.notANumber(field, text)
	} else if err != nil {
		e.bad(field, "%q is not a whole number from 0 to %s", text, model.Count(uint64(math.MaxUint64)))
	}
	return v
}

// count reads a whole number that the worker checks (scenario.Normalize,
// as for the command line): the form refuses only what does not read as
// one, and a 0 that the scenario at path would replace by its default
// (scenario.ZeroNotAllowed), in the command line's words; blank is 0, the
// default. A whole number written with an exponent ("2e4") reads as its
// value; one too large to compute with is refused with the field's limit
// (countLimit).
func (e *fieldErrors) count(field, path, text string) int64 {
	return e.countUpTo(field, path, text, countLimit(path))
}

// countUpTo is count with the limit most said of a number too large to
// compute with.
func (e *fieldErrors) countUpTo(field, path, text string, most int64) int64 {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		// Not digits: a whole number as a scenario file writes one
		// (model.WholeNumber, as the worker reads it), or refused.
		digits, number, whole := model.WholeNumber(text)
		switch {
		case !number:
			e.notANumber(field, text)
			return 0
		case !whole:
			e.bad(field, "%q is not a whole number", text)
			return 0
		}
		v, err = strconv.ParseInt(digits, 10, 64)
		switch {
		case err != nil && strings.HasPrefix(digits, "-"):
			e.bad(field, "%s is not allowed: want a number of at least 1", text)
			return 0
		case err != nil || v > most:
			e.bad(field, "%s is too large: at most %s", text, model.Count(most))
			return 0
		}
	}
	if _, defaulted := zeroNotAllowed(path); v == 0 && defaulted {
		e.zero(field, path)
	}
	return v
}

// notANumber refuses text, which does not read as a number; a number box
// holding letters leaves typedNotANumber (Field).
func (e *fieldErrors) notANumber(field, text string) {
	if text == typedNotANumber {
		e.bad(field, "what is typed is not a number")
		return
	}
	e.bad(field, "%q is not a number", text)
}

// zero refuses a 0 typed into the field of the scenario at path, which
// the scenario would read as "absent" and replace by its default.
func (e *fieldErrors) zero(field, path string) {
	want, _ := zeroNotAllowed(path)
	e.bad(field, "0 is not allowed: want %s%s", want, blankDefault)
}

// real reads a number; blank is nil.
func (e *fieldErrors) real(field, text string) *float64 {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil { // typedNotANumber too: it does not parse
		e.notANumber(field, text)
		return nil
	}
	return &v
}

// positive reads a number whose 0 the scenario at path would replace by
// its default (scenario.Normalize): a 0 typed is refused, naming the
// field, rather than silently replaced; a blank field is the default.
func (e *fieldErrors) positive(field, path, text string) float64 {
	v := e.real(field, text)
	if v == nil {
		return 0
	}
	if *v == 0 {
		e.zero(field, path)
	}
	return *v
}

// setting reads every field but the strategies.
func (f Form) setting() (model.Scenario, *fieldErrors) {
	errs := &fieldErrors{}
	s := model.Scenario{
		Version:    f.Base.Version,
		Damping:    f.Base.Damping,
		Tolerance:  f.Base.Tolerance,
		Metrics:    f.Base.Metrics,
		Importance: f.Importance,
		Trust:      f.Trust,
		Seeds:      strings.TrimSpace(f.Seeds),
		RandomSeed: errs.seed("random seed", f.RandomSeed),
		Budget:     errs.count("budget", "budget", f.Budget),
	}
	s.Metrics.Relative = f.Relative
	switch f.Source {
	case SourceUpload:
		if f.File == "" {
			errs.bad("graph", "choose a graph file in the Graph panel, then press Run; or choose a generated graph")
		}
		s.Graph = model.Source{File: f.File, URLs: f.URLs}
		if f.Base.Graph.File == f.File {
			s.Graph.Format = f.Base.Graph.Format
		}
	case SourceSite:
		if f.File == "" {
			errs.bad("graph", "choose one of this site's graphs in the Graph panel; or choose a generated graph")
		}
		for _, p := range []string{f.File, f.URLs} {
			if err := model.CheckSitePath(p); p != "" && err != nil {
				errs.bad("graph", "%v", err)
			}
		}
		s.Graph = model.Source{File: f.File, URLs: f.URLs}
		if f.Base.Graph.File == f.File {
			s.Graph.Format = f.Base.Graph.Format
		}
	default:
		// The generator's fields the form does not show (exponents, copy
		// probability) come from the scenario it was made from.
		g := &model.Generate{}
		if b := f.Base.Graph.Generate; b != nil {
			*g = *b
		}
		g.Pages = errs.pagesField(strings.TrimSpace(f.Pages))
		g.Hosts = int(errs.countUpTo("hosts", "graph.generate.hosts", f.Hosts, hostsLimit(g.Pages)))
		g.Seed = errs.seed("generator seed", f.GenSeed)
		g.MeanOutDegree = errs.positive("mean out-degree", "graph.generate.mean_out_degree", f.Degree)
		g.IntraHostShare = errs.real("intra-host share", f.Intra)
		errs.checkGenerator(f, g)
		s.Graph = model.Source{Generate: g}
	}
	if f.Timed {
		p := &model.Politeness{
			Connections: int(errs.count("connections", "politeness.connections", f.Connections)),
			Wait:        errs.real("wait", f.Wait),
			Latency:     errs.real("latency", f.Latency),
			PageSize:    errs.real("page size", f.PageSize),
		}
		p.Bandwidth = errs.positive("bandwidth", "politeness.bandwidth", f.Bandwidth)
		errs.checkPoliteness(f, p)
		s.Politeness = p
	}
	return s, errs
}

// addStrategies adds the chosen strategies to s, each with the further
// listings it came with (checked: checkCopy), and the previous snapshot
// when one needs it.
func (f Form) addStrategies(s *model.Scenario, errs *fieldErrors) {
	for _, c := range f.Strategies {
		if !c.On {
			continue
		}
		st := model.Strategy{ID: c.Info.ID, Label: c.Label}
		for _, p := range c.Info.Params {
			v := errs.real(c.Info.ID+" "+p.Name, c.Params[p.Name])
			if v != nil && *v != p.Default {
				if st.Params == nil {
					st.Params = model.Values{}
				}
				st.Params[p.Name] = *v
			}
		}
		if c.Info.NeedsPrevious {
			if reason := f.previousReason(); reason != "" {
				errs.bad(c.Info.ID, "%s", reason)
			}
		}
		if c.Info.NeedsPrevious && s.Previous == nil {
			// The previous snapshot only when a strategy needs it: the
			// scenario's, or, since the page has no second snapshot of
			// its own, an evolution of the graph.
			s.Previous = f.Base.Previous
			if s.Previous == nil {
				s.Previous = &model.PreviousSource{Evolve: &model.Evolve{}}
			}
		}
		s.Strategies = append(s.Strategies, st)
		for _, m := range c.More {
			errs.checkCopy(c, m)
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

// Presets are the comparisons of the papers (seeds/README.md); the
// strategies join them through their registrations (crawl.Info.Presets).
var Presets = []Preset{
	{Name: "Crawling a country", Paper: "004",
		Strategies: catalogue.Presets[model.PresetCountry],
		Importance: model.ImportancePageRank},
	{Name: "RankMass crawler", Paper: "001",
		Strategies: catalogue.Presets[model.PresetRankMassCrawler],
		Importance: model.ImportancePersonalized},
	{Name: "Fractional PageRank", Paper: "000",
		Strategies: catalogue.Presets[model.PresetFractionalPageRank],
		Importance: model.ImportancePageRank},
}

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
const permalinkKey = "s="

// EncodePermalink returns the URL fragment that holds s: its JSON,
// deflated and in URL-safe base64, after "s=".
func EncodePermalink(s model.Scenario) (string, error) {
	data, err := model.Marshal(s)
	if err != nil {
		return "", err
	}
	return permalinkOf(data)
}

// permalinkOf returns the URL fragment that holds the scenario JSON data.
func permalinkOf(data []byte) (string, error) {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		return "", err
	}
	w.Write(data)
	if err := w.Close(); err != nil {
		return "", err
	}
	return permalinkKey + base64.RawURLEncoding.EncodeToString(b.Bytes()), nil
}

// maxPermalinkScenario bounds the inflated scenario of a permalink.
const maxPermalinkScenario = 1 << 20

// DecodePermalink reads the scenario of a permalink fragment; ok is false
// when the fragment holds none.
func DecodePermalink(fragment string) (s model.Scenario, ok bool, err error) {
	for _, part := range strings.Split(fragment, "&") {
		if !strings.HasPrefix(part, permalinkKey) {
			continue
		}
		raw, err := base64.RawURLEncoding.DecodeString(part[len(permalinkKey):])
		if err != nil {
			return s, true, fmt.Errorf("the link's scenario is damaged, perhaps cut short (%v)", err)
		}
		data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxPermalinkScenario+1))
		if err != nil {
			return s, true, fmt.Errorf("the link's scenario is damaged, perhaps cut short (%v)", err)
		}
		if len(data) > maxPermalinkScenario {
			return s, true, errors.New("the link's scenario is too large")
		}
		s, err = reader.Parse(bytes.NewReader(data), "the link's scenario")
		return s, true, err
	}
	return s, false, nil
}

package seeds

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Community seeds (Daneshpajouh et al. 2008, section 2; docs/algorithms.md section 6): HITS on the
// graph without its intra-host links, a bipartite core grown around the
// best authority, one of the core's hubs as a seed, the core removed, and
// again until K seeds.

// Defaults of CommunityOptions (Daneshpajouh et al. 2008, sections 2.3-2.4 and 3.4).
const (
	// DefaultDensity is the paper's cover density: complete cores.
	DefaultDensity = 100
	// DefaultMaxHubs bounds a core's hubs, as the paper bounded them at
	// 999 on UK-2002, where some cores had very many.
	DefaultMaxHubs = 999
)

// CommunityOptions are the parameters of Extract-Seeds.
type CommunityOptions struct {
	// K is the number of seeds wanted.
	K int
	// Density is the cover density, in percent, that a fixed-density core
	// keeps (default DefaultDensity). It is used when Size is 0.
	Density float64
	// Size, when positive, grows fixed-size cores instead: NewMembers
	// pages per side per round until |H|+|A| ≥ Size.
	Size int
	// NewMembers is the number of pages a fixed-size core adds per side
	// and round (default 1).
	NewMembers int
	// Iterations is the number of HITS iterations per round (default
	// rank.DefaultHITSIterations, 60).
	Iterations int
	// MaxHubs bounds the hubs of one core (default DefaultMaxHubs).
	MaxHubs int
	// Rand picks the seed among a core's hubs ("a node selected
	// arbitrarily"); nil takes the core's best hub.
	Rand *rand.Rand
	// Workers is the number of goroutines of each HITS iteration.
	Workers int
}

// withDefaults fills the zero fields.
func (o CommunityOptions) withDefaults() CommunityOptions {
	if o.Density == 0 {
		o.Density = DefaultDensity
	}
	if o.NewMembers == 0 {
		o.NewMembers = 1
	}
	if o.Iterations == 0 {
		o.Iterations = rank.DefaultHITSIterations
	}
	if o.MaxHubs == 0 {
		o.MaxHubs = DefaultMaxHubs
	}
	return o
}

// Validate checks the options; an error names the option at fault, not
// the seed set (the caller does).
func (o CommunityOptions) Validate() error {
	switch {
	case o.K < 1:
		return fmt.Errorf("%d seeds; want at least 1", o.K)
	case !(o.Density >= 0 && o.Density <= 100): // NaN too
		return fmt.Errorf("cover density %v; want 0 to 100 (percent)", o.Density)
	case o.Size < 0 || o.Size == 1:
		return fmt.Errorf("core size %d; want at least 2 (a hub and an authority), or 0 for fixed density", o.Size)
	case o.NewMembers < 0:
		return fmt.Errorf("%d new members per round; want at least 1", o.NewMembers)
	case o.Iterations < 0:
		return fmt.Errorf("%d HITS iterations; want at least 1", o.Iterations)
	case o.MaxHubs < 0:
		return fmt.Errorf("at most %d hubs; want at least 1", o.MaxHubs)
	}
	return nil
}

// Core is one extracted bipartite core (model.Core).
type Core = model.Core

// CommunityResult is what Extract-Seeds found (model.CommunityResult).
type CommunityResult = model.CommunityResult

// Extractor runs Extract-Seeds step by step (step.Stepper). A unit of
// budget is one HITS iteration, or one rebuild of the pruned graph, or one
// core extraction.
type Extractor struct {
	opt CommunityOptions
	n   int

	// The pruned graph: every intra-host link dropped; removed pages and
	// their links are dropped when it is rebuilt for a round.
	offsets []uint64
	targets []uint32
	removed []bool

	cur, curT *graph.Graph
	hits      *rank.HITS
	res       CommunityResult
	done      bool

	// The two sides of the core being grown, cleared after every core.
	hubSide, authSide coreSide
}

// ErrNoHosts is NewExtractor's error on a graph without hosts.
var ErrNoHosts = errors.New("the graph has no hosts, and community seeds drop every link within a host (Daneshpajouh et al. 2008, section 3.3.1): give a URL list")

// NewExtractor prepares Extract-Seeds on g, which must have hosts
// (ErrNoHosts). It prunes the intra-host links at once (O(m)). Its
// errors do not name the seed set (the caller does): invalid options
// (CommunityOptions.Validate), no hosts, or the graph's error reading
// its lists.
func NewExtractor(g *graph.Graph, opt CommunityOptions) (*Extractor, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	if !g.HasHosts() {
		return nil, ErrNoHosts
	}
	opt = opt.withDefaults()
	n := g.NumNodes()
	e := &Extractor{opt: opt, n: n, offsets: make([]uint64, n+1), removed: make([]bool, n),
		hubSide: newCoreSide(n), authSide: newCoreSide(n)}
	if err := g.ForEachList(func(i uint32, out []uint32) {
		for _, j := range out {
			if g.IsInterHost(i, j) {
				e.targets = append(e.targets, j)
			}
		}
		e.offsets[i+1] = uint64(len(e.targets))
	}); err != nil {
		return nil, err
	}
	e.res.PrunedLinks = int64(len(e.targets))
	return e, nil
}

// Progress counts the seeds found.
func (e *Extractor) Progress() step.Progress {
	stage := "community seeds"
	if e.hits != nil {
		stage = fmt.Sprintf("community seeds (HITS, round %d)", e.res.Rounds+1)
	}
	return step.Progress{Stage: stage, Done: int64(len(e.res.Seeds)), Total: int64(e.opt.K)}
}

// Result returns the seeds found so far (all of them once Step is done).
func (e *Extractor) Result() CommunityResult { return e.res }

// Step does up to budget units of work.
func (e *Extractor) Step(budget int) (bool, error) {
	for work := 0; work < max(budget, 1) && !e.done; {
		if e.hits == nil {
			if err := e.rebuild(); err != nil {
				return false, err
			}
			h, err := rank.NewHITS(e.cur, e.curT, rank.HITSOptions{Iterations: e.opt.Iterations, Workers: e.opt.Workers})
			if err != nil {
				return false, err
			}
			e.hits = h
			work++
			continue
		}
		before := e.hits.Progress().Done
		finished, err := e.hits.Step(max(budget-work, 1))
		if err != nil {
			return false, err
		}
		work += int(max(e.hits.Progress().Done-before, 1))
		if !finished {
			continue
		}
		r := e.hits.Result()
		e.hits = nil
		e.res.Rounds++
		e.round(r.Hubs, r.Authorities)
		work++
	}
	return e.done, nil
}

// rebuild makes the round's graph: the pruned links between pages not yet
// removed, and its transpose.
func (e *Extractor) rebuild() error {
	offsets := make([]uint64, e.n+1)
	targets := make([]uint32, 0, len(e.targets))
	for i := range e.n {
		if !e.removed[i] {
			for _, j := range e.targets[e.offsets[i]:e.offsets[i+1]] {
				if !e.removed[j] {
					targets = append(targets, j)
				}
			}
		}
		offsets[i+1] = uint64(len(targets))
	}
	g, err := graph.New(offsets, targets)
	if err != nil {
		return err
	}
	e.cur, e.curT = g, g.Transpose()
	return nil
}

// round extracts the best core of this round's HITS scores, takes a seed
// from it and removes it.
func (e *Extractor) round(h, a []float64) {
	best := -1
	for i := range e.n {
		if !e.removed[i] && (best < 0 || a[i] > a[best]) {
			best = i
		}
	}
	if best < 0 || a[best] == 0 {
		// No link is left between hosts: no core can be found.
		e.res.Exhausted, e.done = true, true
		return
	}
	c := e.core(uint32(best), h, a)
	if len(c.Hubs) == 0 {
		// A core without hubs: remove its authority and go on.
		e.res.Skipped++
		e.removed[best] = true
		return
	}
	pick := 0
	if e.opt.Rand != nil {
		pick = e.opt.Rand.IntN(len(c.Hubs))
	}
	c.Seed = c.Hubs[pick]
	c.Hub, c.Authority = h[c.Seed], a[best]
	for _, p := range c.Hubs {
		e.removed[p] = true
	}
	for _, p := range c.Authorities {
		e.removed[p] = true
	}
	e.res.Seeds = append(e.res.Seeds, c.Seed)
	e.res.Cores = append(e.res.Cores, c)
	if len(e.res.Seeds) == e.opt.K {
		e.done = true
	}
}

// core grows a bipartite core from the authority first (docs/algorithms.md section
// 6.3): with fixed cover density, one hub and one authority per round,
// keeping the last sets whose density met the target; with fixed size,
// NewMembers per side per round until the size is reached. Ties go to the
// smaller page id.
func (e *Extractor) core(first uint32, h, a []float64) Core {
	hs, as := &e.hubSide, &e.authSide
	links := int64(0)
	addAuth := func(u uint32) { links += as.join(u, e.curT, hs) } // along its in-links
	addHub := func(v uint32) { links += hs.join(v, e.cur, as) }   // along its out-links
	density := func() float64 {
		if len(hs.members) == 0 {
			return 100
		}
		return 100 * float64(links) / float64(len(hs.members)*len(as.members))
	}

	addAuth(first)
	keptH, keptA, keptLinks := 0, 1, int64(0)
	if e.opt.Size > 0 {
		for len(hs.members)+len(as.members) < e.opt.Size && len(hs.members) < e.opt.MaxHubs {
			newHubs := hs.best(h, min(e.opt.NewMembers, e.opt.MaxHubs-len(hs.members)))
			for _, v := range newHubs {
				addHub(v)
			}
			newAuths := as.best(a, e.opt.NewMembers)
			for _, u := range newAuths {
				addAuth(u)
			}
			if len(newHubs) == 0 && len(newAuths) == 0 {
				break
			}
		}
		keptH, keptA, keptLinks = len(hs.members), len(as.members), links
	} else {
		for len(hs.members) < e.opt.MaxHubs {
			v := hs.best(h, 1)
			if len(v) == 0 {
				break
			}
			addHub(v[0])
			if u := as.best(a, 1); len(u) > 0 {
				addAuth(u[0])
			}
			if density() < e.opt.Density {
				break
			}
			keptH, keptA, keptLinks = len(hs.members), len(as.members), links
		}
	}
	c := Core{Hubs: slices.Clone(hs.members[:keptH]), Authorities: slices.Clone(as.members[:keptA]), Links: keptLinks}
	if keptH > 0 {
		c.Density = 100 * float64(keptLinks) / float64(keptH*keptA)
	}
	hs.clear()
	as.clear()
	return c
}

// coreSide is one side of the core being grown, its hubs or its
// authorities: the members in the order they joined, the candidates (the
// pages linked with a member of the other side), and both as marks by
// page, kept between cores and cleared by clear.
type coreSide struct {
	members, cands []uint32
	in, isCand     []bool
}

func newCoreSide(n int) coreSide {
	return coreSide{in: make([]bool, n), isCand: make([]bool, n)}
}

// join makes page u a member; its neighbours along (a hub's out-links, an
// authority's in-links) become candidates of the other side, and it
// returns how many of them are members of the other side already: the
// links u adds to the core.
func (s *coreSide) join(u uint32, along *graph.Graph, other *coreSide) (links int64) {
	s.in[u] = true
	s.members = append(s.members, u)
	for _, w := range along.Out(u) {
		if other.in[w] {
			links++
		}
		if !other.isCand[w] {
			other.isCand[w] = true
			other.cands = append(other.cands, w)
		}
	}
	return links
}

// best returns the best k candidates that are not members, by score and
// then id.
func (s *coreSide) best(score []float64, k int) []uint32 {
	var pick []uint32
	for _, v := range s.cands {
		if !s.in[v] {
			pick = append(pick, v)
		}
	}
	slices.SortFunc(pick, func(x, y uint32) int {
		if c := cmp.Compare(score[y], score[x]); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	return pick[:min(k, len(pick))]
}

// clear empties the side for the next core.
func (s *coreSide) clear() {
	for _, list := range [][]uint32{s.members, s.cands} {
		for _, v := range list {
			s.in[v], s.isCand[v] = false, false
		}
	}
	s.members, s.cands = s.members[:0], s.cands[:0]
}

// Community is the seed-set kind of community cores.
const Community Kind = "community"

// CommunityOptionsOf returns the extraction options a community spec
// gives (its K, density, size, members and iterations).
func (s Spec) CommunityOptionsOf() CommunityOptions {
	return s.community
}

// parseCommunity reads "K[,density=D|,size=S[,members=M]][,iterations=I]".
func parseCommunity(text, arg string) (Spec, error) {
	parts := strings.Split(arg, ",")
	// The count meets the limit of the options' sizes.
	k, err := parseCount(text, parts[0], math.MaxInt32, "", "community needs a positive count, as in community:10")
	if err != nil {
		return Spec{}, err
	}
	opt := CommunityOptions{K: k}
	for _, p := range parts[1:] {
		// given is the option as typed, which every message below repeats:
		// "size=1e300", not the parsed "size=1e+300".
		given := strings.TrimSpace(p)
		name, value, ok := strings.Cut(given, "=")
		option, known := communityOptions[name]
		if ok && !known {
			return Spec{}, fmt.Errorf("seeds %q: unknown community option %q; want density, size, members or iterations", text, name)
		}
		v, err := strconv.ParseFloat(value, 64)
		if !ok || err != nil && !errors.Is(err, strconv.ErrRange) {
			return Spec{}, fmt.Errorf("seeds %q: %q is not NAME=NUMBER (density, size, members, iterations)", text, p)
		}
		if math.IsNaN(v) {
			return Spec{}, fmt.Errorf("seeds %q: %s is not a number; want %s", text, given, option.want)
		}
		if name != "density" && v > math.MaxInt32 {
			return Spec{}, fmt.Errorf("seeds %q: %s is too large: at most %s", text, given, model.Count(math.MaxInt32))
		}
		if name != "density" && !math.IsInf(v, 0) {
			// A count is read as parseCount reads the community's count
			// (model.WholeNumber): ParseFloat also takes "0x1p4" and
			// rounds "2.0000000000000001" to a whole number. An infinite
			// one is out of range, below.
			_, number, whole := model.WholeNumber(strings.TrimSpace(value))
			if !number {
				return Spec{}, fmt.Errorf("seeds %q: %s is not a number; want %s", text, given, option.want)
			}
			if !whole {
				return Spec{}, fmt.Errorf("seeds %q: %s is not a whole number; want %s", text, given, option.want)
			}
		}
		// Zero would read as "the default" in CommunityOptions: the text
		// form has no zero, so that every value written means itself.
		if !(v >= option.min && v <= option.max) || v == 0 {
			return Spec{}, fmt.Errorf("seeds %q: %s; want %s", text, given, option.want)
		}
		switch name {
		case "density":
			opt.Density = v
		case "size":
			opt.Size = int(v)
		case "members":
			opt.NewMembers = int(v)
		case "iterations":
			opt.Iterations = int(v)
		}
	}
	if opt.Size > 0 && opt.Density != 0 {
		return Spec{}, fmt.Errorf("seeds %q: give density or size, not both", text)
	}
	if opt.NewMembers > 0 && opt.Size == 0 {
		return Spec{}, fmt.Errorf("seeds %q: members=%d needs size: it is the pages a core of fixed size adds per round", text, opt.NewMembers)
	}
	if err := opt.Validate(); err != nil {
		return Spec{}, fmt.Errorf("seeds %q: %w", text, err)
	}
	return Spec{Kind: Community, K: k, community: opt}, nil
}

// communityString writes a community spec back in the notation.
func communityString(s Spec) string {
	b := fmt.Sprintf("community:%d", s.K)
	o := s.community
	if o.Size > 0 {
		b += fmt.Sprintf(",size=%d", o.Size)
		if o.NewMembers > 0 {
			b += fmt.Sprintf(",members=%d", o.NewMembers)
		}
	} else if o.Density != 0 {
		b += ",density=" + strconv.FormatFloat(o.Density, 'g', -1, 64)
	}
	if o.Iterations > 0 {
		b += fmt.Sprintf(",iterations=%d", o.Iterations)
	}
	return b
}

// MaxHITSIterations is the most HITS iterations a round of the community
// search may make (iterations=I, crawlsim seeds -iterations).
const MaxHITSIterations = 100000

// communityOptions are the options of the community seeds' text form
// (parseCommunity): the values each accepts, from min to max (0 never),
// and what a refusal wants.
var communityOptions = map[string]struct {
	min, max float64
	want     string
}{
	"density":    {0, 100, "a density above 0 and at most 100 (percent)"},
	"size":       {2, math.MaxInt32, "a size of at least 2 (a hub and an authority)"},
	"members":    {1, math.MaxInt32, "a number of members of at least 1"},
	"iterations": {1, MaxHITSIterations, "a number of iterations from 1 to 100,000"},
}

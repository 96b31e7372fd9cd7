package gen

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
)

// evolveStream names the random stream of Evolve ("crawlevo" in ASCII).
const evolveStream = 0x637261776c65766f

// evolveCopyProbability is the probability that a link added by Evolve
// copies an existing link's target (preferential by in-degree) rather than
// drawing a uniform page; it matches the generator's default.
const evolveCopyProbability = defaultCopyProbability

// Upper limits of the growth fractions accepted by EvolveParams.Validate.
const (
	maxNewPagesFraction = 10
	maxNewLinksFraction = 10
)

// NoPage marks, in an Evolution's maps, a page that has no counterpart in
// the other snapshot.
const NoPage = ^uint32(0)

// EvolveParams describes how a graph changes between two snapshots. Every
// fraction is relative to the earlier graph: n its pages, m its links. Zero
// means no change of that kind (start from DefaultEvolveParams).
//
// Paper 004 (section 4.2) reports that about 25% new links appear every
// week (after Ntoulas et al.) and that 45% of the pages of a crawl were new
// after four months; the defaults describe a milder step.
type EvolveParams struct {
	// NewPages is the number of pages added, as a fraction of n in
	// [0, 10] (default 0.1).
	NewPages float64
	// RemovedPages is the number of pages removed, as a fraction of n in
	// [0, 1] (default 0.02). The first page of every host is never removed,
	// so fewer may go when the fraction is large.
	RemovedPages float64
	// NewLinks is the number of links added between surviving pages, as a
	// fraction of m in [0, 10] (default 0.1). Links from and to new pages
	// come in addition.
	NewLinks float64
	// RemovedLinks is the number of links between surviving pages that are
	// removed, as a fraction of m in [0, 1] (default 0.05). Links of removed
	// pages go in addition.
	RemovedLinks float64
	// Seed selects the random stream; equal inputs give equal snapshots.
	Seed uint64
}

// DefaultEvolveParams returns the default change between snapshots: 10% new
// pages, 2% removed pages, 10% new and 5% removed links.
func DefaultEvolveParams() EvolveParams {
	return EvolveParams{NewPages: 0.1, RemovedPages: 0.02, NewLinks: 0.1, RemovedLinks: 0.05}
}

// Validate reports every fraction Evolve cannot use.
func (p EvolveParams) Validate() error {
	var errs []error
	check := func(name string, v, limit float64) {
		if !(v >= 0 && v <= limit) {
			errs = append(errs, fmt.Errorf("gen: %s = %v; want a fraction from 0 to %v", name, v, limit))
		}
	}
	check("NewPages", p.NewPages, maxNewPagesFraction)
	check("RemovedPages", p.RemovedPages, 1)
	check("NewLinks", p.NewLinks, maxNewLinksFraction)
	check("RemovedLinks", p.RemovedLinks, 1)
	return errors.Join(errs...)
}

// Evolution maps pages between an earlier snapshot and the later one that
// Evolve returns. The two maps are inverse to each other: OldToNew[o] = l
// exactly when NewToOld[l] = o.
type Evolution struct {
	// Later is the later snapshot.
	Later *graph.Graph
	// OldToNew[o] is the id in Later of page o of the earlier graph, or
	// NoPage when o was removed. A surviving page keeps its id:
	// OldToNew[o] is o or NoPage.
	OldToNew []uint32
	// NewToOld[l] is the id in the earlier graph of page l of Later, or
	// NoPage when l is a new page (l ≥ n) or the remains of a removed page
	// (l < n).
	NewToOld []uint32
}

// Evolve returns a later snapshot of g, changed as p describes, with the
// maps between the pages of both. It does not modify g. It is a
// convenience that runs an Evolver to the end in one call; use an Evolver to
// show progress or to stop early.
//
// Surviving pages keep their ids, URLs and hosts. A removed page keeps its
// id slot too, as the remains of the page: no link leads to it or from it,
// it keeps its URL (so the host table keeps its order), and the maps say it
// is gone (OldToNew = NoPage). It is an isolated page of Later: a crawl
// never reaches it unless it is a seed, and PageRank gives it the share of
// a page nobody links to. The first page of every host is never removed: it
// is the host's root, and the seed choice host-roots (SPEC.md section 2)
// takes the smallest id of each host. New pages get the ids n, n+1, ... in
// order. The maps, not URLs or ids, are authoritative.
//
// Changes, in order:
//   - RemovedPages·n pages (not host roots) are removed, uniformly.
//   - RemovedLinks·m links between surviving pages are removed, uniformly.
//   - NewLinks·m links are added between surviving pages: the source is a
//     uniform surviving page or, equally often, the source of a uniform
//     link (so pages with many links gain more); the target stays on the
//     source's host with the intra-host share of g, and copies the target of
//     an existing link with probability 0.7 (preferential by in-degree) or
//     is a uniform surviving page. A link that g already has is not drawn
//     again, so they are all new.
//   - NewPages·n pages are added. When g has hosts, a new page starts a new
//     host with probability h/n (g's hosts per page) and otherwise joins the
//     host of a uniform page, so large hosts grow most. Each new page gets one
//     link from an earlier page of its host (from a uniform surviving page
//     for the first page of a new host), so that a crawl can discover it, and
//     as many out-links as a uniform surviving page of g has, drawn like the
//     links above among the surviving and new pages.
//
// When g has URLs, a new page on host "x" gets the URL
// "http://x/pageJ.html", J being the number of pages the host had so far,
// or "http://x/" for the first page of a new host; a suffix "-vK" is added
// in the rare case that g already has that URL. New hosts are named
// "hostK.example" with K counting up from the number of hosts, skipping
// names g uses. Later's host table is g's, extended; it is what
// graph.HostsFromURLs derives from Later's URLs when g's table came from
// g's URLs. A graph with URLs but no host table gets one derived from its
// URLs. A graph with neither evolves without hosts, and Later has neither.
//
// Evolve runs in O(n+m) expected time, apart from sorting each page's new
// links (O(a log a) for a page that gains a links), and O(n+m) memory. It
// fails when p does not validate, when g does not validate, or when the
// later snapshot would exceed graph.MaxNodes pages.
func Evolve(g *graph.Graph, p EvolveParams) (*Evolution, error) {
	e, err := NewEvolver(g, p)
	if err != nil {
		return nil, err
	}
	for {
		done, err := e.Step(math.MaxInt)
		if err != nil {
			return nil, err
		}
		if done {
			return e.Evolution(), nil
		}
	}
}

// roundCount returns fraction·count rounded to the nearest integer.
func roundCount(fraction float64, count int) int {
	return int(math.Round(fraction * float64(count)))
}

// Evolver computes the Evolution of Evolve step by step (DESIGN.md
// "Running"). It implements step.Stepper. The result does not depend on the
// budgets Step is called with: it is the one Evolve returns, byte for byte.
//
// The work runs in four stages, each reported by Progress with its own
// Done and Total (items of its passes, as planned when the stage begins):
//
//   - "check": g is validated (as graph.Validate does) and, when it has
//     URLs but no host table, its hosts are read from the URLs. Items are
//     pages.
//   - "pages": pages are removed and added, and the live pages grouped by
//     host. Items are pages, hosts and draws.
//   - "links": links are removed and drawn. Items are pages, draws, and
//     for the new links, pages that gain links and new pages.
//   - "assemble": the later graph's CSR arrays, host table, URLs and maps.
//     Items are pages.
//
// One unit of budget is worth one new page whose links are drawn at random,
// or a batch of cheaper items: 4 URLs parsed or written, pages removed, or
// surviving pages visited to add links; 8 pages read or written with their
// links, URLs hashed or link sources drawn; 64 pages checked, links
// removed or URLs copied; 256 counts and copies. A unit costs about a
// microsecond natively, so a Step of budget units takes roughly budget
// microseconds whatever the stage.
type Evolver struct {
	g     *graph.Graph
	rng   *rand.PCG
	run   *step.Sequence
	err   error // once set, stops run
	p     EvolveParams
	n, m  int
	added int          // new pages
	total int          // pages after
	hosts *graph.Hosts // g's host table, or the one of its URLs; may be nil

	page int // next item of the current pass

	// hostsBuilder reads the host table from g's URLs when g has none.
	hostsBuilder *graph.HostsBuilder

	removed []bool // removed[i] for the old pages
	// candidates lists the pages that may be removed; removals how many are.
	candidates []uint32
	rooted     []bool // rooted[h]: host h's first page has been seen
	removals   int
	// survivors lists the surviving old pages in id order.
	survivors []uint32

	// newHost[j] is the host of new page n+j; hostNames extends the old
	// host names with the new hosts'. usedNames holds g's host names,
	// nextName the next candidate number of a new host's name.
	newHost      []uint32
	hostNames    []string
	usedNames    map[string]uint32
	nextName     int
	noHost       int // the host of unparseable URLs, or -1
	newHostShare float64

	// livePages lists the surviving and new pages of every host, host by
	// host: for host h, the survivors in livePages[hostStart[h]:
	// hostStart[h]+hostSurvivors[h]], then its new pages in id order.
	livePages     []uint32
	hostStart     []int
	hostSurvivors []int
	placed        []int // next free slot of each host while grouping

	intraLinks int     // intra-host links of g
	intraShare float64 // share of g's links that stay on their host

	// between counts g's links between surviving pages; drop of them, at
	// the positions set in dropped, are removed.
	between, drop int
	dropped       []uint64

	// mark[t] == s+1 when page s already links to t (while s's links are
	// drawn); during assembly it holds where each page's discovery links
	// end in discovered.
	mark []uint32

	sources   linkSources
	newLinks  int      // links to add between survivors
	extra     []uint32 // extra[s]: links drawn for survivor s (then: added)
	addedTo   []uint32 // added links' targets, survivor by survivor
	seen      []int    // new pages of each host so far
	parent    []uint32 // parent[j]: the page linking to new page n+j, or NoPage
	ownCount  []uint32 // out-links of each new page
	ownLinks  []uint32 // their targets, page by page
	discovery int      // discovery links

	// Assembly: discovered lists the discovery links' targets grouped by
	// source; kept, addedPos and ownPos are the read positions in the
	// dropped bitmap, addedTo and ownLinks.
	discovered []uint32
	offsets    []uint64
	targets    []uint32
	kept       int
	addedPos   int
	ownPos     int
	laterOf    []uint32

	// URLs: urlIndex is a hash table of g's URL ids (plus one, 0 is empty),
	// hostPages the pages of each host so far, newURLs the new URLs one
	// after the other, ending at newURLEnds.
	urlIndex   []uint32
	hostPages  []int
	newURLs    strings.Builder
	newURLEnds []int
	urls       []string

	maps   *Evolution // the result while its maps are written
	result *Evolution
}

// NewEvolver returns an Evolver for g and p. It checks p, and that the
// later snapshot fits graph.MaxNodes pages; g itself is checked by the
// first steps (stage "check"), which report its validation error.
func NewEvolver(g *graph.Graph, p EvolveParams) (*Evolver, error) {
	if g == nil {
		return nil, errors.New("gen: Evolve needs a graph, got nil")
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if len(g.Offsets) == 0 {
		return nil, fmt.Errorf("gen: Evolve cannot use the graph: %w", g.Validate())
	}
	n, m := len(g.Offsets)-1, len(g.Targets)
	added := roundCount(p.NewPages, n)
	if uint64(n)+uint64(added) > graph.MaxNodes {
		return nil, fmt.Errorf("gen: %d pages plus %d new ones exceed the limit of %d pages", n, added, uint64(graph.MaxNodes))
	}
	e := &Evolver{
		g:     g,
		rng:   rand.NewPCG(p.Seed, evolveStream),
		p:     p,
		n:     n,
		m:     m,
		added: added,
		total: n + added,
		hosts: g.Hosts,
	}
	n64, added64, total64 := int64(n), int64(added), int64(e.total)
	pages := func() int64 { return n64 }
	hosts := func() int64 { return int64(len(e.hosts.Names)) }
	ifHosts := func(size func() int64) func() int64 {
		return func() int64 {
			if e.hosts == nil {
				return 0
			}
			return size()
		}
	}
	e.run = sequence(&e.err, []task{
		{"check", fastItemsPerUnit, pages, e.checkPages},
		{"check", slowItemsPerUnit, func() int64 {
			if g.Hosts == nil && g.URLs != nil {
				return n64
			}
			return 0
		}, e.readHosts},
		{"pages", cheapItemsPerUnit, pages, e.listCandidates},
		{"pages", slowItemsPerUnit, func() int64 { return int64(min(roundCount(p.RemovedPages, n), n)) }, e.removePages},
		{"pages", cheapItemsPerUnit, pages, e.listSurvivors},
		{"pages", scanItemsPerUnit, ifHosts(hosts), e.copyHostNames},
		{"pages", scanItemsPerUnit, ifHosts(func() int64 { return added64 }), e.addPages},
		{"pages", cheapItemsPerUnit, ifHosts(func() int64 { return n64 + added64 }), e.countLivePages},
		{"pages", cheapItemsPerUnit, ifHosts(func() int64 { return int64(len(e.hostNames)) }), e.startLivePages},
		{"pages", cheapItemsPerUnit, ifHosts(func() int64 { return n64 + added64 }), e.groupLivePages},
		{"links", scanItemsPerUnit, ifHosts(pages), e.countIntraLinks},
		{"links", scanItemsPerUnit, pages, e.countBetween},
		{"links", fastItemsPerUnit, func() int64 { return int64(min(roundCount(p.RemovedLinks, m), m)) }, e.dropLinks},
		{"links", fastItemsPerUnit, pages, e.indexSources},
		{"links", scanItemsPerUnit, func() int64 { return int64(roundCount(p.NewLinks, m)) }, e.drawSources},
		{"links", slowItemsPerUnit, pages, e.addLinks},
		{"links", drawnPagesPerUnit, func() int64 { return added64 }, e.linkNewPages},
		{"assemble", cheapItemsPerUnit, func() int64 { return total64 + added64 }, e.countDiscovery},
		{"assemble", cheapItemsPerUnit, func() int64 { return total64 }, e.startDiscovery},
		{"assemble", cheapItemsPerUnit, func() int64 { return added64 }, e.groupDiscovery},
		{"assemble", scanItemsPerUnit, func() int64 { return total64 }, e.buildLists},
		{"assemble", cheapItemsPerUnit, ifHosts(func() int64 { return total64 }), e.buildHostTable},
		{"assemble", scanItemsPerUnit, func() int64 { return e.ifURLs(n64) }, e.indexURLs},
		{"assemble", cheapItemsPerUnit, func() int64 { return e.ifURLs(n64) }, e.countHostPages},
		{"assemble", slowItemsPerUnit, func() int64 { return e.ifURLs(added64) }, e.writeNewURLs},
		{"assemble", fastItemsPerUnit, func() int64 { return e.ifURLs(total64) }, e.listURLs},
		{"assemble", cheapItemsPerUnit, func() int64 { return total64 }, e.buildMaps},
	})
	return e, nil
}

// ifURLs returns size when g has URLs, else 0.
func (e *Evolver) ifURLs(size int64) int64 {
	if e.g.URLs == nil {
		return 0
	}
	return size
}

// Step does up to budget units of work (at least one; see Evolver) and
// reports whether the evolution is complete. It fails only when g does not
// validate; after it has reported done or an error, further calls do
// nothing and report the same.
func (e *Evolver) Step(budget int) (done bool, err error) {
	return e.run.Step(budget)
}

// Progress reports the current stage, with the items done and planned in
// it (see Evolver); Total is 0 before the first Step.
func (e *Evolver) Progress() step.Progress { return e.run.Progress() }

// Evolution returns the result once Step has reported done, and nil before.
func (e *Evolver) Evolution() *Evolution { return e.result }

// pass runs body for the items [e.page, e.page+limit) ∩ [0, size) and
// reports how many it ran and whether it reached size; e.page is then the
// next item, or 0 when the pass is over.
func (e *Evolver) pass(limit int64, size int, body func(lo, hi int)) (int64, bool) {
	lo := e.page
	hi := lo + int(min(limit, int64(size-lo)))
	body(lo, hi)
	if hi < size {
		e.page = hi
		return int64(hi - lo), false
	}
	e.page = 0
	return int64(hi - lo), true
}

// checkPages checks g with graph.Validate's two halves, a bounded number
// of pages per step.
func (e *Evolver) checkPages(limit int64) (int64, bool) {
	fail := func(err error) {
		e.err = fmt.Errorf("gen: Evolve cannot use the graph: %w", err)
	}
	if e.page == 0 {
		if err := e.g.ValidateShape(); err != nil {
			fail(err)
			return 0, true
		}
	}
	return e.pass(limit, e.n, func(lo, hi int) {
		if err := e.g.ValidatePages(lo, hi); err != nil {
			fail(err)
		}
	})
}

// readHosts derives the host table of g's URLs as graph.HostsFromURLs
// does, a bounded number of pages per step, when g has URLs but no table.
func (e *Evolver) readHosts(limit int64) (int64, bool) {
	if e.g.Hosts != nil || e.g.URLs == nil {
		return 0, true
	}
	if e.hostsBuilder == nil {
		e.hostsBuilder = graph.NewHostsBuilder(e.n)
		e.hosts = e.hostsBuilder.Hosts()
	}
	return e.pass(limit, e.n, func(lo, hi int) {
		for i, u := range e.g.URLs[lo:hi] {
			e.hostsBuilder.Set(lo+i, u)
		}
	})
}

// listCandidates lists the pages that may be removed: all but the first
// page of every host.
func (e *Evolver) listCandidates(limit int64) (int64, bool) {
	if e.removed == nil {
		e.removed = make([]bool, e.n)
		e.candidates = make([]uint32, 0, e.n)
		if e.hosts != nil {
			e.rooted = make([]bool, len(e.hosts.Names))
		}
	}
	did, finished := e.pass(limit, e.n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if e.hosts != nil {
				h := e.hosts.Of[i]
				if !e.rooted[h] {
					e.rooted[h] = true
					continue
				}
			}
			e.candidates = append(e.candidates, uint32(i))
		}
	})
	if finished {
		e.rooted = nil
		e.removals = min(roundCount(e.p.RemovedPages, e.n), len(e.candidates))
	}
	return did, finished
}

// removePages removes e.removals of the candidates, uniformly, by Floyd's
// sampling (exactly one draw each): draw j picks among the first
// len-removals+j+1 candidates.
func (e *Evolver) removePages(limit int64) (int64, bool) {
	c := e.candidates
	did, finished := e.pass(limit, e.removals, func(lo, hi int) {
		for j := len(c) - e.removals + lo; j < len(c)-e.removals+hi; j++ {
			t := c[below(e.rng, uint64(j+1))]
			if e.removed[t] {
				t = c[j]
			}
			e.removed[t] = true
		}
	})
	if finished {
		e.candidates = nil
	}
	return did, finished
}

// listSurvivors lists the pages that were not removed.
func (e *Evolver) listSurvivors(limit int64) (int64, bool) {
	if e.survivors == nil {
		e.survivors = make([]uint32, 0, e.n-e.removals)
	}
	return e.pass(limit, e.n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if !e.removed[i] {
				e.survivors = append(e.survivors, uint32(i))
			}
		}
	})
}

// copyHostNames starts the later host names with g's, and when pages are
// added, collects g's names so that new hosts avoid them.
func (e *Evolver) copyHostNames(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	names := e.hosts.Names
	if e.page == 0 {
		e.noHost = -1
		e.hostNames = make([]string, len(names), len(names)+1)
		if e.added > 0 {
			e.usedNames = make(map[string]uint32, len(names))
		}
	}
	return e.pass(limit, len(names), func(lo, hi int) {
		copy(e.hostNames[lo:hi], names[lo:hi])
		for k, name := range names[lo:hi] {
			if e.usedNames != nil {
				e.usedNames[name] = uint32(lo + k)
			}
			if e.noHost < 0 && e.hosts.Unparsed > 0 && name == graph.NoHost {
				e.noHost = lo + k
			}
		}
	})
}

// hostOf returns the host of page i of the later snapshot.
func (e *Evolver) hostOf(i uint32) uint32 {
	if int(i) < e.n {
		return e.hosts.Of[i]
	}
	return e.newHost[int(i)-e.n]
}

// addPages assigns the new pages to hosts: a new host with probability h/n,
// else the host of a uniform page among the old and earlier new ones. A
// page drawn on the host of unparseable URLs starts a new host instead.
func (e *Evolver) addPages(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	if e.newHost == nil {
		e.newHost = make([]uint32, e.added)
		e.newHostShare = 1.0
		if e.n > 0 {
			e.newHostShare = float64(len(e.hosts.Names)) / float64(e.n)
		}
		e.nextName = len(e.hostNames)
	}
	did, finished := e.pass(limit, e.added, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			if e.n+j > 0 && unitFloat(e.rng) >= e.newHostShare {
				if h := e.hostOf(uint32(below(e.rng, uint64(e.n+j)))); int(h) != e.noHost {
					e.newHost[j] = h
					continue
				}
			}
			name := "host" + strconv.Itoa(e.nextName) + ".example"
			for e.isUsed(name) {
				e.nextName++
				name = "host" + strconv.Itoa(e.nextName) + ".example"
			}
			e.nextName++
			e.newHost[j] = uint32(len(e.hostNames))
			e.hostNames = append(e.hostNames, name)
		}
	})
	if finished {
		e.usedNames, e.hostsBuilder = nil, nil
	}
	return did, finished
}

// isUsed reports whether g has a host named name.
func (e *Evolver) isUsed(name string) bool {
	_, used := e.usedNames[name]
	return used
}

// countLivePages counts the surviving and the new pages of every host.
func (e *Evolver) countLivePages(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	if e.hostStart == nil {
		e.hostStart = make([]int, len(e.hostNames)+1)
		e.hostSurvivors = make([]int, len(e.hostNames))
	}
	return e.pass(limit, e.n+e.added, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			switch {
			case k < len(e.survivors):
				e.hostSurvivors[e.hosts.Of[e.survivors[k]]]++
			case k >= e.n:
				e.hostStart[e.newHost[k-e.n]+1]++
			}
		}
	})
}

// startLivePages turns the counts into the start of every host's pages.
func (e *Evolver) startLivePages(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	h := len(e.hostNames)
	if e.placed == nil {
		e.placed = make([]int, h)
	}
	did, finished := e.pass(limit, h, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			e.hostStart[k+1] += e.hostStart[k] + e.hostSurvivors[k]
			e.placed[k] = e.hostStart[k]
		}
	})
	if finished {
		e.livePages = make([]uint32, e.hostStart[h])
	}
	return did, finished
}

// groupLivePages lists the live pages of every host (see Evolver).
func (e *Evolver) groupLivePages(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	did, finished := e.pass(limit, e.n+e.added, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			switch {
			case k < len(e.survivors):
				s := e.survivors[k]
				h := e.hosts.Of[s]
				e.livePages[e.placed[h]] = s
				e.placed[h]++
			case k >= e.n:
				h := e.newHost[k-e.n]
				e.livePages[e.placed[h]] = uint32(k)
				e.placed[h]++
			}
		}
	})
	if finished {
		e.placed = nil
	}
	return did, finished
}

// countIntraLinks finds the share of g's links that stay on their host (0
// when g has no links or no hosts).
func (e *Evolver) countIntraLinks(limit int64) (int64, bool) {
	g := e.g
	if e.hosts == nil || e.m == 0 {
		return 0, true
	}
	did, finished := e.pass(limit, e.n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			h := e.hosts.Of[i]
			for _, t := range g.Targets[g.Offsets[i]:g.Offsets[i+1]] {
				if e.hosts.Of[t] == h {
					e.intraLinks++
				}
			}
		}
	})
	if finished {
		e.intraShare = float64(e.intraLinks) / float64(e.m)
	}
	return did, finished
}

// countBetween counts g's links between surviving pages.
func (e *Evolver) countBetween(limit int64) (int64, bool) {
	g := e.g
	did, finished := e.pass(limit, len(e.survivors), func(lo, hi int) {
		for _, s := range e.survivors[lo:hi] {
			for _, t := range g.Out(s) {
				if !e.removed[t] {
					e.between++
				}
			}
		}
	})
	if finished {
		e.drop = min(roundCount(e.p.RemovedLinks, e.m), e.between)
		e.dropped = make([]uint64, (e.between+63)/64)
	}
	return did, finished
}

// dropLinks chooses the links between surviving pages to remove, uniformly
// by Floyd's sampling over their positions.
func (e *Evolver) dropLinks(limit int64) (int64, bool) {
	return e.pass(limit, e.drop, func(lo, hi int) {
		for j := e.between - e.drop + lo; j < e.between-e.drop+hi; j++ {
			t := int(below(e.rng, uint64(j+1)))
			if e.dropped[t/64]&(1<<(t%64)) != 0 {
				t = j
			}
			e.dropped[t/64] |= 1 << (t % 64)
		}
	})
}

// linkSources finds the source page of a link position of g in expected
// O(1) time. Bucket b covers the positions [b·width, (b+1)·width) and
// first[b] is the page holding position b·width; a lookup starts there and
// walks forward past the pages whose links end before the position. With
// width = ceil(m/n), a walk passes on average, over uniform positions,
// fewer than two pages: it passes only pages that end in the position's
// bucket, n pages over about n buckets.
type linkSources struct {
	offsets []uint64
	width   uint64
	first   []uint32
}

// indexSources builds the linkSources of g when links are to be added.
func (e *Evolver) indexSources(limit int64) (int64, bool) {
	e.newLinks = roundCount(e.p.NewLinks, e.m)
	if e.m == 0 || e.newLinks == 0 || len(e.survivors) == 0 {
		return 0, true
	}
	x := &e.sources
	if x.first == nil {
		m, n := uint64(e.m), uint64(e.n)
		x.offsets = e.g.Offsets
		x.width = (m + n - 1) / n
		x.first = make([]uint32, (m+x.width-1)/x.width)
	}
	return e.pass(limit, e.n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			start, end := x.offsets[i], x.offsets[i+1]
			for b := (start + x.width - 1) / x.width; b*x.width < end; b++ {
				x.first[b] = uint32(i)
			}
		}
	})
}

// source returns the page whose out-links hold position a < m.
func (x *linkSources) source(a uint64) uint32 {
	i := x.first[a/x.width]
	for x.offsets[i+1] <= a {
		i++
	}
	return i
}

// drawSources draws the sources of the links to add between survivors
// (see Evolve), before any target, so that each page's new links are drawn
// together and kept distinct.
func (e *Evolver) drawSources(limit int64) (int64, bool) {
	if len(e.survivors) == 0 || e.newLinks == 0 {
		return 0, true
	}
	if e.extra == nil {
		e.extra = make([]uint32, e.n)
		e.mark = make([]uint32, e.total)
	}
	return e.pass(limit, e.newLinks, func(lo, hi int) {
		for range hi - lo {
			s := e.survivors[below(e.rng, uint64(len(e.survivors)))]
			if e.m > 0 && unitFloat(e.rng) < 0.5 {
				if src := e.sources.source(below(e.rng, uint64(e.m))); !e.removed[src] {
					s = src
				}
			}
			e.extra[s]++
		}
	})
}

// addLinks draws the new links of the surviving pages, in id order, and
// replaces each page's count in extra by the links actually added.
func (e *Evolver) addLinks(limit int64) (int64, bool) {
	if e.extra == nil {
		return 0, true
	}
	g := e.g
	if e.addedTo == nil {
		e.addedTo = make([]uint32, 0, e.newLinks)
		e.sources = linkSources{}
	}
	return e.pass(limit, len(e.survivors), func(lo, hi int) {
		for _, s := range e.survivors[lo:hi] {
			if e.extra[s] == 0 {
				continue
			}
			for _, t := range g.Out(s) {
				e.mark[t] = s + 1
			}
			added := uint32(0)
			for k := uint32(0); k < e.extra[s]; k++ {
				if t, ok := e.drawTarget(s, true); ok {
					e.mark[t] = s + 1
					e.addedTo = append(e.addedTo, t)
					added++
				}
			}
			e.extra[s] = added
		}
	})
}

// linkNewPages gives every new page its discovery link and its out-links.
func (e *Evolver) linkNewPages(limit int64) (int64, bool) {
	g := e.g
	if e.parent == nil {
		e.parent = make([]uint32, e.added)
		e.ownCount = make([]uint32, e.added)
		e.seen = make([]int, len(e.hostNames))
		if e.mark == nil {
			e.mark = make([]uint32, e.total)
		}
	}
	did, finished := e.pass(limit, e.added, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			p := uint32(e.n + j)
			e.parent[j] = NoPage
			if parent, ok := e.discoverer(j); ok {
				e.parent[j] = parent
				e.discovery++
			}
			if len(e.survivors) == 0 {
				continue
			}
			d := g.OutDegree(e.survivors[below(e.rng, uint64(len(e.survivors)))])
			d = min(d, e.total-(e.n-len(e.survivors))-1)
			for k := 0; k < d; k++ {
				if t, ok := e.drawTarget(p, false); ok {
					e.mark[t] = p + 1
					e.ownLinks = append(e.ownLinks, t)
					e.ownCount[j]++
				}
			}
		}
	})
	if finished {
		e.seen = nil
	}
	return did, finished
}

// discoverer returns the page that links to new page n+j so that a crawl
// finds it: a uniform earlier live page of its host, or a uniform surviving
// page for the first page of a new host (any earlier live page when g has
// no hosts). It reports false when there is none.
func (e *Evolver) discoverer(j int) (uint32, bool) {
	if e.hosts == nil {
		earlier := len(e.survivors) + j
		if earlier == 0 {
			return 0, false
		}
		r := int(below(e.rng, uint64(earlier)))
		if r < len(e.survivors) {
			return e.survivors[r], true
		}
		return uint32(e.n + r - len(e.survivors)), true
	}
	h := e.newHost[j]
	earlier := e.hostSurvivors[h] + e.seen[h]
	e.seen[h]++
	if earlier > 0 {
		return e.livePages[e.hostStart[h]+int(below(e.rng, uint64(earlier)))], true
	}
	if len(e.survivors) > 0 {
		return e.survivors[below(e.rng, uint64(len(e.survivors)))], true
	}
	if j > 0 {
		return uint32(e.n + int(below(e.rng, uint64(j)))), true
	}
	return 0, false
}

// drawTarget draws a target for a new link of page s that s does not link
// to yet: among surviving pages when survivorsOnly, else among all live
// pages. It stays on s's host with probability intraShare (when the host has
// another candidate page), copies the target of a uniform link of g with
// probability evolveCopyProbability when that one qualifies, and otherwise
// takes a uniform candidate. After maxTries draws that hit pages s already
// links to, it tries the other kind of link (off the host instead of on it,
// or the reverse) as many times, and then reports false.
func (e *Evolver) drawTarget(s uint32, survivorsOnly bool) (uint32, bool) {
	c := targetChoice{s: s, live: len(e.survivors)}
	if !survivorsOnly {
		c.live += e.total - e.n
	}
	if e.hosts != nil {
		c.host = e.hostOf(s)
		c.hostPool = e.livePages[e.hostStart[c.host]:e.hostStart[c.host+1]]
		if survivorsOnly {
			c.hostPool = c.hostPool[:e.hostSurvivors[c.host]]
		}
		c.intra = len(c.hostPool) > 1 && unitFloat(e.rng) < e.intraShare
	}
	for kind := 0; kind < 2; kind++ {
		for try := 0; try < maxTries; try++ {
			if t, ok := e.drawOnce(&c); ok && t != s && e.mark[t] != s+1 {
				return t, true
			}
		}
		if e.hosts == nil || (!c.intra && len(c.hostPool) <= 1) {
			break
		}
		c.intra = !c.intra
	}
	return 0, false
}

// targetChoice is what drawTarget knows about the link it draws.
type targetChoice struct {
	s        uint32   // the source
	host     uint32   // the source's host
	intra    bool     // whether the link stays on the host
	hostPool []uint32 // the candidate pages on the host
	live     int      // candidate pages: the survivors, then any new pages
}

// drawOnce draws one candidate target, and reports false when the draw
// does not qualify (an inter-host link that would stay on the host).
func (e *Evolver) drawOnce(c *targetChoice) (uint32, bool) {
	g := e.g
	if len(g.Targets) > 0 && unitFloat(e.rng) < evolveCopyProbability {
		t := g.Targets[below(e.rng, uint64(len(g.Targets)))]
		if !e.removed[t] && (e.hosts == nil || (e.hosts.Of[t] == c.host) == c.intra) {
			return t, true
		}
	}
	if c.intra {
		return c.hostPool[below(e.rng, uint64(len(c.hostPool)))], true
	}
	r := int(below(e.rng, uint64(c.live)))
	t := uint32(e.n + r - len(e.survivors))
	if r < len(e.survivors) {
		t = e.survivors[r]
	}
	return t, e.hosts == nil || e.hostOf(t) != c.host
}

// countDiscovery clears mark, then counts the discovery links of every
// page in it.
func (e *Evolver) countDiscovery(limit int64) (int64, bool) {
	if e.mark == nil {
		e.mark = make([]uint32, e.total)
	}
	return e.pass(limit, e.total+e.added, func(lo, hi int) {
		clear(e.mark[min(lo, e.total):min(hi, e.total)])
		for k := max(lo, e.total); k < hi; k++ {
			if p := e.parent[k-e.total]; p != NoPage {
				e.mark[p]++
			}
		}
	})
}

// startDiscovery turns the counts in mark into where each page's discovery
// links start.
func (e *Evolver) startDiscovery(limit int64) (int64, bool) {
	if e.page == 0 {
		e.discovered = make([]uint32, e.discovery)
		e.kept = 0 // the running sum
	}
	return e.pass(limit, e.total, func(lo, hi int) {
		sum := uint32(e.kept)
		for i := lo; i < hi; i++ {
			sum, e.mark[i] = sum+e.mark[i], sum
		}
		e.kept = int(sum)
	})
}

// groupDiscovery lists the discovery links' targets by source; mark[i] is
// then where page i's end.
func (e *Evolver) groupDiscovery(limit int64) (int64, bool) {
	did, finished := e.pass(limit, e.added, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			if p := e.parent[j]; p != NoPage {
				e.discovered[e.mark[p]] = uint32(e.n + j)
				e.mark[p]++
			}
		}
	})
	if finished {
		e.parent, e.kept = nil, 0
	}
	return did, finished
}

// buildLists writes the later graph's out-lists, sorted, page by page: a
// surviving page keeps g's links that were not removed (sorted already),
// merged with its added links, then its discovery links (all to new pages,
// so after the others); a new page's own links are merged with its
// discovery links, which may repeat one of them.
func (e *Evolver) buildLists(limit int64) (int64, bool) {
	g := e.g
	if e.offsets == nil {
		e.offsets = make([]uint64, e.total+1)
		e.targets = make([]uint32, 0, e.between-e.drop+len(e.addedTo)+len(e.ownLinks)+len(e.discovered))
	}
	did, finished := e.pass(limit, e.total, func(lo, hi int) {
		discStart := uint32(0)
		if lo > 0 {
			discStart = e.mark[lo-1]
		}
		for i := lo; i < hi; i++ {
			e.offsets[i] = uint64(len(e.targets))
			disc := e.discovered[discStart:e.mark[i]]
			discStart = e.mark[i]
			switch {
			case i >= e.n:
				j := i - e.n
				own := e.ownLinks[e.ownPos : e.ownPos+int(e.ownCount[j])]
				e.ownPos += len(own)
				slices.Sort(own)
				e.targets = appendMerged(e.targets, own, disc)
			case !e.removed[i]:
				start := len(e.targets)
				for _, t := range g.Targets[g.Offsets[i]:g.Offsets[i+1]] {
					if e.removed[t] {
						continue
					}
					if e.dropped[e.kept/64]&(1<<(e.kept%64)) == 0 {
						e.targets = append(e.targets, t)
					}
					e.kept++
				}
				if e.extra != nil {
					added := e.addedTo[e.addedPos : e.addedPos+int(e.extra[i])]
					e.addedPos += len(added)
					slices.Sort(added)
					e.targets = mergeInto(e.targets, start, added)
				}
				e.targets = append(e.targets, disc...)
			}
		}
	})
	if finished {
		e.offsets[e.total] = uint64(len(e.targets))
		e.targets = slices.Clip(e.targets)
		e.mark, e.discovered, e.dropped, e.extra, e.addedTo, e.ownLinks, e.ownCount = nil, nil, nil, nil, nil, nil, nil
	}
	return did, finished
}

// appendMerged appends the union of the sorted lists a and b to dst,
// sorted, without repeats.
func appendMerged(dst, a, b []uint32) []uint32 {
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] < b[0]:
			dst, a = append(dst, a[0]), a[1:]
		case b[0] < a[0]:
			dst, b = append(dst, b[0]), b[1:]
		default:
			dst, a, b = append(dst, a[0]), a[1:], b[1:]
		}
	}
	return append(append(dst, a...), b...)
}

// mergeInto merges the sorted list add, which shares no entry with
// list[start:], into that sorted tail, from the back, in place.
func mergeInto(list []uint32, start int, add []uint32) []uint32 {
	k := len(list)
	list = append(list, add...)
	w, a := len(list), len(add)
	for a > 0 {
		w--
		if k > start && list[k-1] > add[a-1] {
			k--
			list[w] = list[k]
		} else {
			a--
			list[w] = add[a]
		}
	}
	return list
}

// buildHostTable writes the later snapshot's host of every page.
func (e *Evolver) buildHostTable(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	if e.laterOf == nil {
		e.laterOf = make([]uint32, e.total)
	}
	return e.pass(limit, e.total, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			e.laterOf[i] = e.hostOf(uint32(i))
		}
	})
}

// indexURLs puts g's URLs in a hash table (open addressing, linear
// probing, at most half full) to detect the rare clash of a new URL with an
// old one.
func (e *Evolver) indexURLs(limit int64) (int64, bool) {
	if e.g.URLs == nil {
		return 0, true
	}
	if e.urlIndex == nil {
		size := 1
		for size < 2*e.n {
			size *= 2
		}
		e.urlIndex = make([]uint32, size)
	}
	mask := uint64(len(e.urlIndex) - 1)
	return e.pass(limit, e.n, func(lo, hi int) {
		for i, u := range e.g.URLs[lo:hi] {
			slot := fnv64(u) & mask
			for e.urlIndex[slot] != 0 {
				slot = (slot + 1) & mask
			}
			e.urlIndex[slot] = uint32(lo + i + 1)
		}
	})
}

// hasURL reports whether g has the URL u.
func (e *Evolver) hasURL(u []byte) bool {
	mask := uint64(len(e.urlIndex) - 1)
	for slot := fnv64(u) & mask; e.urlIndex[slot] != 0; slot = (slot + 1) & mask {
		if e.g.URLs[e.urlIndex[slot]-1] == string(u) {
			return true
		}
	}
	return false
}

// countHostPages counts the old pages of every host, for the numbers of
// the new pages' URLs.
func (e *Evolver) countHostPages(limit int64) (int64, bool) {
	if e.g.URLs == nil {
		return 0, true
	}
	if e.hostPages == nil {
		e.hostPages = make([]int, len(e.hostNames))
	}
	return e.pass(limit, e.n, func(lo, hi int) {
		for _, h := range e.hosts.Of[lo:hi] {
			e.hostPages[h]++
		}
	})
}

// writeNewURLs writes the new pages' URLs (see Evolve) one after the other.
func (e *Evolver) writeNewURLs(limit int64) (int64, bool) {
	if e.g.URLs == nil {
		return 0, true
	}
	if e.newURLEnds == nil {
		e.newURLEnds = make([]int, e.added)
	}
	var u []byte
	return e.pass(limit, e.added, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			h := e.newHost[j]
			for v := 0; ; v++ {
				u = append(append(u[:0], "http://"...), e.hostNames[h]...)
				u = append(u, '/')
				if e.hostPages[h] > 0 || v > 0 {
					u = strconv.AppendInt(append(u, "page"...), int64(e.hostPages[h]), 10)
					if v > 0 {
						u = strconv.AppendInt(append(u, "-v"...), int64(v), 10)
					}
					u = append(u, ".html"...)
				}
				if !e.hasURL(u) {
					break
				}
			}
			e.newURLs.Write(u)
			e.newURLEnds[j] = e.newURLs.Len()
			e.hostPages[h]++
		}
	})
}

// listURLs writes the later snapshot's URL list: g's, then the new ones.
func (e *Evolver) listURLs(limit int64) (int64, bool) {
	if e.g.URLs == nil {
		return 0, true
	}
	if e.urls == nil {
		e.urls = make([]string, e.total)
		e.urlIndex, e.hostPages = nil, nil
	}
	all := e.newURLs.String()
	return e.pass(limit, e.total, func(lo, hi int) {
		if lo < e.n {
			copy(e.urls[lo:min(hi, e.n)], e.g.URLs[lo:min(hi, e.n)])
		}
		for i := max(lo, e.n); i < hi; i++ {
			begin := 0
			if i > e.n {
				begin = e.newURLEnds[i-e.n-1]
			}
			e.urls[i] = all[begin:e.newURLEnds[i-e.n]]
		}
	})
}

// buildMaps writes the maps between the snapshots and completes the
// evolution.
func (e *Evolver) buildMaps(limit int64) (int64, bool) {
	if e.maps == nil {
		e.maps = &Evolution{OldToNew: make([]uint32, e.n), NewToOld: make([]uint32, e.total)}
	}
	ev := e.maps
	did, finished := e.pass(limit, e.total, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			switch {
			case i >= e.n:
				ev.NewToOld[i] = NoPage
			case e.removed[i]:
				ev.OldToNew[i], ev.NewToOld[i] = NoPage, NoPage
			default:
				ev.OldToNew[i], ev.NewToOld[i] = uint32(i), uint32(i)
			}
		}
	})
	if !finished {
		return did, false
	}
	later := &graph.Graph{Offsets: e.offsets, Targets: e.targets, URLs: e.urls}
	if e.hosts != nil {
		later.Hosts = &graph.Hosts{Of: e.laterOf, Names: e.hostNames, Unparsed: e.hosts.Unparsed}
	}
	ev.Later = later
	e.result, e.maps = ev, nil
	e.offsets, e.targets, e.urls, e.laterOf, e.removed, e.survivors, e.livePages = nil, nil, nil, nil, nil, nil, nil
	return did, true
}

// fnv64 returns the 64-bit FNV-1a hash of s.
func fnv64[S string | []byte](s S) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

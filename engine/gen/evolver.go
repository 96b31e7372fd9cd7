// The Evolver: its state, its sequence of stages and passes (NewEvolver,
// Step, Progress), and its first stage, "check", which validates the
// earlier graph and reads its hosts from its URLs when it has no table.

package gen

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Evolver computes the Evolution of Evolve step by step (docs/architecture.md,
// "Steppable work"). It implements step.Stepper. The result does not depend on
// the budgets Step is called with: it is the one Evolve returns, byte for
// byte.
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
	g *graph.Graph
	// succ reads g's out-lists, CSR arrays or a graph.Lists (a BVGraph
	// read in place) alike; the evolution runs on one goroutine.
	succ graph.Successors
	// oldOffsets are g.Offsets, or on a graph.Lists the same positions
	// summed from the out-degrees by the first pass (checkPages), for
	// finding the page that holds a link position (linkSources).
	oldOffsets []uint64
	rng        *rand.PCG
	run        *step.Sequence
	err        error // once set, stops run
	p          EvolveParams
	n, m       int
	added      int          // new pages
	total      int          // pages after
	hosts      *graph.Hosts // g's host table, or the one of its URLs; may be nil

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
	if g.IsCSR() && len(g.Offsets) == 0 {
		return nil, fmt.Errorf("gen: Evolve cannot use the graph: %w", g.Validate())
	}
	n, m := g.NumNodes(), int(g.NumArcs())
	added := roundCount(p.NewPages, n)
	if uint64(n)+uint64(added) > graph.MaxNodes {
		return nil, fmt.Errorf("gen: %s pages plus %s new ones exceed the limit of %s pages", model.Count(n), model.Count(added), model.Count(uint64(graph.MaxNodes)))
	}
	e := &Evolver{
		g:          g,
		succ:       g.Successors(),
		oldOffsets: g.Offsets,
		rng:        rand.NewPCG(p.Seed, evolveStream),
		p:          p,
		n:          n,
		m:          m,
		added:      added,
		total:      n + added,
		hosts:      g.Hosts,
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
	if e.oldOffsets == nil {
		e.oldOffsets = make([]uint64, e.n+1)
	}
	return e.pass(limit, e.n, func(lo, hi int) {
		if err := e.g.ValidatePages(lo, hi); err != nil {
			fail(err)
		}
		if !e.g.IsCSR() {
			for i := lo; i < hi; i++ {
				e.oldOffsets[i+1] = e.oldOffsets[i] + uint64(e.g.OutDegree(uint32(i)))
			}
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

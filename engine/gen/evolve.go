package gen

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
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
// maps between the pages of both. It does not modify g.
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
// Evolve runs in O(n log n + m log d) time (sorting URL hashes and
// out-lists, d the largest out-degree) and O(n+m) memory. It fails when p
// does not validate, when g does not validate, or when the later snapshot
// would exceed graph.MaxNodes pages.
func Evolve(g *graph.Graph, p EvolveParams) (*Evolution, error) {
	if g == nil {
		return nil, errors.New("gen: Evolve needs a graph, got nil")
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("gen: Evolve cannot use the graph: %w", err)
	}
	n, m := g.NumNodes(), len(g.Targets)
	added := roundCount(p.NewPages, n)
	if uint64(n)+uint64(added) > graph.MaxNodes {
		return nil, fmt.Errorf("gen: %d pages plus %d new ones exceed the limit of %d pages", n, added, uint64(graph.MaxNodes))
	}
	e := &evolver{
		g:     g,
		rng:   rand.NewPCG(p.Seed, evolveStream),
		n:     n,
		total: n + added,
		hosts: g.Hosts,
	}
	if e.hosts == nil && g.URLs != nil {
		e.hosts = graph.HostsFromURLs(g.URLs)
	}
	e.removePages(roundCount(p.RemovedPages, n))
	e.addPages(added)
	e.groupLivePages()
	e.intraShare = intraShareOf(g, e.hosts)

	b := graph.NewBuilder(e.total)
	e.mark = make([]uint32, e.total)
	e.keepLinks(b, roundCount(p.RemovedLinks, m))
	e.addLinks(b, roundCount(p.NewLinks, m))
	e.linkNewPages(b)
	later, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("gen: Evolve: %w", err)
	}
	later.Hosts, later.URLs = e.laterHosts(), e.laterURLs()

	ev := &Evolution{Later: later, OldToNew: make([]uint32, n), NewToOld: make([]uint32, e.total)}
	for i := range ev.NewToOld {
		ev.NewToOld[i] = NoPage
	}
	for i := 0; i < n; i++ {
		if e.removed[i] {
			ev.OldToNew[i] = NoPage
		} else {
			ev.OldToNew[i] = uint32(i)
			ev.NewToOld[i] = uint32(i)
		}
	}
	return ev, nil
}

// roundCount returns fraction·count rounded to the nearest integer.
func roundCount(fraction float64, count int) int {
	return int(math.Round(fraction * float64(count)))
}

// evolver holds the state of one Evolve call.
type evolver struct {
	g          *graph.Graph
	rng        *rand.PCG
	n, total   int          // pages before and after
	hosts      *graph.Hosts // g's host table, or the one of its URLs; may be nil
	intraShare float64      // share of g's links that stay on their host

	removed []bool // removed[i] for the old pages
	// survivors lists the surviving old pages in id order.
	survivors []uint32
	// newHost[j] is the host of new page n+j; hostNames extends the old
	// host names with the new hosts'.
	newHost   []uint32
	hostNames []string
	// livePages lists the surviving and new pages of every host, host by
	// host: for host h, the survivors in livePages[hostStart[h]:
	// hostStart[h]+hostSurvivors[h]], then its new pages in id order.
	livePages     []uint32
	hostStart     []int
	hostSurvivors []int
	// mark[t] == s+1 when page s already links to t (while s's links are
	// drawn).
	mark []uint32
}

// hostOf returns the host of page i of the later snapshot.
func (e *evolver) hostOf(i uint32) uint32 {
	if int(i) < e.n {
		return e.hosts.Of[i]
	}
	return e.newHost[int(i)-e.n]
}

// removePages removes count pages, uniformly among those that are not the
// first page of their host, by Floyd's sampling (exactly count draws).
func (e *evolver) removePages(count int) {
	n := e.n
	e.removed = make([]bool, n)
	candidates := make([]uint32, 0, n)
	if e.hosts != nil {
		rooted := make([]bool, len(e.hosts.Names))
		for i, h := range e.hosts.Of {
			if rooted[h] {
				candidates = append(candidates, uint32(i))
			}
			rooted[h] = true
		}
	} else {
		for i := 0; i < n; i++ {
			candidates = append(candidates, uint32(i))
		}
	}
	count = min(count, len(candidates))
	for j := len(candidates) - count; j < len(candidates); j++ {
		t := candidates[below(e.rng, uint64(j+1))]
		if e.removed[t] {
			t = candidates[j]
		}
		e.removed[t] = true
	}
	e.survivors = make([]uint32, 0, n-count)
	for i := 0; i < n; i++ {
		if !e.removed[i] {
			e.survivors = append(e.survivors, uint32(i))
		}
	}
}

// addPages assigns the new pages to hosts: a new host with probability h/n,
// else the host of a uniform page among the old and earlier new ones. A
// page drawn on the host of unparseable URLs starts a new host instead.
func (e *evolver) addPages(count int) {
	if e.hosts == nil {
		return
	}
	e.hostNames = slices.Clone(e.hosts.Names)
	noHost := -1
	if e.hosts.Unparsed > 0 {
		noHost = slices.Index(e.hostNames, graph.NoHost)
	}
	newHostShare := 1.0
	if e.n > 0 {
		newHostShare = float64(len(e.hosts.Names)) / float64(e.n)
	}
	var used map[string]bool // g's host names, built when a host is made
	nextName := len(e.hostNames)
	e.newHost = make([]uint32, count)
	for j := range e.newHost {
		if e.n+j > 0 && unitFloat(e.rng) >= newHostShare {
			if h := e.hostOf(uint32(below(e.rng, uint64(e.n+j)))); int(h) != noHost {
				e.newHost[j] = h
				continue
			}
		}
		if used == nil {
			used = make(map[string]bool, len(e.hosts.Names))
			for _, name := range e.hosts.Names {
				used[name] = true
			}
		}
		name := "host" + strconv.Itoa(nextName) + ".example"
		for used[name] {
			nextName++
			name = "host" + strconv.Itoa(nextName) + ".example"
		}
		nextName++
		e.newHost[j] = uint32(len(e.hostNames))
		e.hostNames = append(e.hostNames, name)
	}
}

// groupLivePages lists the live pages of every host (see evolver).
func (e *evolver) groupLivePages() {
	if e.hosts == nil {
		return
	}
	h := len(e.hostNames)
	e.hostStart = make([]int, h+1)
	e.hostSurvivors = make([]int, h)
	for _, s := range e.survivors {
		e.hostSurvivors[e.hosts.Of[s]]++
	}
	for _, nh := range e.newHost {
		e.hostStart[nh+1]++
	}
	for k := 0; k < h; k++ {
		e.hostStart[k+1] += e.hostStart[k] + e.hostSurvivors[k]
	}
	e.livePages = make([]uint32, e.hostStart[h])
	next := slices.Clone(e.hostStart[:h])
	for _, s := range e.survivors {
		k := e.hosts.Of[s]
		e.livePages[next[k]] = s
		next[k]++
	}
	for j, k := range e.newHost {
		e.livePages[next[k]] = uint32(e.n + j)
		next[k]++
	}
}

// intraShareOf returns the share of g's links that stay on their host, or
// 0 when g has no links or no hosts.
func intraShareOf(g *graph.Graph, hosts *graph.Hosts) float64 {
	if hosts == nil || len(g.Targets) == 0 {
		return 0
	}
	intra := 0
	for i := 0; i < g.NumNodes(); i++ {
		h := hosts.Of[i]
		for _, t := range g.Out(uint32(i)) {
			if hosts.Of[t] == h {
				intra++
			}
		}
	}
	return float64(intra) / float64(len(g.Targets))
}

// keepLinks adds g's links between surviving pages to b, except drop of
// them chosen uniformly by Floyd's sampling over their positions.
func (e *evolver) keepLinks(b *graph.Builder, drop int) {
	g := e.g
	between := 0
	for _, s := range e.survivors {
		for _, t := range g.Out(s) {
			if !e.removed[t] {
				between++
			}
		}
	}
	drop = min(drop, between)
	dropped := make([]uint64, (between+63)/64)
	for j := between - drop; j < between; j++ {
		t := int(below(e.rng, uint64(j+1)))
		if dropped[t/64]&(1<<(t%64)) != 0 {
			t = j
		}
		dropped[t/64] |= 1 << (t % 64)
	}
	b.Grow(between - drop)
	k := 0
	for _, s := range e.survivors {
		for _, t := range g.Out(s) {
			if e.removed[t] {
				continue
			}
			if dropped[k/64]&(1<<(k%64)) == 0 {
				b.Add(s, t)
			}
			k++
		}
	}
}

// addLinks adds count new links between surviving pages (see Evolve).
func (e *evolver) addLinks(b *graph.Builder, count int) {
	g := e.g
	if len(e.survivors) == 0 || count == 0 {
		return
	}
	// Draw the sources first, so that each page's new links are drawn
	// together and kept distinct.
	extra := make([]uint32, e.n)
	for range count {
		s := e.survivors[below(e.rng, uint64(len(e.survivors)))]
		if len(g.Targets) > 0 && unitFloat(e.rng) < 0.5 {
			a := below(e.rng, uint64(len(g.Targets)))
			// The source of link a: the last page whose offset is ≤ a.
			src := uint32(sort.Search(e.n, func(i int) bool { return g.Offsets[i+1] > a }))
			if !e.removed[src] {
				s = src
			}
		}
		extra[s]++
	}
	b.Grow(count)
	for _, s := range e.survivors {
		if extra[s] == 0 {
			continue
		}
		for _, t := range g.Out(s) {
			e.mark[t] = s + 1
		}
		for k := uint32(0); k < extra[s]; k++ {
			if t, ok := e.drawTarget(s, true); ok {
				e.mark[t] = s + 1
				b.Add(s, t)
			}
		}
	}
}

// linkNewPages gives every new page its discovery link and its out-links.
func (e *evolver) linkNewPages(b *graph.Builder) {
	g := e.g
	seen := make([]int, len(e.hostNames)) // new pages of each host so far
	for j := 0; j < e.total-e.n; j++ {
		p := uint32(e.n + j)
		if parent, ok := e.discoverer(j, seen); ok {
			b.Add(parent, p)
		}
		if len(e.survivors) == 0 {
			continue
		}
		d := g.OutDegree(e.survivors[below(e.rng, uint64(len(e.survivors)))])
		d = min(d, e.total-(e.n-len(e.survivors))-1)
		for k := 0; k < d; k++ {
			if t, ok := e.drawTarget(p, false); ok {
				e.mark[t] = p + 1
				b.Add(p, t)
			}
		}
	}
}

// discoverer returns the page that links to new page n+j so that a crawl
// finds it: a uniform earlier live page of its host, or a uniform surviving
// page for the first page of a new host (any earlier live page when g has
// no hosts). It reports false when there is none.
func (e *evolver) discoverer(j int, seen []int) (uint32, bool) {
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
	earlier := e.hostSurvivors[h] + seen[h]
	seen[h]++
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
func (e *evolver) drawTarget(s uint32, survivorsOnly bool) (uint32, bool) {
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
func (e *evolver) drawOnce(c *targetChoice) (uint32, bool) {
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

// laterHosts returns the host table of the later snapshot, or nil.
func (e *evolver) laterHosts() *graph.Hosts {
	if e.hosts == nil {
		return nil
	}
	of := make([]uint32, e.total)
	copy(of, e.hosts.Of)
	copy(of[e.n:], e.newHost)
	return &graph.Hosts{Of: of, Names: e.hostNames, Unparsed: e.hosts.Unparsed}
}

// laterURLs returns the URL list of the later snapshot, or nil when g has
// none (see Evolve for the new pages' URLs).
func (e *evolver) laterURLs() []string {
	if e.g.URLs == nil {
		return nil
	}
	urls := make([]string, e.total)
	copy(urls, e.g.URLs)
	// Hashes of g's URLs, sorted, to detect the rare clash of a new URL
	// with an old one (a clash of hashes only adds a needless suffix).
	known := make([]uint64, e.n)
	for i, u := range e.g.URLs {
		known[i] = fnv64(u)
	}
	slices.Sort(known)
	pages := make([]int, len(e.hostNames)) // pages of each host so far
	for _, h := range e.hosts.Of {
		pages[h]++
	}
	// The new URLs are written one after the other into one string.
	var all strings.Builder
	ends := make([]int, len(e.newHost))
	var u []byte
	for j, h := range e.newHost {
		for v := 0; ; v++ {
			u = append(append(u[:0], "http://"...), e.hostNames[h]...)
			u = append(u, '/')
			if pages[h] > 0 || v > 0 {
				u = strconv.AppendInt(append(u, "page"...), int64(pages[h]), 10)
				if v > 0 {
					u = strconv.AppendInt(append(u, "-v"...), int64(v), 10)
				}
				u = append(u, ".html"...)
			}
			if _, clash := slices.BinarySearch(known, fnv64(u)); !clash {
				break
			}
		}
		all.Write(u)
		ends[j] = all.Len()
		pages[h]++
	}
	s, begin := all.String(), 0
	for j, end := range ends {
		urls[e.n+j] = s[begin:end]
		begin = end
	}
	return urls
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

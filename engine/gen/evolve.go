package gen

import (
	"errors"
	"fmt"
	"math"

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
// is the host's root, and the seed choice host-roots (docs/algorithms.md section 2)
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

// Package graph holds crawlsim's directed web graph in compressed sparse row
// (CSR) form, with an optional host table and URL list.
//
// Pages are numbered 0..n-1 with uint32 ids. The out-arcs of page i are
// Targets[Offsets[i]:Offsets[i+1]], sorted increasingly and free of
// duplicates; self-loops are kept (docs/algorithms.md, "Notation"). Offsets are uint64 so a
// native graph may hold more than 2^32 links.
//
// The package is pure Go and computes nothing that depends on where a graph
// came from: readers and writers live in engine/graphio.
package graph

import (
	"errors"
	"fmt"

	"github.com/crawlsim/crawlsim/engine/model"
)

// MaxNodes is the largest number of pages a Graph can hold: ids are uint32
// (model.MaxPages, which the page reads without importing this package).
const MaxNodes = model.MaxPages

// Graph is a directed graph in CSR form. A Graph is immutable once built:
// algorithms only read it, so one Graph may be shared by many of them.
type Graph struct {
	// Offsets has n+1 entries; Offsets[0] == 0 and Offsets[n] == len(Targets).
	Offsets []uint64
	// Targets lists the out-neighbours of every page, page by page, each
	// page's list strictly increasing.
	Targets []uint32
	// Lists, when set, holds the out-lists instead of Offsets and Targets
	// (which are then nil): natively, a BVGraph read in place. Reach the
	// lists of either through Successors.
	Lists Lists
	// Hosts assigns every page to a host; nil when the graph has no hosts.
	Hosts *Hosts
	// URLs holds one URL per page in id order; nil when unknown.
	URLs []string
}

// Hosts is a host table: the host of every page and the host names.
type Hosts struct {
	// Of[i] is the host id of page i; len(Of) is the number of pages.
	Of []uint32
	// Names[h] is the name of host h (lower-cased host name for URL hosts).
	Names []string
	// Unparsed counts the pages whose URL had no host that could be parsed;
	// they all belong to the host named NoHost.
	Unparsed int
}

// NoHost is the name of the host that collects pages whose URL could not be
// parsed. It is one host like any other: a link between two such pages
// counts as intra-host. Statistics report how many pages it holds
// (Hosts.Unparsed) so that a user can judge whether that matters.
const NoHost = "(none)"

// NumNodes returns the number of pages n.
func (g *Graph) NumNodes() int {
	if g.Lists != nil {
		return g.Lists.NumNodes()
	}
	if len(g.Offsets) == 0 {
		return 0
	}
	return len(g.Offsets) - 1
}

// NumArcs returns the number of links m.
func (g *Graph) NumArcs() int64 {
	if g.Lists != nil {
		return g.Lists.NumArcs()
	}
	return int64(len(g.Targets))
}

// Out returns the sorted out-neighbours of page i. On CSR arrays the slice
// aliases the graph and must not be modified; on a Lists it is a fresh
// copy, decoded for this call alone: loops over many pages take a
// Successors instead.
func (g *Graph) Out(i uint32) []uint32 {
	if g.Lists != nil {
		return g.outCopy(i)
	}
	return g.Targets[g.Offsets[i]:g.Offsets[i+1]]
}

// OutDegree returns c_i, the number of distinct out-neighbours of page i.
func (g *Graph) OutDegree(i uint32) int {
	if g.Lists != nil {
		return g.Lists.OutDegree(i)
	}
	return int(g.Offsets[i+1] - g.Offsets[i])
}

// HasHosts reports whether the graph carries a host table.
func (g *Graph) HasHosts() bool { return g.Hosts != nil }

// NumHosts returns the number of hosts, 0 when the graph has no host table.
func (g *Graph) NumHosts() int {
	if g.Hosts == nil {
		return 0
	}
	return len(g.Hosts.Names)
}

// New returns a graph with the given CSR arrays after checking them with
// Validate. The arrays are not copied.
func New(offsets []uint64, targets []uint32) (*Graph, error) {
	g := &Graph{Offsets: offsets, Targets: targets}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return g, nil
}

// Validate checks every invariant of the CSR form and of the optional host
// table and URL list, and returns an error describing the first violation.
// It runs in O(n+m) and never panics, whatever the arrays hold.
func (g *Graph) Validate() error {
	if err := g.ValidateShape(); err != nil {
		return err
	}
	return g.ValidatePages(0, g.NumNodes())
}

// ValidateShape checks the invariants that do not depend on single pages:
// the lengths of the arrays and the first and last offsets. It is the first
// half of Validate, for callers that check pages in bounded steps.
func (g *Graph) ValidateShape() error {
	if g.Lists != nil {
		return g.validateListsShape()
	}
	if len(g.Offsets) == 0 {
		return errors.New("graph: offsets must have n+1 entries, got none")
	}
	n := len(g.Offsets) - 1
	if uint64(n) > MaxNodes {
		return fmt.Errorf("graph: %s pages exceed the limit of %s", model.Count(n), model.Count(uint64(MaxNodes)))
	}
	if g.Offsets[0] != 0 {
		return fmt.Errorf("graph: offsets[0] = %d, want 0", g.Offsets[0])
	}
	if g.Offsets[n] != uint64(len(g.Targets)) {
		return fmt.Errorf("graph: offsets[%d] = %d, want the number of links %d", n, g.Offsets[n], len(g.Targets))
	}
	return g.validateAttachments(n)
}

// ValidatePages checks pages lo..hi-1: offsets, out-lists and host ids. It
// assumes ValidateShape passed, and is the second half of Validate.
func (g *Graph) ValidatePages(lo, hi int) error {
	if g.Lists != nil {
		return g.validateHosts(lo, hi)
	}
	n := len(g.Offsets) - 1
	for i := lo; i < hi; i++ {
		first, last := g.Offsets[i], g.Offsets[i+1]
		if last < first || last > uint64(len(g.Targets)) {
			return fmt.Errorf("graph: offsets of page %d are not increasing (%d then %d)", i, first, last)
		}
		prev := int64(-1)
		for _, t := range g.Targets[first:last] {
			if uint64(t) >= uint64(n) {
				return fmt.Errorf("graph: page %d links to %d, beyond the last page %d", i, t, n-1)
			}
			if int64(t) <= prev {
				return fmt.Errorf("graph: out-links of page %d are not strictly increasing (%d after %d)", i, t, prev)
			}
			prev = int64(t)
		}
	}
	return g.validateHosts(lo, hi)
}

// validateAttachments checks that the host table and URL list, when
// present, cover the n pages.
func (g *Graph) validateAttachments(n int) error {
	if g.Hosts != nil && len(g.Hosts.Of) != n {
		return fmt.Errorf("graph: host table covers %d pages, graph has %d", len(g.Hosts.Of), n)
	}
	if g.URLs != nil && len(g.URLs) != n {
		return fmt.Errorf("graph: URL list has %d entries, graph has %d pages", len(g.URLs), n)
	}
	return nil
}

// validateHosts checks the host ids of pages lo..hi-1.
func (g *Graph) validateHosts(lo, hi int) error {
	if g.Hosts == nil {
		return nil
	}
	for i := lo; i < hi; i++ {
		if int(g.Hosts.Of[i]) >= len(g.Hosts.Names) {
			return fmt.Errorf("graph: page %d has host %d, but there are only %d hosts", i, g.Hosts.Of[i], len(g.Hosts.Names))
		}
	}
	return nil
}

// validateListsShape is ValidateShape for a graph held in a Lists, which
// was checked when it was opened: the page count and the host table and
// URL list against it.
func (g *Graph) validateListsShape() error {
	if g.Offsets != nil || g.Targets != nil {
		return errors.New("graph: holds both CSR arrays and a Lists")
	}
	n := g.NumNodes()
	if uint64(n) > MaxNodes {
		return fmt.Errorf("graph: %s pages exceed the limit of %s", model.Count(n), model.Count(uint64(MaxNodes)))
	}
	return g.validateAttachments(n)
}

// Transpose returns the graph with every arc reversed, in O(n+m) time. Its
// out-lists are the in-lists of g, sorted. Hosts and URLs are shared with g.
// PageRank pulls rank along in-arcs, so it runs on the transpose.
//
// On a Lists the transpose is built in CSR arrays from two sequential
// passes (4 bytes a link): a large BVGraph's transpose is written offline
// instead and read in place.
func (g *Graph) Transpose() *Graph {
	n := g.NumNodes()
	if g.Lists == nil {
		offsets, next := bucketOffsets(n, g.Targets)
		targets := make([]uint32, len(g.Targets))
		for i := 0; i < n; i++ {
			for _, t := range g.Targets[g.Offsets[i]:g.Offsets[i+1]] {
				targets[next[t]] = uint32(i)
				next[t]++
			}
		}
		return &Graph{Offsets: offsets, Targets: targets, Hosts: g.Hosts, URLs: g.URLs}
	}
	in := g.InDegrees()
	offsets := make([]uint64, n+1)
	for i, c := range in {
		offsets[i+1] = offsets[i] + uint64(c)
	}
	next := make([]uint64, n)
	copy(next, offsets[:n])
	in = nil
	targets := make([]uint32, g.NumArcs())
	g.ForEachList(func(i uint32, out []uint32) {
		for _, t := range out {
			targets[next[t]] = i
			next[t]++
		}
	})
	return &Graph{Offsets: offsets, Targets: targets, Hosts: g.Hosts, URLs: g.URLs}
}

// InDegrees returns the in-degree of every page.
func (g *Graph) InDegrees() []uint32 {
	in := make([]uint32, g.NumNodes())
	if g.Lists == nil {
		for _, t := range g.Targets {
			in[t]++
		}
		return in
	}
	g.ForEachList(func(_ uint32, out []uint32) {
		for _, t := range out {
			in[t]++
		}
	})
	return in
}

// IsInterHost reports whether the arc src→dst joins two different hosts. It
// reports false when the graph has no host table.
func (g *Graph) IsInterHost(src, dst uint32) bool {
	return g.Hosts != nil && g.Hosts.Of[src] != g.Hosts.Of[dst]
}

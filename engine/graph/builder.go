package graph

import (
	"fmt"
	"slices"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Builder collects arcs in any order and builds a Graph from them: arcs are
// grouped by source with a counting sort, each out-list is sorted, and
// duplicate arcs are removed; self-loops are kept (docs/algorithms.md,
// "Notation").
//
// The builder holds 8 bytes per added arc until Build.
type Builder struct {
	n   int
	src []uint32
	dst []uint32
}

// NewBuilder returns a builder for a graph of at least n pages. Adding an
// arc that names a larger id grows the graph.
func NewBuilder(n int) *Builder { return &Builder{n: n} }

// Grow reserves room for m more arcs.
func (b *Builder) Grow(m int) {
	b.src = slices.Grow(b.src, m)
	b.dst = slices.Grow(b.dst, m)
}

// SetNodes makes the graph have at least n pages.
func (b *Builder) SetNodes(n int) {
	if n > b.n {
		b.n = n
	}
}

// NumArcs returns the number of arcs added so far, duplicates included.
func (b *Builder) NumArcs() int { return len(b.src) }

// Add records the arc src→dst.
func (b *Builder) Add(src, dst uint32) {
	b.src = append(b.src, src)
	b.dst = append(b.dst, dst)
	if m := int(max(src, dst)) + 1; m > b.n {
		b.n = m
	}
}

// Build returns the graph of the added arcs and releases the builder's
// memory. It fails only when the page count exceeds MaxNodes.
func (b *Builder) Build() (*Graph, error) {
	n := b.n
	if uint64(n) > MaxNodes {
		return nil, fmt.Errorf("graph: %s pages exceed the limit of %s", model.Count(n), model.Count(uint64(MaxNodes)))
	}
	offsets, next := bucketOffsets(n, b.src)
	targets := make([]uint32, len(b.src))
	for k, s := range b.src {
		targets[next[s]] = b.dst[k]
		next[s]++
	}
	b.src, b.dst = nil, nil
	next = nil
	// Sort and deduplicate every out-list in place, compacting as we go.
	w := uint64(0)
	for i := 0; i < n; i++ {
		lo, hi := offsets[i], offsets[i+1]
		list := targets[lo:hi]
		if !isStrictlyIncreasing(list) {
			slices.Sort(list)
		}
		offsets[i] = w
		for k, t := range list {
			if k > 0 && t == list[k-1] {
				continue
			}
			targets[w] = t
			w++
		}
	}
	offsets[n] = w
	if w < uint64(len(targets))*3/4 {
		targets = slices.Clip(slices.Clone(targets[:w]))
	} else {
		targets = targets[:w:w]
	}
	return &Graph{Offsets: offsets, Targets: targets}, nil
}

// bucketOffsets counts the arcs by page, one page a key (an arc's source,
// or its target for the transpose), and returns the CSR offsets of those
// counts and a copy of offsets[:n], the next free place of each page's
// list, for the counting sort that fills the lists.
func bucketOffsets(n int, keys []uint32) (offsets, next []uint64) {
	offsets = make([]uint64, n+1)
	for _, k := range keys {
		offsets[k+1]++
	}
	for i := 0; i < n; i++ {
		offsets[i+1] += offsets[i]
	}
	next = make([]uint64, n)
	copy(next, offsets[:n])
	return offsets, next
}

func isStrictlyIncreasing(list []uint32) bool {
	for k := 1; k < len(list); k++ {
		if list[k] <= list[k-1] {
			return false
		}
	}
	return true
}

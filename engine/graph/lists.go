package graph

import "fmt"

// Lists is a graph's out-lists held in a representation other than the
// CSR arrays: natively, the BVGraph read in place (engine/graphio.BVGraph:
// the compressed file, memory-mapped, decoded list by list). A Graph holds
// either CSR arrays or a Lists, and every algorithm reaches the out-lists
// of both the same way, through Successors (a page at a time, never a
// call per link).
//
// Implementations are safe for concurrent use; each goroutine decodes
// with a Cursor of its own.
type Lists interface {
	// NumNodes returns the number of pages n.
	NumNodes() int
	// NumArcs returns the number of links m.
	NumArcs() int64
	// OutDegree returns c_i, the number of distinct out-neighbours of
	// page i < n.
	OutDegree(i uint32) int
	// NewCursor returns a decoder for one goroutine.
	NewCursor() Cursor
}

// Cursor decodes out-lists for one goroutine. Decoding pages in
// increasing order is the fast path (a list may copy from the lists
// before it, which the cursor keeps); any order works.
type Cursor interface {
	// Out returns the sorted out-list of page i < n, valid until the next
	// call of Out. After a decoding error it returns an empty list.
	Out(i uint32) []uint32
	// Err returns the first decoding error, or nil. A Lists is checked
	// when it is opened, so an error here means the data changed since
	// (a memory-mapped file rewritten while it is read).
	Err() error
}

// Successors answers, for one goroutine, what a page links to, whatever
// the graph's representation: on CSR arrays Out is a slice of them, on a
// Lists it decodes. It is a concrete type so that the CSR case costs a
// branch and no call; a hot loop takes one (Graph.Successors) and asks it
// for each page it expands.
type Successors struct {
	offsets []uint64
	targets []uint32
	cur     Cursor
}

// Successors returns an out-list reader for one goroutine (a value, so
// that a struct may hold one without an allocation of its own).
func (g *Graph) Successors() Successors {
	if g.Lists != nil {
		return Successors{cur: g.Lists.NewCursor()}
	}
	return Successors{offsets: g.Offsets, targets: g.Targets}
}

// Out returns the sorted out-list of page i. On CSR arrays the slice
// aliases the graph; on a Lists it is valid until the next call. Neither
// may be modified.
func (s *Successors) Out(i uint32) []uint32 {
	if s.cur == nil {
		return s.targets[s.offsets[i]:s.offsets[i+1]]
	}
	return s.cur.Out(i)
}

// Touch returns where page i's out-list starts in CSR arrays (0 on a
// Lists): reading it ahead of time brings the offset into the cache, the
// prefetching of a loop that will expand page i soon.
func (s *Successors) Touch(i uint32) uint64 {
	if s.cur == nil {
		return s.offsets[i]
	}
	return 0
}

// Err returns the first decoding error of a Lists (see Cursor.Err); it is
// always nil on CSR arrays.
func (s *Successors) Err() error {
	if s.cur == nil {
		return nil
	}
	return s.cur.Err()
}

// HeldBytes returns the memory a graph's links take in the process: 4 a
// link in CSR arrays (and 8 a page of offsets), PackedLists' bytes, and 0
// for other Lists, whose links stay in a mapped file (their positions
// are the caller's to count).
func (g *Graph) HeldBytes() int64 {
	switch l := g.Lists.(type) {
	case nil:
		return 8*int64(g.NumNodes()+1) + 4*g.NumArcs()
	case *PackedLists:
		return l.Bytes()
	}
	return 0
}

// IsCSR reports whether the graph holds CSR arrays (Offsets and Targets)
// rather than a Lists.
func (g *Graph) IsCSR() bool { return g.Lists == nil }

// ForEachList calls visit on every page i in increasing order with its
// out-list (valid during the call), decoding sequentially on a Lists, and
// returns the first decoding error.
func (g *Graph) ForEachList(visit func(i uint32, out []uint32)) error {
	s := g.Successors()
	n := g.NumNodes()
	for i := 0; i < n; i++ {
		visit(uint32(i), s.Out(uint32(i)))
	}
	return s.Err()
}

// outCopy returns a copy of the out-list of page i of a Lists-backed
// graph, decoded by a cursor of its own. It is the slow path of Graph.Out,
// for code that asks for a few lists; hot loops use Successors.
func (g *Graph) outCopy(i uint32) []uint32 {
	return append([]uint32(nil), g.Lists.NewCursor().Out(i)...)
}

// ToCSR returns g with its out-lists decoded into CSR arrays (g itself
// when it already has them). It is for small graphs and for callers that
// need the arrays (a writer of .csr, the browser); on a large BVGraph it
// takes 4 bytes a link.
func (g *Graph) ToCSR() (*Graph, error) {
	if g.Lists == nil {
		return g, nil
	}
	n := g.NumNodes()
	m := g.NumArcs()
	offsets := make([]uint64, n+1)
	targets := make([]uint32, 0, m)
	err := g.ForEachList(func(i uint32, out []uint32) {
		targets = append(targets, out...)
		offsets[i+1] = uint64(len(targets))
	})
	if err != nil {
		return nil, err
	}
	if int64(len(targets)) != m {
		return nil, fmt.Errorf("graph: decoded %d links, the graph announces %d", len(targets), m)
	}
	c := *g
	c.Lists, c.Offsets, c.Targets = nil, offsets, targets
	return &c, nil
}

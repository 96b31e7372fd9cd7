package rank

import "github.com/crawlsim/crawlsim/engine/graph"

// outDegrees reads c_j, the out-degree of page j, from the graph itself:
// the sweeps along a given transpose hold no vector of inverse
// out-degrees (PageRank, "Determinism and memory"). On CSR arrays it is
// the difference of two offsets; on a Lists, one call of its OutDegree
// a page (a BVGraph reads one code at the start of the list, packed
// lists count the list's bytes), never one a link.
type outDegrees struct {
	offsets []uint64    // the graph's CSR offsets, or nil
	lists   graph.Lists // the graph's lists when offsets is nil
}

// degreesOf returns the out-degrees of g.
func degreesOf(g *graph.Graph) outDegrees {
	if g.IsCSR() {
		return outDegrees{offsets: g.Offsets}
	}
	return outDegrees{lists: g.Lists}
}

// inv returns 1/c_i, 0 for a dangling page: the same bits as the
// layout's vector of them holds.
func (o *outDegrees) inv(i int) float64 {
	var c int
	if o.lists == nil {
		c = int(o.offsets[i+1] - o.offsets[i])
	} else {
		c = o.lists.OutDegree(uint32(i))
	}
	if c == 0 {
		return 0
	}
	return 1 / float64(c)
}

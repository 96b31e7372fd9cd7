package rank

import "github.com/crawlsim/crawlsim/engine/graph"

// outDegrees reads c_j, the out-degree of page j, from the graph itself,
// for the sweeps along a given transpose, which hold no vector of
// inverse out-degrees (pull.go). On CSR arrays it is
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

// at returns c_i.
func (o *outDegrees) at(i int) uint32 {
	if o.lists == nil {
		return uint32(o.offsets[i+1] - o.offsets[i])
	}
	return uint32(o.lists.OutDegree(uint32(i)))
}

// inverse returns 1/c, 0 for a dangling page (c = 0): the same bits as
// the layout's vector of them holds.
func inverse(c uint32) float64 {
	if c == 0 {
		return 0
	}
	return 1 / float64(c)
}

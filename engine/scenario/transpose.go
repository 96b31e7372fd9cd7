package scenario

import "github.com/crawlsim/crawlsim/engine/graph"

// transposer builds the transpose of a graph in bounded steps, giving
// exactly what graph.Graph.Transpose gives (every in-list in increasing
// order, hosts and URLs shared): three passes, each resumable, over the
// links (counting in-degrees), the pages (prefix sums), and the pages
// with their links (filling the in-lists in increasing source order).
type transposer struct {
	g       *graph.Graph
	offsets []uint64
	next    []uint64
	targets []uint32
	pass    int
	cursor  int // next link (pass 0) or page (passes 1 and 2)
}

func newTransposer(g *graph.Graph) *transposer {
	n := g.NumNodes()
	return &transposer{g: g, offsets: make([]uint64, n+1)}
}

// progress counts the items of the three passes.
func (t *transposer) progress() (done, total int64) {
	n, m := int64(t.g.NumNodes()), t.g.NumArcs()
	switch t.pass {
	case 0:
		done = int64(t.cursor)
	case 1:
		done = m + int64(t.cursor)
	default:
		done = m + n + int64(t.cursor)
	}
	return done, 2*n + m
}

// step does about limit items (at least one page or link) and reports the
// items done and whether the transpose is complete.
func (t *transposer) step(limit int64) (int64, bool) {
	g := t.g
	n := g.NumNodes()
	did := int64(0)
	for did < max(limit, 1) && t.pass < 3 {
		switch t.pass {
		case 0: // in-degrees
			end := min(t.cursor+int(min(limit-did, int64(len(g.Targets)))), len(g.Targets))
			for _, q := range g.Targets[t.cursor:end] {
				t.offsets[q+1]++
			}
			did += int64(end-t.cursor) + 1
			t.cursor = end
			if t.cursor == len(g.Targets) {
				t.pass, t.cursor = 1, 0
			}
		case 1: // prefix sums
			end := min(t.cursor+int(min(limit-did, int64(n))), n)
			for i := t.cursor; i < end; i++ {
				t.offsets[i+1] += t.offsets[i]
			}
			did += int64(end-t.cursor) + 1
			t.cursor = end
			if t.cursor == n {
				t.next = make([]uint64, n)
				copy(t.next, t.offsets[:n])
				t.targets = make([]uint32, len(g.Targets))
				t.pass, t.cursor = 2, 0
			}
		case 2: // in-lists, sources in increasing order
			for ; t.cursor < n && did < limit; t.cursor++ {
				p := uint32(t.cursor)
				out := g.Out(p)
				for _, q := range out {
					t.targets[t.next[q]] = p
					t.next[q]++
				}
				did += int64(len(out)) + 1
			}
			if t.cursor == n {
				t.pass = 3
			}
		}
	}
	return max(did, 1), t.pass == 3
}

// graph returns the transpose once step has reported it complete.
func (t *transposer) graph() *graph.Graph {
	return &graph.Graph{Offsets: t.offsets, Targets: t.targets, Hosts: t.g.Hosts, URLs: t.g.URLs}
}

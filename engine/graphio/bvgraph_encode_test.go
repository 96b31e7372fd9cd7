package graphio

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// A test-only BVGraph encoder, written from the format description in
// BVGraph.java (Java WebGraph) and BVComp (webgraph-rs): for every node it
// tries every reference in the window and keeps the shortest encoding.

// bvTestConfig are the parameters of a test encoding.
type bvTestConfig struct {
	window, minIntv int
	zetaK           uint
	flags           string // compressionflags
}

func (c bvTestConfig) props(lists [][]uint32) *BVGraphProperties {
	m := 0
	for _, l := range lists {
		m += len(l)
	}
	return &BVGraphProperties{Nodes: int64(len(lists)), Arcs: int64(m), WindowSize: c.window,
		MaxRefCount: 3, MinIntervalLength: c.minIntv, ZetaK: int(c.zetaK), CompressionFlags: c.flags,
		GraphClass: "it.unimi.dsi.webgraph.BVGraph"}
}

func bvInt2Nat(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

// bvTestEncode encodes sorted, duplicate-free successor lists; it returns
// the .graph bytes and the .offsets bytes.
func bvTestEncode(lists [][]uint32, cfg bvTestConfig) ([]byte, []byte) {
	codes, msg := bvParseFlags(cfg.flags)
	if msg != "" {
		panic(msg)
	}
	var w bvTestBitWriter
	var offs bvTestBitWriter
	prevPos := uint64(0)
	for x := range lists {
		offs.write(codes.offset, w.n-prevPos, cfg.zetaK)
		prevPos = w.n
		var best *bvTestBitWriter
		for r := 0; r <= min(cfg.window, x); r++ {
			var t bvTestBitWriter
			bvTestEncodeList(&t, lists, x, r, cfg, codes)
			if best == nil || t.n < best.n {
				best = &t
			}
			if len(lists[x]) == 0 {
				break
			}
		}
		for i := uint64(0); i < best.n; i++ {
			w.writeBit(uint64(best.buf[i/8]>>(7-i%8)) & 1)
		}
	}
	offs.write(codes.offset, w.n-prevPos, cfg.zetaK)
	return w.bytes(), offs.bytes()
}

// bvTestEncodeList writes the list of node x using reference r.
func bvTestEncodeList(w *bvTestBitWriter, lists [][]uint32, x, r int, cfg bvTestConfig, c bvCodes) {
	k := cfg.zetaK
	cur := lists[x]
	w.write(c.outdegree, uint64(len(cur)), k)
	if len(cur) == 0 {
		return
	}
	if cfg.window > 0 {
		w.write(c.reference, uint64(r), k)
	}
	extras := cur
	if r > 0 {
		ref := lists[x-r]
		in := map[uint32]bool{}
		for _, s := range cur {
			in[s] = true
		}
		// Alternating runs over the referenced list, starting with copy.
		var blocks []uint64
		copying, run := true, uint64(0)
		copied := map[uint32]bool{}
		for _, s := range ref {
			if in[s] != copying {
				blocks = append(blocks, run)
				copying, run = !copying, 0
			}
			run++
			if copying {
				copied[s] = true
			}
		}
		// The last run is implicit.
		w.write(c.blockCount, uint64(len(blocks)), k)
		for i, b := range blocks {
			if i > 0 {
				b--
			}
			w.write(c.block, b, k)
		}
		extras = nil
		for _, s := range cur {
			if !copied[s] {
				extras = append(extras, s)
			}
		}
	}
	if len(extras) == 0 {
		return
	}
	residuals := extras
	if cfg.minIntv > 0 {
		// Intervalize as BVGraph.intervalize does: maximal runs of
		// consecutive successors at least minIntv long.
		var lefts, lens []int
		residuals = nil
		for i := 0; i < len(extras); {
			j := i + 1
			for j < len(extras) && extras[j] == extras[j-1]+1 {
				j++
			}
			if j-i >= cfg.minIntv && j-i >= 2 {
				lefts = append(lefts, int(extras[i]))
				lens = append(lens, j-i)
			} else {
				residuals = append(residuals, extras[i:j]...)
			}
			i = j
		}
		w.write(c.interval, uint64(len(lefts)), k)
		next := 0
		for i := range lefts {
			if i == 0 {
				w.write(c.interval, bvInt2Nat(int64(lefts[0]-x)), k)
			} else {
				w.write(c.interval, uint64(lefts[i]-next-1), k)
			}
			w.write(c.interval, uint64(lens[i]-cfg.minIntv), k)
			next = lefts[i] + lens[i]
		}
	}
	for i, s := range residuals {
		if i == 0 {
			w.write(c.residual, bvInt2Nat(int64(s)-int64(x)), k)
		} else {
			w.write(c.residual, uint64(s-residuals[i-1]-1), k)
		}
	}
}

// bvRandomLists returns n successor lists with the locality BVGraph
// exploits: copies of recent lists with changes, runs of consecutive
// pages, scattered links, self-loops and empty lists.
func bvRandomLists(rng *rand.Rand, n int) [][]uint32 {
	lists := make([][]uint32, n)
	for x := range lists {
		set := map[uint32]bool{}
		switch rng.IntN(5) {
		case 0: // empty
		case 1: // like a recent list
			if x > 0 {
				src := lists[x-1-rng.IntN(min(x, 9))]
				for _, s := range src {
					if rng.IntN(4) != 0 {
						set[s] = true
					}
				}
			}
			fallthrough
		default:
			for i := rng.IntN(6); i > 0; i-- {
				set[uint32(rng.IntN(n))] = true
			}
			if rng.IntN(2) == 0 { // a run
				a := rng.IntN(n)
				for l := rng.IntN(9); l > 0 && a < n; l-- {
					set[uint32(a)] = true
					a++
				}
			}
			if rng.IntN(3) == 0 {
				set[uint32(x)] = true
			}
		}
		for s := range set {
			lists[x] = append(lists[x], s)
		}
		slices.Sort(lists[x])
	}
	return lists
}

// bvListsEqual reports whether a graph holds exactly the given lists.
func bvListsEqual(g *graph.Graph, lists [][]uint32) error {
	if g.NumNodes() != len(lists) {
		return fmt.Errorf("%d pages, want %d", g.NumNodes(), len(lists))
	}
	for i, l := range lists {
		if got := g.Out(uint32(i)); !slices.Equal(got, l) && (len(got) != 0 || len(l) != 0) {
			return fmt.Errorf("page %d: got %v, want %v", i, got, l)
		}
	}
	return nil
}

// bvTestConfigs cover the parameters and every code the reader accepts.
var bvTestConfigs = []bvTestConfig{
	{window: 7, minIntv: 4, zetaK: 3},
	{window: 0, minIntv: 0, zetaK: 3},
	{window: 1, minIntv: 2, zetaK: 1},
	{window: 3, minIntv: 0, zetaK: 5},
	{window: 7, minIntv: 3, zetaK: 3, flags: "OUTDEGREES_GAMMA|REFERENCES_UNARY|BLOCKS_GAMMA|RESIDUALS_ZETA|OFFSETS_GAMMA|BLOCK_COUNT_GAMMA|INTERVALS_GAMMA"},
	{window: 7, minIntv: 4, zetaK: 2, flags: "OUTDEGREES_DELTA | RESIDUALS_GAMMA | REFERENCES_GAMMA | OFFSETS_DELTA"},
	{window: 5, minIntv: 4, zetaK: 3, flags: "BLOCKS_DELTA|BLOCK_COUNT_UNARY|RESIDUALS_DELTA|REFERENCES_DELTA"},
	{window: 4, minIntv: 2, zetaK: 4, flags: "RESIDUALS_NIBBLE|INTERVALS_DELTA|OUTDEGREES_ZETA|REFERENCES_ZETA"},
	{window: 2, minIntv: 5, zetaK: 6, flags: "RESIDUALS_GOLOMB|BLOCK_COUNT_DELTA|BLOCKS_ZETA|INTERVALS_ZETA|OUTDEGREES_UNARY"},
	{window: 7, minIntv: 4, zetaK: 3, flags: "RESIDUALS_UNARY|INTERVALS_UNARY|BLOCKS_UNARY|BLOCK_COUNT_GAMMA"},
}

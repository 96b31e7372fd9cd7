package crawl

import (
	"math"
	"math/bits"

	"github.com/crawlsim/crawlsim/engine/internal/prefetch"
)

// keyTree is the frontier of a keysInHeap strategy (opic, fpr, fpr-m) on
// one host. Those strategies change a page's key once for every link of
// every download, so the cost of a key change is what their crawls cost.
// In a heap a page sits wherever its key has put it, and a key change
// reads the page's heap position, its key beside it and its parent's, each
// at random in arrays of n entries, and writes the position of every page
// it moves past. Here everything is kept in page order: the keys in an
// array by page, a bit a page for the pages held, and a tournament tree
// whose leaves are blocks of treeBlock consecutive pages, each leaf the
// best page held in its block, each inner node the better of its two
// children. The links of a page mostly lead to pages near it in page
// order (pages of one host are numbered together), so the keys a download
// changes share cache lines, and a raised key that does not beat its
// block's best (most of them) costs its key and its leaf; one that does
// climbs the tree only while it wins, through levels shared by every
// block and so kept in the cache. Taking the best page costs a scan of
// its block's held pages and the path from its leaf to the root.
//
// The order is pageHeap's, a total order: the larger key first, then the
// earlier discovery, then the smaller id; the root is the first page of
// that order among the pages held, as a heap's top is, so a crawl takes
// the same pages in the same order.
type keyTree struct {
	key  []float64 // by page: its key while held, its last key after
	held []uint64  // a bit a page: held (selectable)
	seq  []uint32  // discovery number by page
	// node is the tree: node[1] the root, node[i]'s children node[2i] and
	// node[2i+1], and block b's leaf node[leaves+b]. With the leaves at
	// the end of an array of 2·leaves nodes every inner node has two
	// children, whatever the number of leaves.
	node   []treeNode
	leaves int
}

// treeBlock is the number of pages a leaf of a keyTree covers: one word
// of the held bits, so that block b's pages are the bits of held[b].
// Blocks of 32 pages measured the same, of 16 slower (docs/performance.md).
const treeBlock = 64

// treeNode is the best page held in a node's blocks with its key and
// discovery number, so that comparing two nodes reads nothing else; a
// node of blocks that hold no page has key -Inf (noNode).
type treeNode struct {
	key  float64
	seq  uint32
	page uint32
}

// noNode is the node of blocks that hold no page. Every key a keyTree
// holds is above -Inf (keysInHeap strategies keep keys ≥ 0), so any page
// beats it.
var noNode = treeNode{key: math.Inf(-1), seq: noPos, page: noPos}

// newKeyTree returns an empty keyTree for n pages, with seq the crawl's
// discovery numbers.
func newKeyTree(n int, seq []uint32) *keyTree {
	blocks := max((n+treeBlock-1)/treeBlock, 1)
	t := &keyTree{
		key:    make([]float64, n),
		held:   make([]uint64, blocks),
		seq:    seq,
		node:   make([]treeNode, 2*blocks),
		leaves: blocks,
	}
	for i := range t.node {
		t.node[i] = noNode
	}
	return t
}

// beatenBy reports whether page p with key k and discovery number s comes
// before the page of node a.
func (a *treeNode) beatenBy(k float64, s, p uint32) bool {
	return k > a.key || k == a.key && (s < a.seq || s == a.seq && p < a.page)
}

// better returns the node whose page comes first.
func better(a, b treeNode) treeNode {
	if b.beatenBy(a.key, a.seq, a.page) {
		return a
	}
	return b
}

// holds reports whether page p is held.
func (t *keyTree) holds(p uint32) bool { return t.held[p/64]&(1<<(p%64)) != 0 }

// empty reports whether the tree holds no page.
func (t *keyTree) empty() bool { return t.node[1].page == noPos }

// top returns the best page held; the tree must not be empty.
func (t *keyTree) top() uint32 { return t.node[1].page }

// push makes page p, not held, held with key k.
func (t *keyTree) push(p uint32, k float64) {
	t.held[p/64] |= 1 << (p % 64)
	t.key[p] = k
	t.raise(p, k)
}

// set changes the key of page p, held, to k.
func (t *keyTree) set(p uint32, k float64) {
	old := t.key[p]
	t.key[p] = k
	switch a := &t.node[t.leaves+int(p/treeBlock)]; {
	case k < old:
		t.lower(p)
	case k > old && (a.page == p || k >= a.key):
		t.raise(p, k)
	}
}

// pop takes the best page, which keeps its key; the tree must not be
// empty.
func (t *keyTree) pop() uint32 {
	p := t.node[1].page
	t.remove(p)
	return p
}

// remove takes out page p, held; it keeps its key.
func (t *keyTree) remove(p uint32) {
	t.held[p/64] &^= 1 << (p % 64)
	t.lower(p)
}

// raise puts page p, whose key went up to k (or which has just come in),
// in every node of its path that it now wins: from its leaf up while it
// wins. Where another page beats it, that page (or a better one) holds
// every node above too.
func (t *keyTree) raise(p uint32, k float64) {
	node := t.node
	i := t.leaves + int(p/treeBlock)
	var s uint32
	switch a := &node[i]; {
	case a.page == p:
		s = a.seq
	case k < a.key:
		return
	default:
		s = t.seq[p]
		if !a.beatenBy(k, s, p) {
			return
		}
	}
	node[i] = treeNode{key: k, seq: s, page: p}
	for i > 1 {
		i >>= 1
		if a := &node[i]; a.page != p && !a.beatenBy(k, s, p) {
			return
		}
		node[i] = treeNode{key: k, seq: s, page: p}
	}
}

// lower restores the tree after page p's key went down or p left: if p
// won its leaf, the leaf is chosen again from its block, and every node
// above that p won is chosen again from its children.
func (t *keyTree) lower(p uint32) {
	node := t.node
	b := int(p / treeBlock)
	i := t.leaves + b
	if node[i].page != p {
		return
	}
	node[i] = t.blockBest(b)
	for i > 1 {
		i >>= 1
		if node[i].page != p {
			return
		}
		node[i] = better(node[2*i], node[2*i+1])
	}
}

// blockBest returns the best page held in block b, or noNode.
func (t *keyTree) blockBest(b int) treeNode {
	best := noNode
	base := uint32(b * treeBlock)
	for w := t.held[b]; w != 0; w &= w - 1 {
		q := base + uint32(bits.TrailingZeros64(w))
		if k := t.key[q]; k >= best.key {
			if s := t.seq[q]; best.beatenBy(k, s, q) {
				best = treeNode{key: k, seq: s, page: q}
			}
		}
	}
	return best
}

// prefetchBlock asks for the keys and discovery numbers of page p's block
// (eight and four cache lines), which taking p scans (blockBest), without
// waiting for them. On a generated web of 4 M pages that scan misses the
// caches twice in turn (a page's discovery number is read once its key
// has been and may win); asked for a download ahead, opic and fpr took
// 12-13% less time (docs/performance.md, "The eighteenth round").
func (t *keyTree) prefetchBlock(p uint32) {
	base := p &^ (treeBlock - 1)
	prefetch.Float64s(&t.key[base], blockKeyLines)
	prefetch.Uint32s(&t.seq[base], blockSeqLines)
}

// The indices, in a block, of every eighth key and every sixteenth
// discovery number: one in each 64-byte cache line the block's keys and
// discovery numbers span when the arrays start on a line (arrays over 32
// kB start on a page).
var (
	blockKeyLines = lineStarts(8)
	blockSeqLines = lineStarts(16)
)

// lineStarts returns 0, perLine, 2·perLine, ... below treeBlock.
func lineStarts(perLine int) []uint32 {
	var idx []uint32
	for i := 0; i < treeBlock; i += perLine {
		idx = append(idx, uint32(i))
	}
	return idx
}

// addToUndownloaded adds share to the key of every page of out that is
// not downloaded (Crawl.addToUndownloaded), held or not, and returns the
// number of held pages whose key changed. A held page's key that stays
// below its block's best changes nothing else, the common case, decided
// here without a call.
func (t *keyTree) addToUndownloaded(out []uint32, share float64, downloaded []uint64) (changed int64) {
	key, held, node, leaves := t.key, t.held, t.node, t.leaves
	for _, j := range out {
		w, bit := j/64, uint64(1)<<(j%64)
		if held[w]&bit == 0 {
			if downloaded[w]&bit == 0 {
				key[j] += share
			}
			continue
		}
		k := key[j]
		nk := k + share
		if nk == k {
			continue
		}
		key[j] = nk
		changed++
		switch a := &node[leaves+int(w)]; {
		case nk < k:
			t.lower(j)
		case a.page == j || nk >= a.key:
			t.raise(j, nk)
		}
	}
	return changed
}

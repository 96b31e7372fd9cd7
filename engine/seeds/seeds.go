// Package seeds chooses the pages a crawl starts from and that personalized
// PageRank trusts (docs/algorithms.md section 2, "Seed sets" and "Trust").
//
// A seed set is written as a Spec string:
//
//	top-pagerank:K   the K pages of highest importance (the FPR paper's 160)
//	random:K         K distinct pages drawn uniformly with the scenario's seed
//	host-roots       the smallest page id of every host, except the
//	                 pseudo-host graph.NoHost of unparseable URLs
//	list:A,B,C       explicit pages: ids, or URLs when the graph has them;
//	                 an item with a comma or a space is quoted, as in
//	                 list:"http://a.example/x?a=1,2" (listtext.go)
//	list:FILE        a list of one item, unquoted, that is neither a page
//	                 id nor a URL names a file of seeds (Spec.File), which
//	                 the command line reads with ReadList; quoted, as in
//	                 list:"b", it is a page (a label of an edge list)
//	community:K      one hub of each of K bipartite cores (Daneshpajouh et al. 2008; see
//	                 community.go), with options after commas:
//	                 density=D (percent, default 100), or size=S with
//	                 members=M, and iterations=I of HITS
//
// ReadList reads a list from a file into a Spec whose errors point at the
// file's lines. Evaluator compares seed sets as Daneshpajouh et al. 2008, section 3.5,
// does.
package seeds

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Kind names a way of choosing seeds.
type Kind string

// The kinds of seed set.
const (
	TopPageRank Kind = "top-pagerank"
	Random      Kind = "random"
	HostRoots   Kind = "host-roots"
	List        Kind = "list"
)

// Spec is a parsed seed-set description.
type Spec struct {
	// Kind says how the seeds are chosen.
	Kind Kind
	// K is the number of seeds for TopPageRank and Random.
	K int
	// Items are the pages of a List: decimal ids or URLs.
	Items []string
	// Source names the file the items were read from, and Lines holds the
	// line of every item there, so that errors can point at them; both are
	// empty for a list given inline.
	Source string
	Lines  []int
	// File is the file a list names (list:FILE): Items is then that one
	// item, unquoted, neither a page id nor a URL. The engine reads no
	// file, and resolves the item as a page; the command line reads the
	// file's lines instead.
	File string
	// community holds a Community spec's options.
	community CommunityOptions
}

// itemError returns the error about item k of a list, placed at its file
// and line when the list was read from a file.
func (s Spec) itemError(k int, format string, args ...any) *ItemError {
	e := &ItemError{Index: k, Item: s.Items[k], Problem: fmt.Sprintf(format, args...)}
	if s.Source != "" && k < len(s.Lines) {
		e.Place = fmt.Sprintf("%s:%d", s.Source, s.Lines[k])
	}
	return e
}

// String returns the spec in the notation Parse reads.
func (s Spec) String() string {
	switch s.Kind {
	case TopPageRank, Random:
		return fmt.Sprintf("%s:%d", s.Kind, s.K)
	case List:
		if s.File != "" {
			return "list:" + s.File
		}
		if len(s.Items) == 1 && !isPageRef(s.Items[0]) {
			// unquoted, it would name a file
			return "list:" + strconv.Quote(s.Items[0])
		}
		return "list:" + joinItems(s.Items)
	case Community:
		return communityString(s)
	}
	return string(s.Kind)
}

// Parse reads a seed-set description. A bare comma-separated list of ids
// ("3,17,42") is read as a list.
func Parse(text string) (Spec, error) {
	name, arg, hasArg := strings.Cut(strings.TrimSpace(text), ":")
	switch Kind(name) {
	case TopPageRank, Random:
		// More seeds than a graph can hold pages could never be chosen.
		k, err := parseCount(text, arg, model.MaxPages, " (the most pages a graph holds)",
			fmt.Sprintf("%s needs a positive count, as in %s:160", name, name))
		if err != nil {
			return Spec{}, err
		}
		return Spec{Kind: Kind(name), K: k}, nil
	case Community:
		return parseCommunity(text, arg)
	case HostRoots:
		if hasArg {
			return Spec{}, fmt.Errorf("seeds %q: host-roots takes no argument", text)
		}
		return Spec{Kind: HostRoots}, nil
	case List:
		items, err := splitItems(arg)
		if err != nil {
			return Spec{}, fmt.Errorf("seeds %q: %w", text, err)
		}
		if len(items) == 0 {
			return Spec{}, fmt.Errorf("seeds %q: the list is empty", text)
		}
		spec := Spec{Kind: List, Items: items}
		if len(items) == 1 && !isPageRef(items[0]) && !strings.HasPrefix(strings.TrimLeftFunc(arg, isItemSeparator), `"`) {
			spec.File = items[0]
		}
		return spec, nil
	}
	if items, err := splitItems(text); err == nil && len(items) > 0 && !hasArg {
		if _, err := strconv.ParseUint(items[0], 10, 32); err == nil {
			return Spec{Kind: List, Items: items}, nil
		}
	}
	return Spec{}, fmt.Errorf("seeds %q: expected top-pagerank:K, random:K, community:K, host-roots, list:ID,... or a list of page ids", text)
}

// isPageRef reports whether a list item is a page id (a decimal number)
// or a URL (it holds "://"), rather than a label or a file name.
func isPageRef(item string) bool {
	if _, err := strconv.ParseUint(item, 10, 64); err == nil {
		return true
	}
	return strings.Contains(item, "://")
}

// RandomStream is the PCG stream random:K seed sets are drawn from:
// NewRandom(seed) with a run's random seed defines the set, so that
// every command that draws random:K with one random seed (a crawl's
// seeds, the seed study's random set) draws the same pages.
const RandomStream uint64 = 0x7365656473 << 24 // "seeds"

// NewRandom returns the random source of random:K seed sets drawn with
// the random seed seed (Options.Rand).
func NewRandom(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, RandomStream)) }

// Options carries what some kinds of seed set need.
type Options struct {
	// Importance ranks pages for TopPageRank (ties go to the smaller id).
	Importance []float64
	// Rand draws Random seeds.
	Rand *rand.Rand
	// PageOf, when set, maps a list item to a page first: an edge list's
	// original id or label, say. Items it does not know are errors; URLs
	// are still looked up in the graph's URL list.
	PageOf func(item string) (uint32, bool)
}

// Select returns the seed pages of spec on g in the seed set's order, which
// is the order a crawl discovers them in (docs/algorithms.md section 2): decreasing
// importance for TopPageRank (equal importance: smaller id first), the
// order drawn for Random, host id for HostRoots, extraction order for
// Community, as written for List (a page listed twice keeps its first
// place). Duplicates are dropped.
func Select(g *graph.Graph, spec Spec, opt Options) ([]uint32, error) {
	n := g.NumNodes()
	if n == 0 {
		return nil, errors.New("seeds: the graph has no pages")
	}
	switch spec.Kind {
	case TopPageRank:
		if len(opt.Importance) != n {
			return nil, fmt.Errorf("seeds: %s: need an importance vector of %d pages, have %d", spec, n, len(opt.Importance))
		}
		return rank.Top(opt.Importance, spec.K), nil
	case Random:
		if opt.Rand == nil {
			return nil, fmt.Errorf("seeds: %s: no random source", spec)
		}
		k := min(spec.K, n)
		// Floyd's algorithm: k distinct draws in O(k) expected time and memory.
		chosen := make(map[uint32]bool, k)
		out := make([]uint32, 0, k)
		for j := n - k; j < n; j++ {
			v := uint32(opt.Rand.IntN(j + 1))
			if chosen[v] {
				v = uint32(j)
			}
			chosen[v] = true
			out = append(out, v)
		}
		return out, nil // in the order drawn (docs/algorithms.md section 2)
	case HostRoots:
		if !g.HasHosts() {
			return nil, errors.New("seeds: host-roots: the graph has no hosts (give a URL list)")
		}
		// root[h] is host h's smallest page, or noRoot; the pseudo-host
		// of unparseable URLs is no host to seed.
		const noRoot = math.MaxUint32
		root := make([]uint32, g.NumHosts())
		for h := range root {
			root[h] = noRoot
		}
		for i, h := range g.Hosts.Of {
			if root[h] == noRoot {
				root[h] = uint32(i)
			}
		}
		var out []uint32 // by host id (docs/algorithms.md section 2)
		for h, p := range root {
			if p != noRoot && g.Hosts.Names[h] != graph.NoHost {
				out = append(out, p)
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("seeds: host-roots: every page is in the host %s of URLs without a parseable host; there is no host to seed", graph.NoHost)
		}
		return out, nil
	case List:
		return resolveList(g, spec, opt.PageOf)
	case Community:
		co := spec.community
		co.Rand = opt.Rand
		e, err := NewExtractor(g, co)
		if err != nil {
			return nil, fmt.Errorf("seeds: %s: %w", spec, err)
		}
		if err := step.Run(context.Background(), e, 1<<20, nil); err != nil {
			return nil, err
		}
		return e.Result().Seeds, nil
	}
	return nil, fmt.Errorf("seeds: unknown kind %q", spec.Kind)
}

// resolveList maps list items (ids, or URLs, or what pageOf knows) to
// pages.
func resolveList(g *graph.Graph, spec Spec, pageOf func(string) (uint32, bool)) ([]uint32, error) {
	var byURL *urlTable
	seen := make(map[uint32]bool, len(spec.Items))
	out := make([]uint32, 0, len(spec.Items))
	for k, item := range spec.Items {
		var id uint64
		var err error
		if pageOf != nil && !strings.Contains(item, "://") {
			p, ok := pageOf(item)
			if !ok {
				return nil, spec.itemError(k, "the graph has no page %q", item)
			}
			id = uint64(p)
		} else if id, err = strconv.ParseUint(item, 10, 64); err != nil && !errors.Is(err, strconv.ErrRange) {
			if g.URLs == nil {
				return nil, spec.itemError(k, "%q is not a page id, and the graph has no URLs to look it up", item)
			}
			if byURL == nil {
				byURL = newURLTable(g.URLs)
			}
			v, other, ok := byURL.page(item)
			switch {
			case !ok:
				return nil, spec.itemError(k, "no page has the URL %q", item)
			case other != v:
				return nil, spec.itemError(k, "the URL %q is that of pages %d and %d, whose URLs differ only in the case of their scheme or host; give it as one of them has it", item, v, other)
			}
			id, err = uint64(v), nil
		}
		if err != nil || id >= uint64(g.NumNodes()) {
			// A page id, too large for the graph (or for any number).
			return nil, spec.itemError(k, "page %s is beyond the last page %d", item, g.NumNodes()-1)
		}
		if !seen[uint32(id)] {
			seen[uint32(id)] = true
			out = append(out, uint32(id))
		}
	}
	return out, nil
}

package gen

import (
	"io"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/graphio"
)

// NewCSRGenerator returns a Generator that writes the graph Generate(p)
// returns to w as a .csr file (graphio.WriteCSR's bytes, byte for byte)
// while it makes it, instead of holding it: its memory is linear in the
// pages, plus the copy pools of the copying model (see
// Params.EstimatedStreamingBytes). The file starts at w's current
// position; its header is written last, by seeking back there, once Step
// has reported done. Graph then returns nil, and Counts says what was
// written. A failure of w stops the Generator: Step returns the error, and
// the file is incomplete (its header zero), for the caller to remove.
//
// Its stages are those of Generator, with one more, "offsets" (the CSR
// offsets, written from the degrees before any link is drawn; items are
// pages, 64 per unit), between "calibrate" and "links"; "assemble" writes
// the host of every page (64 per unit), the host names (8 per unit) and
// the URLs (8 per unit), so its Total is 2n+h.
func NewCSRGenerator(p Params, w io.WriteSeeker) (*Generator, error) {
	g, err := NewGenerator(p)
	if err != nil {
		return nil, err
	}
	g.stream = &csrStream{w: w}
	h, n := int64(g.p.Hosts), int64(g.p.Pages)
	pages := func() int64 { return n }
	tasks := g.tasks[:4:4] // hosts, degrees, calibrate (two passes)
	g.tasks = append(tasks,
		task{"offsets", fastItemsPerUnit, func() int64 { return n + 1 }, g.writeOffsets},
		task{"links", drawnPagesPerUnit, pages, g.drawLinks},
		task{"assemble", fastItemsPerUnit, pages, g.writeHostOf},
		task{"assemble", scanItemsPerUnit, func() int64 { return h }, g.writeHostNames},
		task{"assemble", scanItemsPerUnit, pages, g.writeStreamedURLs},
	)
	g.run = sequence(&g.err, g.tasks)
	return g, nil
}

// Counts is what a Generator made: its pages, hosts, links, and the links
// that stay within their host (graph.Stats.IntraHost).
type Counts struct {
	Pages, Hosts          int
	Links, IntraHostLinks int64
}

// Counts returns what the Generator made once Step has reported done (the
// zero Counts before), whether it streamed the graph or holds it.
func (g *Generator) Counts() Counts {
	if !g.run.Finished() {
		return Counts{}
	}
	return Counts{Pages: g.p.Pages, Hosts: g.p.Hosts, Links: int64(g.m), IntraHostLinks: int64(g.intraLinks)}
}

// csrStream is the state of a Generator that writes a .csr file, or
// hands each page's links to a function (NewListGenerator).
type csrStream struct {
	w       io.WriteSeeker
	csr     *graphio.CSRWriter
	lists   func(targets []uint32) error // nil when writing a .csr
	urls    func(url []byte) error       // set when writing a URL list only
	words   []uint64                     // offsets on their way to the file
	targets []uint32                     // the current page's links
	hostOf  []uint32                     // hosts of pages on their way to the file
	url     []byte                       // the current URL
	onHost  int                          // the next page's index on its host
	hostNum []byte                       // its host's number in decimal
}

// emit writes the links of the next page.
func (s *csrStream) emit(targets []uint32) error {
	if s.lists != nil {
		return s.lists(targets)
	}
	return s.csr.Targets(targets)
}

// putURL writes the URL of the next page.
func (s *csrStream) putURL(u []byte) error {
	if s.urls != nil {
		return s.urls(u)
	}
	return s.csr.URL(u)
}

// NewListGenerator returns a Generator that makes the graph Generate(p)
// returns without holding its links: it calls emit with the links of
// every page in page order (sorted, without duplicates; emit must not
// keep the slice), for a writer of a compressed graph. Its memory is that
// of NewCSRGenerator. It makes no URLs: its stages are Generator's but
// "assemble". A failure of emit stops the Generator: Step returns the
// error. Graph then returns nil, and Counts says what was made.
func NewListGenerator(p Params, emit func(targets []uint32) error) (*Generator, error) {
	g, err := NewGenerator(p)
	if err != nil {
		return nil, err
	}
	g.stream = &csrStream{lists: emit}
	g.tasks = g.tasks[:5:5] // hosts, degrees, calibrate (two passes), links
	g.run = sequence(&g.err, g.tasks)
	return g, nil
}

// pageTargets returns room for the d links of a page, at most the
// largest degree, allocated once.
func (g *Generator) pageTargets(d uint64) []uint32 {
	s := g.stream
	if s.targets == nil {
		s.targets = make([]uint32, g.maxDegree)
	}
	return s.targets[:d]
}

// fail stops the Generator with err.
func (g *Generator) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// writeOffsets starts the file, then writes the offsets of up to limit
// pages, the running sums of the degrees.
func (g *Generator) writeOffsets(limit int64) (int64, bool) {
	s, n := g.stream, g.p.Pages
	if s.csr == nil {
		names := uint64(0)
		for k := range g.sizes {
			names += uint64(urlLen(k, 0) - len(urlScheme) - 1)
		}
		shape := graphio.CSRShape{
			Pages: uint64(n), Links: g.m,
			HasHosts: true, Hosts: uint64(len(g.sizes)), HostNameBytes: names + uint64(len(g.sizes)) - 1,
			HasURLs: true, URLBytes: uint64(g.urlBytes) + uint64(n) - 1,
		}
		csr, err := graphio.NewCSRWriter(s.w, shape)
		if err != nil {
			g.fail(err)
			return 0, false
		}
		s.csr, s.words = csr, make([]uint64, 0, 4096)
		g.w = 0
	}
	did := int64(0)
	for did < limit && g.page <= n {
		s.words = s.words[:0]
		for ; did < limit && g.page <= n && len(s.words) < cap(s.words); did++ {
			s.words = append(s.words, g.w)
			if g.page < n {
				g.w += g.degree(g.page)
			}
			g.page++
		}
		if err := s.csr.Offsets(s.words); err != nil {
			g.fail(err)
			return did, false
		}
	}
	if g.page <= n {
		return did, false
	}
	g.page, g.w, s.words = 0, 0, nil
	return did, true
}

// writeHostOf writes the host of up to limit pages.
func (g *Generator) writeHostOf(limit int64) (int64, bool) {
	s, n := g.stream, g.p.Pages
	if s.hostOf == nil {
		s.hostOf = make([]uint32, 0, 4096)
		g.host = 0
	}
	did := int64(0)
	for did < limit && g.page < n {
		s.hostOf = s.hostOf[:0]
		for ; did < limit && g.page < n && len(s.hostOf) < cap(s.hostOf); did++ {
			for g.page == g.hostStart[g.host+1] {
				g.host++
			}
			s.hostOf = append(s.hostOf, uint32(g.host))
			g.page++
		}
		if err := s.csr.HostOf(s.hostOf); err != nil {
			g.fail(err)
			return did, false
		}
	}
	if g.page < n {
		return did, false
	}
	g.page, g.host, s.hostOf = 0, 0, nil
	return did, true
}

// writeHostNames writes the names of up to limit hosts: "hostK.example".
func (g *Generator) writeHostNames(limit int64) (int64, bool) {
	s, h := g.stream, len(g.sizes)
	did := int64(0)
	for ; did < limit && g.host < h; did++ {
		s.url = append(strconv.AppendUint(append(s.url[:0], urlHost...), uint64(g.host), 10), urlDomain...)
		if err := s.csr.HostName(s.url); err != nil {
			g.fail(err)
			return did, false
		}
		g.host++
	}
	if g.host < h {
		return did, false
	}
	g.host = 0
	s.hostNum = strconv.AppendUint(s.hostNum[:0], 0, 10)
	return did, true
}

// writeStreamedURLs writes the URLs of up to limit pages (the package
// documentation, step 2), and closes the file after the last.
func (g *Generator) writeStreamedURLs(limit int64) (int64, bool) {
	s, n := g.stream, g.p.Pages
	if g.sizes == nil {
		g.startURLs()
	}
	did := int64(0)
	for ; did < limit && g.page < n; did++ {
		for s.onHost == g.sizes[g.host] {
			g.host++
			s.onHost = 0
			s.hostNum = strconv.AppendUint(s.hostNum[:0], uint64(g.host), 10)
		}
		u := append(append(append(s.url[:0], urlScheme+urlHost...), s.hostNum...), urlDomain...)
		if s.onHost == 0 {
			u = append(u, '/')
		} else {
			u = append(strconv.AppendUint(append(u, urlPage...), uint64(s.onHost), 10), urlExt...)
		}
		s.url = u
		if err := s.putURL(u); err != nil {
			g.fail(err)
			return did, false
		}
		g.page++
		s.onHost++
	}
	if g.page < n {
		return did, false
	}
	if s.csr != nil {
		if err := s.csr.Close(); err != nil {
			g.fail(err)
			return did, false
		}
	}
	g.sizes, g.hostStart, g.page, g.host = nil, nil, 0, 0
	return did, true
}

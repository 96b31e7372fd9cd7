package gen

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Generator builds the graph of Generate step by step, so that a caller can
// show progress, stop early, or keep a browser responsive between steps
// (docs/architecture.md, "Steppable work"). It implements step.Stepper. The
// graph does not depend on the budgets Step is called with: it is the one
// Generate returns for the same Params, byte for byte.
//
// The work runs in five stages, each reported by Progress with its own
// Done and Total:
//
//   - "hosts": the host sizes (package documentation, step 1). Items are
//     hosts; Total is 4h (shares, rounding, leftovers, shuffle).
//   - "degrees": every page's out-degree (step 3). Items are pages; the
//     first Step of the stage also calibrates the degree scale, a bounded
//     bisection of about 50 evaluations of up to 1,025 terms each.
//   - "calibrate": the per-link intra-host probability (step 4). Items
//     are pages, then terms of a bisection: 61 evaluations of one term per
//     page whose intra-host range binds (Total is 0 when there is nothing to
//     calibrate: one host, or a share of 0 or 1).
//   - "links": every page's links. Items are pages.
//   - "assemble": the URLs and the host table. Items are pages.
//
// One unit of budget is worth one page of the "links" stage, or a batch of
// cheaper items elsewhere (8 pages of "degrees" or "assemble", 64 hosts or
// pages of the first "calibrate" pass, 256 bisection terms), so that a unit
// costs about the same everywhere: roughly a microsecond natively at the
// default mean out-degree. A Step spends its budget across stages; it
// draws the links of at most budget pages, each in O(its out-degree)
// expected time.
type Generator struct {
	p   Params // with defaults
	rng *rand.PCG
	// alloc, when set, supplies the arrays of the links stage
	// (AllocateWith).
	alloc func(size int) []byte
	run   *step.Sequence
	// tasks are the passes run runs; err, once set, stops it.
	tasks []task
	err   error

	sizer     hostSizer
	sizes     []int // host sizes, by host id
	hostStart []int // hostStart[k] is the first page of host k; built during "degrees"
	degrees   degreeSampler
	offsets   []uint64 // degrees in offsets[i+1], then the CSR offsets
	// degreeOf holds the degrees in place of offsets when the graph is
	// streamed (NewCSRGenerator): the offsets then go to the file.
	degreeOf  []uint32
	drawing   bool   // the "degrees" stage has begun
	m         uint64 // links
	urlBytes  int    // total length of the URLs
	linked    int    // pages with links
	largest   int    // pages of the largest host
	maxDegree uint64 // the largest out-degree
	// Σ of the fewest and of the most intra-host links of every page
	// (intraRange), and the most of the host with the most.
	fewestIntra, mostIntra, hostMostIntra, maxHostMostIntra uint64
	page                                                    int // next page of the current pass
	host                                                    int // host of that page
	intra                                                   intraCalibration
	targets                                                 []uint32
	w                                                       uint64 // links written so far
	intraLinks                                              uint64 // intra-host links drawn so far
	links                                                   *linkDrawer
	urls                                                    *urlWriter
	graph                                                   *graph.Graph
	stream                                                  *csrStream // nil unless streaming
}

// NewGenerator returns a Generator for p, or p's validation error. It only
// checks p: the first Step allocates and computes.
func NewGenerator(p Params) (*Generator, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	p = p.withDefaults()
	g := &Generator{p: p, rng: rand.NewPCG(p.Seed, generateStream)}
	g.sizer = hostSizer{rng: g.rng, n: p.Pages, h: p.Hosts, exponent: p.HostSizeExponent}
	h, n := int64(p.Hosts), int64(p.Pages)
	pages := func() int64 { return n }
	g.tasks = []task{
		{"hosts", fastItemsPerUnit, func() int64 { return 4 * h }, g.sizer.run},
		{"degrees", scanItemsPerUnit, pages, g.drawDegrees},
		{"calibrate", fastItemsPerUnit, func() int64 { return g.intra.collectSize() }, g.collectBounded},
		{"calibrate", cheapItemsPerUnit, func() int64 { return g.intra.bisectSize() }, g.intra.bisect},
		{"links", drawnPagesPerUnit, pages, g.drawLinks},
		{"assemble", scanItemsPerUnit, pages, g.writeURLs},
	}
	g.run = sequence(&g.err, g.tasks)
	return g, nil
}

// Step does up to budget units of work (at least one; see Generator) and
// reports whether the graph is complete. It never fails; the error is there
// for step.Stepper. Once it has reported done, further calls do nothing and
// report done again.
func (g *Generator) Step(budget int) (done bool, err error) {
	return g.run.Step(budget)
}

// Progress reports the current stage, with the items done and planned in
// it (see Generator); Total is 0 before the first Step.
func (g *Generator) Progress() step.Progress { return g.run.Progress() }

// Graph returns the generated graph once Step has reported done, and nil
// before; a Generator that streams (NewCSRGenerator) never returns one.
func (g *Generator) Graph() *graph.Graph { return g.graph }

// drawDegrees draws the out-degrees of up to limit pages into offsets[i+1],
// builds hostStart, and sums what later stages need: the links, the URL
// bytes and the pages whose intra-host range binds.
func (g *Generator) drawDegrees(limit int64) (int64, bool) {
	n := g.p.Pages
	if !g.drawing {
		g.drawing = true
		g.sizes = g.sizer.sizes
		g.sizer = hostSizer{}
		g.degrees = newDegreeSampler(g.p.MeanOutDegree, g.p.OutDegreeExponent, uint64(n-1))
		if g.stream != nil {
			g.degreeOf = make([]uint32, n) // degrees are at most n-1 < 2^32
		} else {
			g.offsets = make([]uint64, n+1)
		}
		g.hostStart = make([]int, len(g.sizes)+1)
		g.hostStart[1] = g.sizes[0]
		g.links = newLinkDrawer(g.rng, n, g.p.CopyProbability, g.uint32s(n), g.uint32s(n))
		g.links.locality, g.links.localityOdds = g.p.Locality, odds(g.p.Locality)
		g.intra = intraCalibration{
			n:         uint64(n),
			share:     g.p.IntraHostShare,
			calibrate: len(g.sizes) > 1 && g.p.IntraHostShare > 0 && g.p.IntraHostShare < 1,
		}
	}
	did := int64(0)
	for ; did < limit && g.page < n; did++ {
		i := g.page
		if i == g.hostStart[g.host+1] {
			g.host++
			g.hostStart[g.host+1] = g.hostStart[g.host] + g.sizes[g.host]
			g.maxHostMostIntra = max(g.maxHostMostIntra, g.hostMostIntra)
			g.hostMostIntra = 0
		}
		d := g.degrees.draw(g.rng)
		if g.degreeOf != nil {
			g.degreeOf[i] = uint32(d)
		} else {
			g.offsets[i+1] = d
		}
		g.m += d
		g.maxDegree = max(g.maxDegree, d)
		size := g.sizes[g.host]
		g.largest = max(g.largest, size)
		g.urlBytes += urlLen(g.host, i-g.hostStart[g.host])
		lo, hi := intraRange(d, uint64(size), uint64(n))
		g.fewestIntra += lo
		g.mostIntra += hi
		g.hostMostIntra += hi
		if d > 0 {
			g.linked++
		}
		if g.intra.calibrate && (lo != 0 || hi != d) {
			g.intra.bound++
		}
		g.links.setPage(i)
		g.page++
	}
	if g.page < n {
		return did, false
	}
	g.maxHostMostIntra = max(g.maxHostMostIntra, g.hostMostIntra)
	g.page, g.host = 0, 0
	return did, true
}

// degree returns the out-degree of page i, drawn in the "degrees" stage.
func (g *Generator) degree(i int) uint64 {
	if g.degreeOf != nil {
		return uint64(g.degreeOf[i])
	}
	return g.offsets[i+1]
}

// collectBounded runs the first pass of the intra-host calibration over up
// to limit pages.
func (g *Generator) collectBounded(limit int64) (int64, bool) {
	c := &g.intra
	if !c.calibrate {
		return 0, true
	}
	n := g.p.Pages
	if c.bounded == nil {
		c.bounded = make([]boundedPage, 0, c.bound)
	}
	did := int64(0)
	for ; did < limit && g.page < n; did++ {
		i := g.page
		if i == g.hostStart[g.host+1] {
			g.host++
		}
		c.add(g.degree(i), uint64(g.sizes[g.host]))
		g.page++
	}
	if g.page < n {
		return did, false
	}
	g.page, g.host = 0, 0
	c.want = c.share * c.total
	return did, true
}

// drawLinks draws the links of up to limit pages, host by host, writing
// the CSR offsets and targets, or, when streaming, each page's targets to
// the file.
func (g *Generator) drawLinks(limit int64) (int64, bool) {
	n := g.p.Pages
	if g.links.hostFreshPages == nil {
		if g.stream == nil {
			g.targets = make([]uint32, g.m)
		}
		g.reservePools()
		g.links.startHost(0, uint64(g.hostStart[1]))
	}
	l, q := g.links, g.intra.result()
	did := int64(0)
	for ; did < limit && g.page < n; did++ {
		i := g.page
		if i == g.hostStart[g.host+1] {
			g.host++
			l.startHost(uint64(i), uint64(g.hostStart[g.host+1]))
		}
		d := g.degree(i)
		intra := splitIntra(g.rng, d, q, l.hi-l.lo, uint64(n))
		g.intraLinks += intra
		if g.stream != nil {
			out := g.pageTargets(d)
			l.drawPage(uint32(i), intra, out)
			if err := g.stream.emit(out); err != nil {
				g.err = err
				return did, false
			}
		} else {
			g.offsets[i] = g.w
			l.drawPage(uint32(i), intra, g.targets[g.w:g.w+d])
		}
		g.w += d
		g.page++
	}
	if g.page < n {
		return did, false
	}
	if g.stream == nil {
		g.offsets[n] = g.w
	}
	g.links, g.intra, g.degreeOf = nil, intraCalibration{}, nil
	g.page, g.host = 0, 0
	return did, true
}

// reservePools gives the link drawer's copy pools the room they need, so
// that they allocate once (see Params.EstimatedBytes), and the list of a
// host's fresh pages and scanFree's jumps room for the largest host: the global pool
// holds the inter-host links and one start per page with links; the host
// pool the intra-host links of one host, and one start per page of the
// largest host. The links of either kind are a sum of one randomly rounded
// number per page, so they exceed their expectation by 3·sqrt(n) with
// probability below e^-18 (Hoeffding); then the pool grows, which changes
// nothing but the memory.
func (g *Generator) reservePools() {
	m := float64(g.m)
	intra := g.intra.expected(g.fewestIntra, g.mostIntra)
	margin := 3*math.Sqrt(float64(g.p.Pages)) + 1024
	inter := min(max(m-intra+margin, 0), m)
	hostIntra := min(max(intra+margin, 0), float64(g.maxHostMostIntra))
	g.links.globalCopies.reserve(g.uint32s(int(inter)), g.ints(g.linked))
	g.links.hostCopies.reserve(g.uint32s(int(hostIntra)), g.ints(g.largest))
	g.links.hostFreshPages = g.uint32s(g.largest)
	g.links.scan = freeScan{page: g.uint32s(g.largest), to: g.uint32s(g.largest)}
}

// writeURLs writes the URLs and host table of up to limit pages, and builds
// the graph after the last.
func (g *Generator) writeURLs(limit int64) (int64, bool) {
	if g.urls == nil {
		g.urls = newURLWriter(g.sizes, g.p.Pages, g.urlBytes)
	}
	did, finished := g.urls.write(limit)
	if finished {
		g.graph = &graph.Graph{Offsets: g.offsets, Targets: g.targets, Hosts: g.urls.hosts, URLs: g.urls.urls}
		g.offsets, g.targets, g.urls, g.sizes, g.hostStart = nil, nil, nil, nil, nil
	}
	return did, finished
}

// hostSizer shares n pages among h hosts (package documentation, step 1):
// one page each, and the other n-h in proportion to (rank+1)^-exponent,
// rounded down, with the pages left by rounding going one each to the
// largest hosts. The sizes are then shuffled over host ids. It runs in four
// passes of h items: weights, floors, leftovers, shuffle.
type hostSizer struct {
	rng      *rand.PCG
	n, h     int
	exponent float64

	sizes    []int
	weights  []float64
	total    float64 // Σ weights
	assigned int     // Σ sizes after the floors
	left     int     // pages left by rounding
	pass, k  int     // the current pass and its next host
}

// run does up to limit items of the passes.
func (s *hostSizer) run(limit int64) (int64, bool) {
	did := int64(0)
	for did < limit && s.pass < 4 {
		if s.sizes == nil {
			s.sizes = make([]int, s.h)
			s.weights = make([]float64, s.h)
		}
		if s.pass == 3 && s.k == 0 {
			s.k = s.h - 1 // the shuffle runs down to host 1
		}
		end := s.k + int(min(limit-did, int64(s.h-s.k)))
		switch s.pass {
		case 0:
			for k := s.k; k < end; k++ {
				s.weights[k] = math.Pow(float64(k+1), -s.exponent)
				s.total += s.weights[k]
			}
		case 1:
			extra := float64(s.n - s.h)
			for k := s.k; k < end; k++ {
				s.sizes[k] = 1 + int(extra*s.weights[k]/s.total)
				s.assigned += s.sizes[k]
			}
		case 2:
			// Leftover j < left goes to host j mod h.
			each, rest := s.left/s.h, s.left%s.h
			for k := s.k; k < end; k++ {
				s.sizes[k] += each
				if k < rest {
					s.sizes[k]++
				}
			}
		case 3:
			end = s.k - int(min(limit-did, int64(s.k)))
			for k := s.k; k > end; k-- {
				j := below(s.rng, uint64(k+1))
				s.sizes[k], s.sizes[j] = s.sizes[j], s.sizes[k]
			}
			did += int64(s.k - end)
			s.k = end
			if s.k == 0 {
				s.pass++
			}
			continue
		}
		did += int64(end - s.k)
		s.k = end
		if s.k < s.h {
			continue
		}
		s.pass, s.k = s.pass+1, 0
		if s.pass == 2 {
			s.weights = nil
			s.left = s.n - s.assigned
			if s.left < 0 { // rounding pushed the floors over n: take it from the largest
				s.sizes[0] += s.left
				s.left = 0
			}
		}
	}
	return did, s.pass == 4
}

// The parts of a generated URL: "http://hostK.example/" for a host's root,
// "http://hostK.example/pageJ.html" for its page J > 0.
const (
	urlScheme = "http://"
	urlHost   = "host"
	urlDomain = ".example"
	urlPage   = "/page"
	urlExt    = ".html"
)

// urlLen returns the length of the URL of page j of host k.
func urlLen(k, j int) int {
	l := len(urlScheme) + len(urlHost) + decimalDigits(k) + len(urlDomain) + 1
	if j > 0 {
		l += len(urlPage) - 1 + decimalDigits(j) + len(urlExt)
	}
	return l
}

// decimalDigits returns the number of decimal digits of v ≥ 0.
func decimalDigits(v int) int {
	d := 1
	for v >= 10 {
		v /= 10
		d++
	}
	return d
}

// urlWriter writes the URL list of pages grouped by host with the given
// sizes, and its host table, page by page. All URLs are slices of one
// string whose capacity is reserved up front; the table is the one
// graph.HostsFromURLs derives from the list, built without parsing.
type urlWriter struct {
	sizes   []int
	sb      strings.Builder
	urls    []string
	hosts   *graph.Hosts
	page    int // next page
	host    int // its host
	onHost  int // its index on the host
	hostNum []byte
	buf     [20]byte
}

// newURLWriter returns a writer for n pages whose URLs take bytes bytes.
func newURLWriter(sizes []int, n, bytes int) *urlWriter {
	w := &urlWriter{
		sizes: sizes,
		urls:  make([]string, n),
		hosts: &graph.Hosts{Of: make([]uint32, n), Names: make([]string, len(sizes))},
	}
	w.sb.Grow(bytes)
	w.hostNum = strconv.AppendUint(w.buf[:0], 0, 10)
	return w
}

// write writes the URLs of up to limit pages.
func (w *urlWriter) write(limit int64) (int64, bool) {
	var pageNum [20]byte
	did := int64(0)
	for ; did < limit && w.page < len(w.urls); did++ {
		for w.onHost == w.sizes[w.host] {
			w.host++
			w.onHost = 0
			w.hostNum = strconv.AppendUint(w.buf[:0], uint64(w.host), 10)
		}
		begin := w.sb.Len()
		w.sb.WriteString(urlScheme + urlHost)
		w.sb.Write(w.hostNum)
		w.sb.WriteString(urlDomain)
		if w.onHost == 0 {
			w.sb.WriteByte('/')
		} else {
			w.sb.WriteString(urlPage)
			w.sb.Write(strconv.AppendUint(pageNum[:0], uint64(w.onHost), 10))
			w.sb.WriteString(urlExt)
		}
		// Bytes written never move: the capacity was reserved.
		u := w.sb.String()[begin:]
		w.urls[w.page] = u
		w.hosts.Of[w.page] = uint32(w.host)
		if w.onHost == 0 {
			w.hosts.Names[w.host] = u[len(urlScheme) : len(u)-1]
		}
		w.page++
		w.onHost++
	}
	return did, w.page == len(w.urls)
}

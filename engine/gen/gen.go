package gen

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
)

// Default values of Params (see DefaultParams).
const (
	defaultPages             = 100000
	defaultPagesPerHost      = 200
	defaultMeanOutDegree     = 8
	defaultIntraHostShare    = 0.9
	defaultHostSizeExponent  = model.DefaultHostSizeExponent
	defaultOutDegreeExponent = model.DefaultOutDegreeExponent
	defaultCopyProbability   = model.DefaultCopyProbability
)

// Limits of the exponents accepted by Validate.
const (
	maxHostSizeExponent  = 5
	minOutDegreeExponent = 1.5
	maxOutDegreeExponent = 5
)

// generateStream names the random stream of Generate: it is the second PCG
// seed word, so that Generate and Evolve draw different streams from the same
// Seed ("crawlgen" in ASCII).
const generateStream = 0x637261776c67656e

// maxTries bounds the random draws spent on one link while they keep
// hitting targets its page already links to. Generate then takes the next
// free page in order; Evolve tries the other kind of link, then gives up.
const maxTries = 8

// Params describes a generated graph. Pages, Hosts, MeanOutDegree and the two
// exponents take their defaults (DefaultParams) when zero, since zero is not
// a usable value for them. IntraHostShare and CopyProbability are used as
// given, because zero means something for them (no intra-host links, no
// copying): start from DefaultParams and change what you need.
type Params struct {
	// Pages is the number of pages n (default 100,000).
	Pages int
	// Hosts is the number of hosts h, at most Pages (default max(1, n/200)).
	// Every host has at least one page.
	Hosts int
	// MeanOutDegree is the expected number of distinct out-links per page
	// (default 8, or (n-1)/2 for graphs of fewer than 17 pages; at most
	// (n-1)/2). It is the mean of the degree law; one graph's own mean
	// differs by sampling noise, much in small graphs (3 pages of seed 1
	// have 5 links, not 3).
	MeanOutDegree float64
	// IntraHostShare is the share of links that stay within their source's
	// host, in [0,1] (default 0.9). A graph with one host has only
	// intra-host links, and a page alone on its host only inter-host ones.
	IntraHostShare float64
	// HostSizeExponent is the Zipf exponent of host sizes: the host of rank
	// k holds a share of the pages proportional to (k+1)^-HostSizeExponent
	// (default 1, range (0, 5]).
	HostSizeExponent float64
	// OutDegreeExponent is the power-law tail exponent of out-degrees:
	// P(degree = k) falls like k^-OutDegreeExponent (default 2.7, the value
	// Broder et al. measured on the web in 2000; range [1.5, 5]).
	OutDegreeExponent float64
	// CopyProbability is the probability that a link copies a link of an
	// earlier page instead of drawing its target uniformly (preferential
	// attachment by copying), in [0,1] (default 0.7). In-degrees then follow
	// a power law whose exponent falls as CopyProbability grows: the model's
	// asymptote is 1 + 1/CopyProbability; at the defaults the top 1-5% of
	// in-degrees give a Hill estimate near 2.6 (Broder et al.: 2.1).
	CopyProbability float64
	// Locality makes links fall as a crawl's do, in [0,1] (default 0):
	// with this probability a page's intra-host links start with the
	// previous page's (neighbouring pages share their menus), and each of
	// its other intra-host links is, with this probability, a page at most
	// 16 ids away on its host (pages sorted by URL link to their
	// neighbours). The graph then compresses in BVGraph as crawls do
	// (references and small gaps); 0 keeps the copying model alone.
	Locality float64
	// Seed selects the random stream; equal Params give equal graphs.
	Seed uint64
}

// DefaultParams returns the parameters of the default generated graph:
// 100,000 pages on 500 hosts, 8 links per page on average, 90% of them
// intra-host.
func DefaultParams() Params {
	return Params{
		Pages:             defaultPages,
		Hosts:             defaultPages / defaultPagesPerHost,
		MeanOutDegree:     defaultMeanOutDegree,
		IntraHostShare:    defaultIntraHostShare,
		HostSizeExponent:  defaultHostSizeExponent,
		OutDegreeExponent: defaultOutDegreeExponent,
		CopyProbability:   defaultCopyProbability,
	}
}

// withDefaults returns p with its zero fields replaced by their defaults.
// Fields with invalid values are left alone for Validate to report.
func (p Params) withDefaults() Params {
	if p.Pages == 0 {
		p.Pages = defaultPages
	}
	if p.Hosts == 0 && p.Pages > 0 {
		p.Hosts = max(1, p.Pages/defaultPagesPerHost)
	}
	if p.MeanOutDegree == 0 && p.Pages > 0 {
		p.MeanOutDegree = min(defaultMeanOutDegree, model.MaxMeanOutDegree(p.Pages))
	}
	if p.HostSizeExponent == 0 {
		p.HostSizeExponent = defaultHostSizeExponent
	}
	if p.OutDegreeExponent == 0 {
		p.OutDegreeExponent = defaultOutDegreeExponent
	}
	return p
}

// Validate reports every parameter that Generate cannot use, after zero
// fields have taken their defaults, in words meant for a command-line user
// (crawlsim gen shows them): each message names the parameter, its value
// and the range allowed. The ranges are what a user may give: the command
// line and a scenario refuse a 0 for these parameters, so no message
// offers one, although a 0 in Params takes the default. It returns nil
// when p is usable.
func (p Params) Validate() error {
	q := p.withDefaults()
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("gen: "+format, args...))
	}
	for _, msg := range model.GeneratorProblems(q.Pages, q.Hosts, q.MeanOutDegree, q.IntraHostShare) {
		errs = append(errs, errors.New("gen: "+msg))
	}
	if !(q.HostSizeExponent > 0 && q.HostSizeExponent <= maxHostSizeExponent) {
		bad("host-size exponent %v is out of range: want a number above 0 and at most %d", q.HostSizeExponent, maxHostSizeExponent)
	}
	if !(q.OutDegreeExponent >= minOutDegreeExponent && q.OutDegreeExponent <= maxOutDegreeExponent) {
		bad("out-degree exponent %v is out of range: want a number from %v to %v", q.OutDegreeExponent, minOutDegreeExponent, maxOutDegreeExponent)
	}
	if !(q.Locality >= 0 && q.Locality <= 1) {
		bad("locality %v is out of range: want a number from 0 to 1", q.Locality)
	}
	if !(q.CopyProbability >= 0 && q.CopyProbability <= 1) {
		bad("copy probability %v is out of range: want a number from 0 to 1", q.CopyProbability)
	}
	return errors.Join(errs...)
}

// Generate returns a web-like graph described by p (see the package
// documentation for the model). The graph has p.Pages pages grouped by host,
// p.Hosts hosts, a URL list ("http://hostK.example/..."), and the host table
// that graph.HostsFromURLs derives from that list. It runs in O(n+m) time
// and memory (p.EstimatedBytes bounds the bytes it allocates), and fails
// only when p does not validate. It is a convenience that runs a Generator
// to the end in one call; use a Generator to show progress or to stop
// early.
func Generate(p Params) (*graph.Graph, error) {
	g, err := NewGenerator(p)
	if err != nil {
		return nil, err
	}
	for done := false; !done; {
		done, _ = g.Step(math.MaxInt) // a Generator never fails after NewGenerator
	}
	return g.Graph(), nil
}

// intraRange returns the fewest and the most intra-host links a page with d
// distinct links can have on a host of size pages out of n: the other pages
// of its host and the pages of the other hosts bound the two kinds.
func intraRange(d, size, n uint64) (lo, hi uint64) {
	if d > n-size {
		lo = d - (n - size)
	}
	return lo, min(d, size-1)
}

// splitIntra returns how many of a page's d links stay on its host: q·d
// rounded up or down at random so that its mean is q·d, clamped to
// intraRange. With one host every link is intra-host.
func splitIntra(rng *rand.PCG, d uint64, q float64, size, n uint64) uint64 {
	if size == n {
		return d
	}
	x := q * float64(d)
	k := uint64(x)
	if frac := x - float64(k); frac > 0 && unitFloat(rng) < frac {
		k++
	}
	lo, hi := intraRange(d, size, n)
	return min(max(k, lo), hi)
}

// linkDrawer draws the out-links of pages host by host, in id order (step 4
// of the model in the package documentation). Intra-host and inter-host
// links run two copying processes in the manner of Kumar et al.'s copying
// model: with probability copy a link picks an earlier page that has links
// of its kind (of the current host, or of the whole graph) and copies one of
// them, both uniformly; otherwise it introduces a page that no link of its
// kind has reached yet, as long as one is left, and after that a uniform
// page.
//
// Copying by page rather than by link matters: with heavy-tailed
// out-degrees a few pages hold thousands of links each, and since a page
// links to a target at most once, copying a uniform earlier link would let
// those pages spread links thinly and flatten the in-degree tail (a Hill
// estimate near 3 instead of near 2.6 at the defaults).
type linkDrawer struct {
	rng  *rand.PCG
	n    uint64  // pages
	copy float64 // CopyProbability
	// copyOdds and localityOdds are copy and locality as odds of chance.
	copyOdds, localityOdds uint64
	// locality is Params.Locality; copyFrom holds the previous page's
	// intra-host targets while a page copies them (next: the next one).
	locality float64
	copyFrom []uint32
	copyNext int
	// mark[t] == i+1 when page i already links to t.
	mark []uint32
	// lo, hi delimit the pages of the current host.
	lo, hi uint64
	// hostCopies holds the intra-host links of the current host so far,
	// globalCopies the inter-host links of the whole graph.
	hostCopies, globalCopies copyPool
	// hostFresh holds the pages of the current host that no intra-host link
	// reached yet, fresh those that no inter-host link reached yet.
	hostFresh, fresh freshPool
	// hostFreshPages backs hostFresh: each host starts it as its pages in
	// order, lo..hi-1, and shuffles it; it has room for the largest host
	// (Generator.reservePools allocates it).
	hostFreshPages []uint32
	// scan holds the jumps of scanFree over the targets of one page.
	scan freeScan
	// sortScratch is sortLinks's other buffer.
	sortScratch []uint32
}

// newLinkDrawer returns a drawer for n pages whose marks and fresh pages
// are the zeroed arrays mark and fresh of n items each; setPage must then
// be called for every page before the first drawPage.
func newLinkDrawer(rng *rand.PCG, n int, copy float64, mark, fresh []uint32) *linkDrawer {
	return &linkDrawer{
		rng:      rng,
		n:        uint64(n),
		copy:     copy,
		copyOdds: odds(copy),
		mark:     mark[:n],
		fresh:    freshPool{pages: fresh[:n]},
	}
}

// setPage makes page i a fresh page, not yet reached by any link.
func (l *linkDrawer) setPage(i int) {
	l.fresh.pages[i] = uint32(i)
}

// startHost begins the pages [lo, hi) of a new host.
func (l *linkDrawer) startHost(lo, hi uint64) {
	l.lo, l.hi = lo, hi
	l.hostCopies.reset()
	pages := l.hostFreshPages[:hi-lo]
	for k := range pages {
		pages[k] = uint32(lo) + uint32(k)
	}
	l.hostFresh = freshPool{pages: pages}
}

// drawPage writes the len(out) distinct targets of page i, intra of them
// within its host, sorted, into out. intra must lie in intraRange, which
// guarantees room for every link.
func (l *linkDrawer) drawPage(i uint32, intra uint64, out []uint32) {
	l.copyFrom, l.copyNext = nil, 0
	if c := &l.hostCopies; l.locality > 0 && len(c.starts) > 0 && l.chance(l.localityOdds) {
		l.copyFrom = c.targets[c.starts[len(c.starts)-1]:] // the last page with intra-host links
	}
	l.hostCopies.beginPage()
	l.globalCopies.beginPage()
	for k := range out {
		isIntra := uint64(k) < intra
		t, ok := uint32(0), false
		for try := 0; try < maxTries && !ok; try++ {
			if isIntra {
				t = l.drawIntra(i)
			} else {
				t = l.drawInter(i)
			}
			ok = l.mark[t] != i+1
		}
		if !ok {
			t = l.scanFree(i, isIntra, t)
		}
		l.mark[t] = i + 1
		out[k] = t
		if isIntra {
			l.hostCopies.targets = append(l.hostCopies.targets, t)
		} else {
			l.globalCopies.targets = append(l.globalCopies.targets, t)
		}
	}
	l.hostCopies.endPage()
	l.globalCopies.endPage()
	if cap(l.sortScratch) < len(out) {
		l.sortScratch = make([]uint32, len(out))
	}
	sortLinks(out, l.sortScratch)
}

// onHost reports whether page t lies on the current host.
func (l *linkDrawer) onHost(t uint32) bool { return uint64(t) >= l.lo && uint64(t) < l.hi }

// drawIntra draws a target on page i's host: a copy of an earlier page's
// intra-host link, or a page of the host that no intra-host link reached
// yet, or a uniform page of the host other than i.
func (l *linkDrawer) drawIntra(i uint32) uint32 {
	if l.locality > 0 && l.chance(l.localityOdds) {
		if t, ok := l.drawNear(i); ok {
			return t
		}
	}
	if l.copy > 0 && l.hostCopies.pages() > 0 && l.chance(l.copyOdds) {
		return l.hostCopies.draw(l.rng)
	}
	if t, ok := l.hostFresh.peek(l.rng); ok && t != i && l.mark[t] != i+1 {
		l.hostFresh.take()
		return t
	}
	t := l.lo + below(l.rng, l.hi-l.lo-1)
	if t >= uint64(i) {
		t++
	}
	return uint32(t)
}

// localityReach is how many ids away from its page a nearby link may
// fall (Params.Locality).
const localityReach = 16

// drawNear draws a target of page i as a crawl's links fall
// (Params.Locality): the previous page's intra-host targets in turn when
// the page copies them, else a page near i on its host. It reports false
// when there is none.
func (l *linkDrawer) drawNear(i uint32) (uint32, bool) {
	for l.copyNext < len(l.copyFrom) {
		t := l.copyFrom[l.copyNext]
		l.copyNext++
		if t != i {
			return t, true
		}
	}
	d := 1 + below(l.rng, localityReach)
	t := uint64(i) + d
	if l.chance(halfOdds) {
		t = uint64(i) - d // wraps above hi when d > i
	}
	if t >= l.lo && t < l.hi {
		return uint32(t), true
	}
	return 0, false
}

// drawInter draws a target off page i's host: a copy of an earlier page's
// inter-host link, or a page that no inter-host link reached yet, when
// either lies off the host; or else a uniform page of the other hosts.
func (l *linkDrawer) drawInter(i uint32) uint32 {
	if l.copy > 0 && l.globalCopies.pages() > 0 && l.chance(l.copyOdds) {
		if t := l.globalCopies.draw(l.rng); !l.onHost(t) {
			return t
		}
	}
	if t, ok := l.fresh.peek(l.rng); ok && !l.onHost(t) && l.mark[t] != i+1 {
		l.fresh.take()
		return t
	}
	t := below(l.rng, l.n-(l.hi-l.lo))
	if t >= l.lo {
		t += l.hi - l.lo
	}
	return uint32(t)
}

// copyPool holds the targets of earlier links, page by page, for copying.
type copyPool struct {
	targets []uint32 // link targets, grouped by source page
	starts  []int    // starts[k] is where the k-th page's targets begin
	current int      // where the current page's targets begin
}

// reserve gives the pool the room of targets and starts, so that it
// allocates once when their capacities are bounds (see
// Params.EstimatedBytes).
func (c *copyPool) reserve(targets []uint32, starts []int) {
	c.targets, c.starts = targets[:0], starts[:0]
}

func (c *copyPool) reset() {
	c.targets, c.starts, c.current = c.targets[:0], c.starts[:0], 0
}

// beginPage starts the links of a new page; they are not copied from until
// endPage.
func (c *copyPool) beginPage() { c.current = len(c.targets) }

// endPage makes the current page's links available for copying.
func (c *copyPool) endPage() {
	if len(c.targets) > c.current {
		c.starts = append(c.starts, c.current)
	}
}

// pages returns the number of earlier pages to copy from.
func (c *copyPool) pages() int { return len(c.starts) }

// draw picks an earlier page uniformly, then one of its targets uniformly.
func (c *copyPool) draw(rng *rand.PCG) uint32 {
	k := below(rng, uint64(len(c.starts)))
	lo, hi := c.starts[k], c.current
	if int(k)+1 < len(c.starts) {
		hi = c.starts[k+1]
	}
	return c.targets[lo+int(below(rng, uint64(hi-lo)))]
}

// freshPool holds the pages that no link of a kind has reached yet, and
// hands them out in random order by a lazy Fisher-Yates shuffle.
type freshPool struct {
	pages []uint32 // pages[next:] are not yet handed out
	next  int
}

// peek moves a uniformly chosen page that is not yet handed out to the
// front and returns it; take hands it out. It reports false when every page
// has been handed out.
func (f *freshPool) peek(rng *rand.PCG) (uint32, bool) {
	if f.next == len(f.pages) {
		return 0, false
	}
	j := f.next + int(below(rng, uint64(len(f.pages)-f.next)))
	f.pages[f.next], f.pages[j] = f.pages[j], f.pages[f.next]
	return f.pages[f.next], true
}

// take hands out the page that peek returned.
func (f *freshPool) take() { f.next++ }

// degreeSampler draws out-degrees D with P(D ≥ k) = (1+k/scale)^-tail for
// 0 ≤ k ≤ cap, where tail = exponent-1: the floor of a Lomax (Pareto type
// II) variable, capped. Its point probabilities fall like k^-exponent.
type degreeSampler struct {
	scale   float64 // c; 0 means every degree is 0
	invTail float64 // 1/tail
	cap     uint64
}

// newDegreeSampler calibrates the scale so that the mean of the capped
// degree is mean (0 ≤ mean < cap, checked by Validate) by bisection over
// log(scale) in [log 1e-200, log 1e15]: the mean grows with the scale, from
// about scale^tail·Σk^-tail (below 1e-40 for tail ≥ 0.5) to nearly cap.
func newDegreeSampler(mean, exponent float64, cap uint64) degreeSampler {
	tail := exponent - 1
	s := degreeSampler{invTail: 1 / tail, cap: cap}
	if mean <= 0 || cap == 0 {
		return s
	}
	lo, hi := math.Log(1e-200), math.Log(1e15)
	for iter := 0; iter < 200 && hi-lo > 1e-13; iter++ {
		mid := (lo + hi) / 2
		if cappedLomaxMean(math.Exp(mid), tail, cap) < mean {
			lo = mid
		} else {
			hi = mid
		}
	}
	s.scale = math.Exp((lo + hi) / 2)
	return s
}

// cappedLomaxMean returns E[min(D, cap)] = Σ_{k=1..cap} (1+k/c)^-tail: the
// first terms summed exactly, the rest by the midpoint rule as an integral.
func cappedLomaxMean(c, tail float64, cap uint64) float64 {
	const exact = 1024
	sum := 0.0
	k := uint64(1)
	for ; k <= cap && k <= exact; k++ {
		sum += math.Pow(1+float64(k)/c, -tail)
	}
	if k > cap {
		return sum
	}
	// Σ_{k=exact+1..cap} f(k) ≈ ∫_{exact+0.5}^{cap+0.5} (1+x/c)^-tail dx.
	a := 1 + (float64(exact)+0.5)/c
	b := 1 + (float64(cap)+0.5)/c
	if math.Abs(tail-1) < 1e-12 {
		return sum + c*(math.Log(b)-math.Log(a))
	}
	return sum + c/(1-tail)*(math.Pow(b, 1-tail)-math.Pow(a, 1-tail))
}

// draw returns one degree by inversion: D = floor(c·(U^(-1/tail) - 1)) for
// U uniform in (0,1], capped.
func (s degreeSampler) draw(rng *rand.PCG) uint64 {
	u := unitFloatOpen(rng)
	if s.scale == 0 {
		return 0
	}
	x := s.scale * (math.Pow(u, -s.invTail) - 1)
	if !(x < float64(s.cap)) {
		return s.cap
	}
	return uint64(x)
}

// below returns a uniform integer in [0, n), n > 0, by Lemire's
// multiply-and-reject method ("Fast random integer generation in an
// interval", 2019). It is written here rather than taken from rand.Rand so
// that the stream depends only on the PCG algorithm, which is fixed, and not
// on the word size or the Go release.
func below(rng *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(rng.Uint64(), n)
	if lo < n {
		threshold := -n % n
		for lo < threshold {
			hi, lo = bits.Mul64(rng.Uint64(), n)
		}
	}
	return hi
}

// odds returns the threshold of chance for probability p in [0,1]: the
// least integer t ≥ p·2^53, so that for x < 2^53, x < t exactly when
// x < p·2^53, that is when x/2^53 < p (both products by a power of two are
// exact).
func odds(p float64) uint64 {
	x := p * (1 << 53)
	t := uint64(x)
	if float64(t) < x {
		t++
	}
	return t
}

// halfOdds is odds(0.5).
const halfOdds = 1 << 52

// chance reports whether unitFloat(l.rng) < p, for odds = odds(p), with
// the same draw and the same answer, without the conversion to float64.
func (l *linkDrawer) chance(odds uint64) bool {
	return l.rng.Uint64()>>11 < odds
}

// unitFloat returns a uniform float64 in [0,1) with 53 random bits.
func unitFloat(rng *rand.PCG) float64 {
	return float64(rng.Uint64()>>11) / (1 << 53)
}

// unitFloatOpen returns a uniform float64 in (0,1] with 53 random bits.
func unitFloatOpen(rng *rand.PCG) float64 {
	return float64(rng.Uint64()>>11+1) / (1 << 53)
}

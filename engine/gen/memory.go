package gen

import "math"

// EstimatedBytes returns an upper-bound estimate of the memory Generate
// needs for p: the bytes it allocates in all, which bounds its peak heap
// (the Go runtime needs some headroom above that, set by GOGC or
// GOMEMLIMIT). It lets a caller refuse a graph that cannot fit before
// spending time on it. Zero fields take their defaults; it returns 0 when p
// does not validate.
//
// With n pages, h hosts and m links, Generate allocates:
//
//   - 16h bytes for the host sizes and their weights, 8(h+1) for where
//     each host starts, and 16h for the host names;
//   - 8(n+1) for the offsets, 8n for the link drawer's marks and its list
//     of pages not yet linked to, and 4s for that list on one host, s the
//     size of the largest host;
//   - 12 bytes per page whose intra-host range binds (at most n), when
//     there are several hosts and 0 < IntraHostShare < 1;
//   - 4m for the targets, and at most 4m + 24·sqrt(n) + 8(n + s) for the
//     copy pools, reserved once: the inter-host links, and the intra-host
//     links of one host, each at most 3·sqrt(n) + 1,024 above its
//     expectation (see Generator.reservePools), one start per page with
//     links, and one per page of the largest host;
//   - the URLs: their bytes, at most n·(29 + digits(h-1) + digits(s-1)),
//     a 16-byte string header each, and 4n for the host of every page.
//
// That is 56n + 8m + 24·sqrt(n) + 20s + 40h + URL bytes, plus 256 KiB for
// small allocations. The link count m is random: its bound is the expected
// n·MeanOutDegree plus four standard deviations, computed from the
// calibrated degree distribution (D capped at n-1, so at most n(n-1)). The
// largest host's size s is bounded by 2 + (n-h)/∫_1^{h+1} x^-e dx, e the
// host-size exponent, since the shares' sum Σ_{k=1..h} k^-e exceeds that
// integral. At the defaults this comes to about 165 bytes per page, of
// which the graph itself keeps about 95.
func (p Params) EstimatedBytes() int64 {
	p, b, ok := p.bounds()
	if !ok {
		return 0
	}
	n, h, links, largest, bounded := b.n, b.h, b.links, b.largest, b.bounded
	urlBytes := n * float64(len(urlScheme+urlHost+urlDomain+urlPage+urlExt)+decimalDigits(p.Hosts-1)+decimalDigits(int(largest)-1))
	const slack = 256 << 10
	bytes := 44*n + bounded + 8*links + 24*math.Sqrt(n) + 20*largest + 40*h + urlBytes + slack
	return clampBytes(bytes)
}

// EstimatedStreamingBytes is EstimatedBytes for a Generator that writes
// its graph as it makes it (NewCSRGenerator): an upper-bound estimate of
// the bytes it allocates in all. It holds no targets, URLs or host table,
// only what is linear in the pages and the copy pools of the copying
// model. With n pages, h hosts, m links and s pages on the largest host,
// it allocates:
//
//   - 24h + 8 bytes for the host sizes, their weights and where each host
//     starts;
//   - 4n for the degrees, 8n for the link drawer's marks and its list of
//     pages not yet linked to, 4s for that list on one host and 8s for
//     the jumps of its scans on one host (freeScan);
//   - 12 bytes per page whose intra-host range binds (at most n), when
//     there are several hosts and 0 < IntraHostShare < 1, freed before
//     the links are drawn;
//   - the copy pools, at most 4m + 24·sqrt(n) + 8(n + s): the inter-host
//     pool holds the inter-host links of the whole graph, the host pool
//     the intra-host links of one host. When the intra-host share is
//     calibrated (several hosts, 0 < IntraHostShare < 1) the pools are
//     reserved for that share, and 4m becomes 4 bytes for each of
//     (1-IntraHostShare)·m links plus a margin of 3·sqrt(n) + 1,024, and
//     for the links of a host of s pages (poolLinks); otherwise the share
//     a graph reaches depends on its degrees and the bound counts all m
//     links (the memory pages of the pools' unused capacity are never
//     touched, so the resident memory is nearer the real sizes);
//   - 4 bytes per link of the page with the most links, bounded by the
//     largest degree among n that is exceeded with probability 1/1,000
//     (beyond it only that buffer grows);
//   - 1 MiB and 48 KiB of write buffers.
//
// That is at most 20n + 4m + 24·sqrt(n) + 20s + 24h + 4·maxDegree, plus
// 12n when the calibration runs and 1.3 MiB; at the defaults about 55
// bytes per page (8 links), against about 165 for Generate, and at 35
// links a page and 105 M pages about 6 GiB. It returns 0 when p does not
// validate.
func (p Params) EstimatedStreamingBytes() int64 {
	p, b, ok := p.bounds()
	if !ok {
		return 0
	}
	n, h, largest, bounded := b.n, b.h, b.largest, b.bounded
	const buffers = 1<<20 + 48<<10 + 256<<10
	bytes := 20*n + bounded + 4*poolLinks(p, b) + 24*math.Sqrt(n) + 20*largest + 24*h + 4*maxDegreeBound(p) + buffers
	return clampBytes(bytes)
}

// poolLinks bounds the links the two copy pools of a streaming Generator
// hold (Generator.reservePools): all of them, unless the intra-host share
// is calibrated (several hosts, 0 < IntraHostShare < 1). Then the
// inter-host pool holds (1-IntraHostShare) of the links and the margin
// reservePools adds, and the host pool the intra-host links of one host,
// at most the links of a host of the largest size (its expected links
// plus four standard deviations).
func poolLinks(p Params, b sizeBounds) float64 {
	if b.bounded == 0 {
		return b.links
	}
	margin := 3*math.Sqrt(b.n) + 1024
	inter := min((1-p.IntraHostShare)*b.links+margin, b.links)
	host := min(p.IntraHostShare*b.links+margin, linksOfPages(p, b.largest), b.links)
	return inter + host
}

// sizeBounds are the sizes both estimates start from: pages, hosts, the
// bound on the links (linkBound), on the largest host
// (largestHostBound), and the 12 bytes a page of the intra-host
// calibration when it runs.
type sizeBounds struct{ n, h, links, largest, bounded float64 }

// bounds returns p with its defaults and its sizeBounds, or false when p
// does not validate.
func (p Params) bounds() (Params, sizeBounds, bool) {
	if p.Validate() != nil {
		return p, sizeBounds{}, false
	}
	p = p.withDefaults()
	b := sizeBounds{n: float64(p.Pages), h: float64(p.Hosts), links: linkBound(p), largest: largestHostBound(p)}
	if p.Hosts > 1 && p.IntraHostShare > 0 && p.IntraHostShare < 1 {
		b.bounded = 12 * b.n
	}
	return p, b, true
}

// clampBytes rounds an estimate up to whole bytes, at most math.MaxInt64.
func clampBytes(bytes float64) int64 {
	if bytes >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(math.Ceil(bytes))
}

// maxDegreeBound returns the out-degree that the largest of p's n degrees
// exceeds with probability at most 1/1,000: P(D ≥ k) = (1+k/c)^-tail, so
// n·P(D ≥ k) = 1/1,000 at k = c·((1000n)^(1/tail) - 1); at most n-1.
func maxDegreeBound(p Params) float64 {
	n := float64(p.Pages)
	s := newDegreeSampler(p.MeanOutDegree, p.OutDegreeExponent, uint64(p.Pages-1))
	if s.scale == 0 {
		return 0
	}
	return math.Ceil(min(s.scale*(math.Pow(1000*n, s.invTail)-1), n-1))
}

// linkBound returns the expected number of links of p plus four standard
// deviations, at most n(n-1).
func linkBound(p Params) float64 {
	n := float64(p.Pages)
	return min(linksOfPages(p, n), n*(n-1))
}

// linksOfPages returns the expected number of links of k of p's pages,
// their degrees drawn independently, plus four standard deviations.
func linksOfPages(p Params, k float64) float64 {
	s := newDegreeSampler(p.MeanOutDegree, p.OutDegreeExponent, uint64(p.Pages-1))
	if s.scale == 0 {
		return 0
	}
	tail := p.OutDegreeExponent - 1
	mean := cappedLomaxMean(s.scale, tail, s.cap)
	variance := max(s.secondMoment(tail)-mean*mean, 0)
	return k*mean + 4*math.Sqrt(k*variance)
}

// secondMoment returns, for the tail exponent tail, E[D²] = Σ_{k=1..cap} (2k-1)·P(D ≥ k): the first
// 1,024 terms exactly, the rest in blocks of about 2% of k by the midpoint
// rule.
func (s degreeSampler) secondMoment(tail float64) float64 {
	term := func(k float64) float64 { return (2*k - 1) * math.Pow(1+k/s.scale, -tail) }
	const exact = 1024
	sum := 0.0
	k := uint64(1)
	for ; k <= s.cap && k <= exact; k++ {
		sum += term(float64(k))
	}
	for k <= s.cap {
		end := min(s.cap, k+k/50)
		sum += float64(end-k+1) * term((float64(k)+float64(end))/2)
		k = end + 1
	}
	return sum
}

// largestHostBound returns a bound on the size of p's largest host (see
// EstimatedBytes), at most n-h+1.
func largestHostBound(p Params) float64 {
	n, h, e := float64(p.Pages), float64(p.Hosts), p.HostSizeExponent
	integral := math.Log(h + 1) // ∫_1^{h+1} x^-e dx
	if math.Abs(e-1) > 1e-9 {
		integral = (math.Pow(h+1, 1-e) - 1) / (1 - e)
	}
	return math.Ceil(min(2+(n-h)/integral, n-h+1))
}

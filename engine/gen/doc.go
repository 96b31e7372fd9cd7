// Package gen makes synthetic web-like graphs with hosts, and evolves a graph
// into a later snapshot of itself, so that crawl strategies can be compared
// without input files (docs/architecture.md, "The page and its workers": the
// page starts on a generated graph) and the historical-PageRank strategies of
// paper 004 (Baeza-Yates et al., "Crawling a Country", section 4.2;
// docs/algorithms.md section 3) have an older snapshot to learn from.
//
// # The generator
//
// Generate builds a graph in four steps, each drawn from one random stream
// seeded by Params.Seed:
//
//  1. Host sizes. Every host gets one page, and the remaining pages are
//     shared in proportion to a Zipf law: the host of rank k (0-based)
//     receives a share proportional to (k+1)^-HostSizeExponent. Ranks are
//     then shuffled over the host ids, so host 0 is not always the largest.
//  2. Page ids are grouped by host, like a crawl listed in URL order (as
//     cnr-2000 is): host 0's pages come first, then host 1's, and so on. Page
//     j of host K has the URL "http://hostK.example/" when j = 0 (the host's
//     root) and "http://hostK.example/pageJ.html" otherwise, so the host
//     table derived from the URL list (graph.HostsFromURLs) numbers the hosts
//     0..h-1 in the same order.
//  3. Out-degrees follow a discrete power law with a tail exponent of
//     OutDegreeExponent: a page has at least k links with probability
//     (1+k/c)^-(OutDegreeExponent-1), capped at n-1, where the scale c is
//     calibrated at setup (a bounded bisection over an analytic expression of
//     the mean) so that the mean is MeanOutDegree. Broder et al. ("Graph
//     structure in the web", 2000) measured an out-degree exponent of 2.72
//     and an in-degree exponent of 2.1; the default here is 2.7. About a
//     quarter of the pages then have no out-links (dangling pages).
//  4. Links. A page's links are split between its host and the other hosts
//     so that a share IntraHostShare of all links is intra-host. Pages on
//     small hosts may have more links than their host has other pages; the
//     links that do not fit go to other hosts, and the per-link intra-host
//     probability of the other pages is raised to make up for them (solved
//     by bisection at setup), so the share holds for the whole graph.
//     Each target is then copied, with probability CopyProbability, from
//     an earlier page's link of the same kind (intra-host links of the same
//     host, or inter-host links of the whole graph): an earlier page is
//     picked uniformly, then one of its links. This is the copying model of
//     Kumar et al. ("Stochastic models for the web graph", 2000), a form of
//     preferential attachment: a page is copied roughly in proportion to
//     the links it already receives, so in-degrees follow a power law.
//     Otherwise the target is a page that no link of the same kind has
//     reached yet, as in Simon's model, or a uniform page once none is left.
//     As a result nearly every page has an in-link.
//
// Links are distinct per page: a draw that hits a page's existing target is
// repeated, up to a bounded number of times, and then the nearest free page
// is taken; so every page gets exactly its drawn degree and the mean
// out-degree is MeanOutDegree up to sampling noise (within about 3% at
// 100,000 pages; the tests allow 10%). Self-loops arise only by copying and are
// rare (about 0.25% of links at the defaults).
//
// # Determinism
//
// The only randomness is a PCG stream (math/rand/v2's rand.PCG, whose
// algorithm is fixed) seeded with Params.Seed and a constant that names the
// stream. Bounded integers and floats are derived from it by this package,
// not by rand.Rand, so the graph depends on Params alone: on every platform,
// native and WebAssembly alike, the same Params give the same arrays, byte for
// byte (a golden checksum test pins this). Transcendental functions
// (math.Pow, Exp, Log) enter the host shares, the degree scale and each
// degree draw; their last-bit rounding may differ between architectures
// (amd64 has assembly Exp and Log), which could change a graph only if a
// computed value fell within a rounding error of the boundary it is
// compared with.
//
// # Evolution
//
// Evolve turns a graph into a later snapshot: it removes pages and links,
// adds links among the surviving pages, and adds new pages with their own
// links, mostly on existing hosts. Surviving pages keep their ids; see
// Evolve for how removed pages are represented.
//
// # Running in steps
//
// Generate and Evolve are conveniences over Generator and Evolver, which do
// the same work in bounded steps and report their progress (package step;
// docs/architecture.md, "Steppable work"), so that the command line can show a
// progress bar and stop on Ctrl-C, and the browser worker can run them in
// slices of a few milliseconds. Their results do not depend on the budgets of
// the steps. Params.EstimatedBytes bounds the memory Generate needs, so that a
// caller can refuse a graph too large for the machine before starting.
//
// # Streaming a .csr
//
// NewCSRGenerator writes the same graph to a .csr file while it makes it,
// in page order, instead of holding it (crawlsim gen does so whenever its
// output is a .csr file): the degrees give every offset before any link is
// drawn, so the offsets are written first; each page's links are written
// as they are drawn; the host of every page, the host names and the URLs
// follow from the host sizes; the header, with the body's checksum
// computed on the way, is written last by seeking back (graphio.CSRWriter).
// The file is the one graphio.WriteCSR writes for Generate's graph, byte
// for byte. Its memory is linear in the pages (about 12 bytes per page:
// the degrees, the drawer's marks and fresh pages; 12 more per page whose
// intra-host range binds, during the calibration) plus the copy pools the
// copying model needs: the inter-host pool holds every inter-host link
// drawn so far, about 10% of the links at the default IntraHostShare of
// 0.9 (all of them at 0), and the host pool the intra-host links of one
// host, at most those of the largest. At the defaults that is about 20
// bytes per page resident (174 MB for 8 million pages and 64 million
// links, against 930 MB for Generate and WriteCSR);
// Params.EstimatedStreamingBytes bounds it.
package gen

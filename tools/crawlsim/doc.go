// Command crawlsim studies web-crawl ordering on link graphs, natively and
// at full size. It runs on the same engine as crawlsim's browser page.
//
// Usage:
//
//	crawlsim <command> [flags] [graph]
//
// A graph's format follows its file name: NAME.graph is a WebGraph BVGraph
// (NAME.properties must be beside it; NAME.offsets is checked against it when present),
// NAME.graph-txt is WebGraph ASCII, NAME.csr is crawlsim's binary CSR (memory
// mapped, the fastest to load), and anything else is a SNAP-style edge list:
// one "source target" pair per line, '#' comments, integer ids of any size or
// URLs. -format overrides the guess. -urls FILE attaches a URL list, one URL
// per page in id order, and gives every page the lower-cased host name of its
// URL; URLs without a host that can be parsed are counted and put in the host
// "(none)". With a URL list, an edge list's integer ids are its line numbers
// (0-based); without one, ids are renumbered densely in increasing order.
//
// Commands:
//
//	gen      generate a synthetic web-like graph (-o FILE)
//	convert  convert a graph between formats (-o FILE)
//	info     pages, links, degrees, hosts, intra- and inter-host links
//	rank     PageRank, personalized PageRank (-seeds) or HITS (-hits)
//
// "crawlsim help COMMAND" and "crawlsim COMMAND -h" list a command's flags.
// Outputs are written to a temporary file that is renamed into place, so a
// failed run never leaves half a file. A progress bar appears on stderr for
// work that takes more than a second when stderr is a terminal, and every
// command ends by saying on stderr how long it took. The exit status is 0 on
// success, 1 on failure and 2 on bad usage; flags are checked before any
// graph is loaded.
//
// Examples, in a fresh folder (TestExamples runs exactly these lines and
// compares their output with the golden files in testdata):
//
//	crawlsim gen -n 400 -hosts 5 -seed 7 -o web.csr
//	crawlsim info web.csr
//	crawlsim convert -o web.edges -urls-out web.urls web.csr
//	crawlsim info -urls web.urls web.edges
//	crawlsim rank -top 5 web.csr
//	crawlsim rank -seeds host-roots -top 3 web.csr
//	crawlsim rank -hits -top 3 web.csr
//	crawlsim rank -top 0 -o pagerank.csv web.csr
//
// On the real crawls in ../shared/data, with D=../shared/data
// (TestRealData runs these):
//
//	crawlsim info -urls $D/cs-stanford/cs-stanford.urls $D/cs-stanford/cs-stanford.edges
//	crawlsim info -urls $D/cs-stanford/cs-stanford.urls $D/cs-stanford/cs-stanford.graph
//	crawlsim convert -o cnr-2000.csr $D/cnr-2000/cnr-2000.graph
//	crawlsim rank -top 10 cnr-2000.csr
//	crawlsim rank -seeds top-pagerank:160 -o ppr.csv cnr-2000.csr
//	crawlsim rank -hits -urls $D/hollins/hollins.urls $D/hollins/hollins.edges
package main

// Command crawlsim studies web-crawl ordering on link graphs, natively and
// at full size. It runs on the same engine as crawlsim's browser page.
//
// Usage:
//
//	crawlsim <command> [flags] [graph]
//
// A graph's format follows its file name: NAME.graph is a WebGraph BVGraph
// (NAME.properties must be beside it; NAME.offsets is checked against it when present;
// NAME alone, as LAW's tools name a BVGraph, reads NAME.graph, for a graph
// argument, -transpose and -previous alike),
// NAME.graph-txt is WebGraph ASCII, NAME.csr is crawlsim's binary CSR (memory
// mapped, the fastest to load), and anything else is a SNAP-style edge list:
// one "source target" pair per line (a numeric third and fourth field, a
// weight and a timestamp, are ignored; a link given twice is kept once
// and a self-loop is kept), '#' and '%' comments, integer ids
// of any size, URLs or other labels. Labels (any id that is not an integer
// written without sign or leading zeros makes every id one) are numbered in
// order of first appearance, and give no hosts unless all are URLs: info,
// rank and convert say so in a note on stderr, run in a warning for each strategy
// that needs hosts, seeds in its refusal of community seeds. When such an
// id follows links of integer ids,
// a warning names its line, as it is most likely a typo (pages no link
// names are then left out). -format overrides the guess. -urls FILE
// attaches a URL list, one URL per page in id order, and gives every page
// the lower-cased host name of its URL; URLs without a host that can be parsed are counted and put in the host
// "(none)". An edge list's integer ids are page numbers as given: the graph
// has pages 0 to the largest id, those without links included (a SNAP header
// "# Nodes: N" gives at least N); with a URL list they are its line numbers
// (0-based). -renumber (an edge list's only, without -urls) numbers them densely in
// increasing order instead, and says how many unused ids it dropped.
// -urls FILE also reads the vertex files of a Common Crawl host graph
// ("id<TAB>com.example.www", the host name reversed, gzip-compressed),
// told by their first line: each page is a host of its own, named
// un-reversed ("www.example.com"), which is also its URL in listings.
// They come in parts: FILE may then be a pattern, quoted for the shell
// (-urls 'vertices/part-*.gz'), whose files are read in order of their
// names; every page id from 0 must be given once. A run that needs no
// URLs (no -previous, seed study, list: seeds or -orders) keeps 4 bytes a
// page and the host names of a URL list, not the URLs.
//
// Commands:
//
//	gen         generate a synthetic web-like graph (-o FILE)
//	convert     convert a graph between formats (-o FILE)
//	info        pages, links, degrees, hosts, intra- and inter-host links
//	rank        PageRank, personalized PageRank (-seeds) or HITS (-hits)
//	strategies  the crawl-ordering strategies, their papers and parameters
//	run         compare strategies on a graph: a table, -csv, -svg, -o result
//	seeds       extract community seeds and compare them with random and top-PageRank seeds
//	refresh     simulate revisit policies for changing sites: freshness and traffic
//	reproduce   run a paper's experiment and compare with its published figures
//	version     the build: module version, commit and its time, changes not committed, Go version
//
// "crawlsim help COMMAND" and "crawlsim COMMAND -h" list a command's flags,
// then its examples from this manual.
// Outputs never replace an input and never leave half a file (see Outputs
// below). A progress bar appears on stderr for
// work that takes more than a second when stderr is a terminal; when it
// is not (a log file, a batch job), a plain line every 10 seconds gives
// the stage, its share done and the time elapsed and left, and the
// downloads of each crawl when several run at once. The time left is
// "unknown" where the share done cannot tell it: crawls run at once,
// counted one a unit, and the crawls of rankmass and windowed-rankmass,
// whose last downloads cost far more than their first. -quiet, which
// every command takes, silences both. Every command ends by saying on
// stderr how long it took. The exit status is 0 on
// success, 1 on failure and 2 on bad usage; flags are checked before any
// graph is loaded. A flag given twice keeps the last value, as Go's flags
// do, but one given under two names (rank's -d and -damping) is refused.
// A count flag also reads a whole number written with an
// exponent (-n 1e6), and a number flag refuses a nonzero value too small
// to tell from 0 (-damping 1e-400), saying the value as written. Stopped by Ctrl-C, SIGTERM or SIGHUP, crawlsim removes
// its temporary files (and a reproduce -o folder it made, left empty) and
// then dies of that signal, so that its parent
// sees it killed by the signal (a shell reports 130, 143 or 129) and a
// script stops. It stops within a second, at once on a second signal.
// SIGINT and SIGTERM stop it even when it was started to ignore them (a
// background job of a script: kill -INT still works; it then exits with
// status 130 or 143); SIGHUP under nohup stays ignored.
//
// Examples, in a fresh folder (TestExamples runs exactly these lines and
// compares their output with the golden files in testdata):
//
//	crawlsim gen -n 1000 -hosts 5 -seed 7 -o web.csr
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
//
// # Writing BVGraphs
//
// convert and gen write a WebGraph BVGraph when -o names NAME.graph (or
// -to bvgraph): NAME.graph, NAME.offsets and NAME.properties, renamed into
// place together, byte for byte as Java WebGraph 3.6 writes them
// (BVGraph.store, with one thread) and with the same properties but the
// date line. LAW's cnr-2000 converted from its own BVGraph gives LAW's
// files but their trailing zero padding, 2.897 bits a link. -window W
// (default 7) says how many previous lists a list may copy from, -max-ref
// R (3; -1 unbounded) how long a chain of copies may be, -min-interval L
// (4; 0 none) the shortest run of consecutive links written as an
// interval, -zeta-k K (3) the ζ code of the other links; a BVGraph holds
// no URLs or hosts (-urls-out FILE keeps them). gen writes a BVGraph page
// by page as it draws the links, never holding them, and its -urls-out
// URL list line by line. convert -transpose writes the graph with every link
// reversed; to a BVGraph it is made offline, as WebGraph's
// transposeOffline does: the reversed links are sorted in batches of 16
// million (128 MiB), spilled to a temporary folder beside the output and
// merged (LAW's cnr-2000 gives LAW's cnr-2000-t).
//
// # Large graphs: BVGraph read in place
//
// A BVGraph is read in place: NAME.graph is memory-mapped (or, compressed
// or under RLIMIT_AS, read into memory) and stays compressed, its lists
// decoded as they are asked for; beside it crawlsim holds 8 bytes a page,
// the position of every list, from NAME.offsets or, when that file is
// absent (LAW's -hc graphs, Common Crawl's), from one pass over the
// graph. Every list is decoded and checked once when the graph is opened,
// so a file that does not match its properties is refused with the file
// and the bit; a graph compressed for sequential access alone (reference
// chains longer than its maxrefcount) is read too, its random accesses
// slower. Every command works on the compressed graph without decoding it
// into arrays of 4 bytes a link, but convert to .csr, which decodes it;
// an evolution of the graph into a later snapshot (run -evolve, seeds
// -evolve, the historical strategies' history when none is given) reads
// it in place and holds only the later snapshot's arrays, the same
// evolution as from its .csr. run, seeds and reproduce, which
// read every list again for each crawl, and rank, for the transpose it
// pulls along, first pack the lists byte-aligned (one or two bytes a link
// on a web graph, "packing NAME" on the progress line) when they fit a
// third of the memory budget: they decode four to ten times faster, and
// the results are the same.
//
// PageRank pulls rank along the graph's transpose: rank and run take
// -transpose FILE (any format, told by its own name, not -format; read
// as the graph is), and find LAW's
// NAME-t.graph beside a BVGraph NAME.graph of more than 2^28 links, or
// whose in-arc layout would not fit in memory, by themselves. Along a
// transpose PageRank holds two float64 a page beside the graphs (three
// more with -seeds). Without one, PageRank builds its own in-arc layout
// of 4 bytes a link, the faster choice while it fits in memory; when it
// does not, rank and run push rank along the graph's own out-lists
// instead (rank says "note: PageRank pushes along the out-lists" on
// stderr), holding no transpose and no layout: two float64 a page beside
// the graph (three more with -seeds), with rank's lists packed in memory
// when they fit beside them. rank -push asks for that whatever the
// memory. Pushing runs the same
// sweeps and gives the same vector to within rounding (5e-14 in L1 on
// cnr-2000, the same 68 iterations) but sweeps several times slower than
// the layout; pages whose scores tie only to the last bits (a clique's)
// may then be listed, and picked by -seeds top-pagerank:K, in another
// order. convert -transpose writes a transpose offline. gen -locality P (0 to 1, default 0) draws a
// page's links within its host as a crawl's fall, the previous page's
// and pages near it, so that a generated web compresses as a crawl does
// (tools/bench/paperscale.sh generates the Fractional PageRank paper's
// 105 M pages and 3.7 G links with it).
//
// # Importance files
//
// rank -o NAME.imp writes the vector in crawlsim's binary importance format
// instead of CSV (any other name is CSV): an 80-byte header (magic
// CRAWLIMP, version, what the vector is: pagerank, personalized pagerank
// with its -seeds, or HITS authorities; damping, tolerance, iterations and
// residual; the graph's pages, links and fingerprint, a CRC-32C of its
// offsets and of its targets, which does not depend on the file format the
// graph was read from; checksums of the header and the body), then one
// little-endian float64 per page. run -importance-file NAME.imp uses it
// instead of computing PageRank: it scores every crawl and, when it is
// uniform PageRank, ranks the top-pagerank seeds too, giving the table run
// gives computing it. A vector of another graph, a truncated or corrupt
// file is refused with the file and the byte.
//
// -importance-file also reads a vector whose file does not say what it
// is (made by another engine, or rank -o NAME.csv), taken to be PageRank
// and checked by one PageRank step from it, in any of these formats
// (gzip-compressed or not):
//
//	text        one score per line in page order; '#' comment lines and
//	            blank lines skipped (webgraph-rs's ascii format)
//	keyed       a key and a score a line, in any order: "ID SCORE" (blanks,
//	            a tab or a comma between), or CSV or TSV whose first line
//	            names the columns; rank -o NAME.csv reads back
//	float64-be  8 bytes a page, big-endian: LAW's NAME.ranks
//	            (BinIO.storeDoubles), webgraph-rs's java format
//	float64-le  8 bytes a page, little-endian
//	float32-be  4 bytes a page, big-endian: HyperBall's centralities
//	float32-le  4 bytes a page, little-endian
//
// -importance-format FORMAT names the format (also ascii, csv, tsv, ranks,
// java, hyperball); by default it is told from the bytes: text when the
// first bytes are printable and the first line is a score, a key and a
// score, or column names; else raw values, float64 or float32 by the file's
// size (8 or 4 bytes a page) and the byte order in which every value is a
// plausible score. A file named in the wrong byte order is refused with the
// order it is in. A keyed file's key column is the first named page, id,
// node or vertex (a page id, or the page's name in an edge list that was
// renumbered), url (the graph needs its URLs), host (or domain), or
// host_rev (or domain_rev: a reversed host name, "com.example.www", as in
// Common Crawl's NAME-ranks.txt.gz, whose "#" before each column name is
// ignored); host keys need one page a host, as in a host graph. Without a
// header the first field is the key and the second the score; a header
// without a key column has its rows in page order. The score column is the
// one named pagerank, pr_val, pr, score or importance, or the only one that
// is not the key; -importance-column NAME (or its number from 1) chooses
// another, as for rank -hits's columns hub and authority. Every page must
// have exactly one score: a key that names no page, a page given twice and
// the pages given none are refused.
//
// Such a vector carries no fingerprint of its graph, so it is checked by
// one PageRank step from it, x = d·W·v + (d·(dangling mass) + 1-d)/n:
// when that changes it by more than 1e-6 (L1), it is not this graph's
// PageRank at the run's damping, and a warning says what it looks like:
// PageRank with another damping factor (the one that fits), the PageRank
// of the transpose (the links read the other way), PageRank stopped before
// it converged, or a vector of another page order or another measure. The
// vector is used all the same. Scores must be finite and not negative;
// scores whose sum is not 1 are scaled to sum 1, with a warning.
// -importance-file replaces the pagerank importance;
// -importance personalized computes its own and is refused beside it.
//
// # Memory
//
// A graph file, a generated graph or a computation that would need more
// memory than crawlsim may use is refused before anything is allocated
// for it, with an error naming the file, the pages and links it claims,
// the memory they need and the memory available. So is a small file that
// claims a huge graph: a BVGraph whose intervals encode billions of links,
// an edge list whose header announces hundreds of millions of pages. The
// memory crawlsim may use is the smallest of the machine's memory, the
// process's RLIMIT_AS and RLIMIT_DATA (ulimit -v, ulimit -d, prlimit), its
// cgroup's memory.max (memory.limit_in_bytes in cgroup v1) and GOMEMLIMIT,
// less what it already uses and a reserve for the Go runtime (1/16 of
// the rest and 64 MiB, and under RLIMIT_AS room for a few threads); the
// environment variable CRAWLSIM_MEMORY_LIMIT=SIZE (4000000000, 2GB,
// 512MiB, 1.5G) sets it instead. Under RLIMIT_AS a .csr file is read
// rather than memory-mapped, so that its address space is checked too.
// A memory-mapped file (a .csr, a BVGraph's .graph) that is truncated or
// rewritten while a command reads it ends the command with an error
// naming it, whichever thread meets the change; a command that succeeds
// although one changed fails too, since its results may mix the two.
// Unless GOMEMLIMIT or CRAWLSIM_MEMORY_LIMIT is set, crawlsim
// also gives Go's garbage collector that limit as its soft memory limit
// (debug.SetMemoryLimit, less what the process holds outside Go's heap),
// so that the collector works harder near it instead of letting the heap
// outgrow it. Ctrl-C stops the decoding of a large file.
//
// # Outputs
//
// An output is written to a temporary file beside the file it replaces and
// renamed into place when every output of the command is complete, so a
// failed or interrupted run (Ctrl-C, SIGTERM, SIGHUP) leaves neither half a
// file nor a temporary one; after a signal, crawlsim removes its temporary
// files and dies of that signal. An output that names one of the command's
// inputs (the graph and, for a BVGraph, its .properties and .offsets, a URL
// list, the previous snapshot, the scenario file and the files it names, a
// seed list (list:FILE, given as -seeds or in the scenario), run's -importance-file and -page-sizes FILE), by any
// spelling, hard link or symbolic link, is refused before any work, and so
// are two outputs naming one file (exit status 2).
// A command ends with a line on stderr that says how long it took and
// names the outputs it wrote ("crawlsim run: done in 2.1s; wrote r.json and
// r.csv"); gen and convert say instead, on stdout, what each file holds,
// and strategies and version, which only print, end without it.
// Warnings about the run itself (seeds that reach little of the graph, a
// strategy without the hosts it needs, an importance vector scaled to sum
// 1) are lines of run's and seeds' report on stdout, so that a saved
// report keeps them; those about reading a graph (a label that looks like
// a typo) and those of rank and gen go to stderr.
// An output whose name ends in .gz, in any case, is written gzip-compressed,
// whichever command writes it; a saved scenario (-save-scenario) and a seed
// list (seeds -o), which crawlsim reads back as plain text, are refused
// under such a name (exit status 2).
// A file without write permission is not replaced, even by root (exit
// status 1). A symbolic link is followed: its target is replaced and the
// link stays a link. A FIFO or a character device (/dev/null) is written
// directly, as the output is made, and so is "-" or /dev/stdout: the data
// then has stdout to itself, and the table or the note of what was written
// goes to stderr (-json is refused beside it). Text that came from an input
// (labels, page names, URLs, host and file names) is printed with its
// control characters escaped, ESC as \x1b, so that it cannot act on the
// terminal; JSON and CSV outputs keep its bytes, except that a CSV field a
// spreadsheet would take for a formula (one that begins with =, +, -, @, a
// tab or a carriage return and is not a number) starts with a single quote
// inside its double quotes, as OWASP advises against CSV injection.
//
// # Comparing strategies
//
// run crawls one graph once per strategy, every crawl from the same seeds
// and scored by the same importance, and prints a table: per strategy the
// pages downloaded, the average cumulative importance, Kendall's tau between
// download order and importance, the downloads needed to reach 50, 80, 90
// and 98% of the importance, actually and by the strategy's guarantee
// ("actual/guaranteed"; the RankMass family and l-neighbor have one), the
// cost counters and the scheduling time. Those guarantees bound personalized
// PageRank, so with another importance the table writes them "n/a" (the
// JSON and CSV keep them). With no arguments at all it runs the default
// comparison on a generated graph of 100,000 pages. strategies lists what
// run can compare, and cites the papers.
//
// A scenario (the graph, the importance, the seeds, the strategies and
// their parameters, politeness, the random seed) is given by flags, or read
// from -scenario FILE, a JSON file as -save-scenario writes it, or from
// -scenario 'LINK', a link of the page (its Share panel's permalink, the
// address of a comparison or of an embed, or the part from "s=" on), read
// as the page reads it. Flags given beside -scenario override the
// scenario's fields; a graph argument replaces its graph. File names in a
// scenario are read as on the command line, relative to the current folder.
// The other way, -link FILE writes the page's link of the scenario that
// -save-scenario writes, one line ("-" for stdout): the address of the
// page that "go run serve.go" serves, http://127.0.0.1:8080/, or of
// -link-base URL (a site built by serve.go -out), then "#s=" and the
// scenario as the page's permalink holds it, then the chart's view of
// -svg-x and -svg-log ("&x=count&log=1") when not the default. Opened,
// the page runs it; on a graph file, which the link names by its base
// name as the page names an upload (a file of the site, graphs/NAME,
// keeps its path), the page first asks for the file and its URL list to
// be chosen, as run says on stderr.
// A scenario file is UTF-8 JSON of at most 4 MiB (a byte order mark is
// skipped). A field left out takes its default; a 0 written where 0 would
// mean the default (damping, tolerance, connections, bandwidth, pages...)
// is refused, naming the field, and so is a flag given as 0 there.
// -strategies takes ids separated by commas; a parameter follows its
// strategy's id after a colon, further ones follow as NAME=VALUE items:
// "-strategies optimal,bfs,fpr-m:m=10,batch-pagerank:batch=0.05,tolerance=1e-6".
// "-strategies fpr,fpr" is refused: a strategy given twice needs other
// parameters, or, in a scenario file, its own label.
// -politeness (or any of -connections, -wait, -latency, -page-size,
// -bandwidth, -bandwidth-model, -page-sizes) runs every crawl but the
// optimal reference on the politeness clock and adds a second table: the
// simulated time to each level, the crawl's duration and the connections'
// use. -bandwidth is each connection's rate, or with -bandwidth-model
// shared the crawler's link, shared by the transfers in progress (each of
// a transfers gets the rate/a while they last). -page-sizes gives every
// page its own size: a FILE of bytes, one a line in page order, or
// lognormal[:SIGMA[:SEED]], sizes drawn with mean -page-size. The hist-pagerank strategies
// need a previous snapshot: -previous FILE, or -evolve, which takes the
// graph as the earlier snapshot and crawls its evolution. -csv writes every
// curve (strategy,kind,k,fraction,value,normalised and, with politeness,
// time), -orders every crawl's download order (strategy,position,page,url,
// importance,time: its importance column's prefix sums are the curve; a
// page is named as the graph file names it, by its id in a -renumber'ed
// edge list, by its label in one of labels), -svg
// a chart of the curves (-svg-x fraction, count or time; -svg-log a
// logarithmic x axis; by default the view of a -scenario link, as the page
// opens it, else the fraction on a linear scale; the guaranteed curves
// and lower bounds when the importance is personalized, as on the page,
// unless -svg-guarantees=false, or with any importance by -svg-guarantees),
// -o the whole result as JSON; -json prints that JSON instead of the table. The output folders are
// tried before the run starts, and every output is made in memory first:
// one that cannot be made does not cost the others. Only the scheduling
// times differ between two runs of one scenario. The strategies are
// crawled several at once, as many as GOMAXPROCS (the cores Go uses) or -j
// N, the costliest first, each started only when its memory fits beside
// the others'; -j 1 crawls them one after another, to the same result.
//
// Comparisons, in a fresh folder (TestRunExamples runs exactly these lines
// and compares their output with the golden files testdata/run-example-N.txt,
// scheduling times masked):
//
//	crawlsim strategies
//	crawlsim run -n 2000 -seeds top-pagerank:20 -strategies optimal,bfs,opic,fpr,fpr-m:m=10
//	crawlsim run -n 2000 -importance personalized -seeds random:10 -strategies optimal,rankmass,windowed-rankmass:window=0.2,l-neighbor -csv curves.csv -svg chart.svg -o result.json -save-scenario scenario.json
//	crawlsim run -scenario scenario.json -budget 500 -strategies optimal,rankmass
//	crawlsim run -n 2000 -connections 4 -wait 2 -strategies optimal,bfs,larger-sites-first,fpr-m -svg timed.svg -svg-x time
//	crawlsim run -n 2000 -evolve -strategies omniscient,hist-pagerank-zero,hist-pagerank-parent,bfs
//
// On Stanford's CS web, with D=../shared/data (TestRunRealData runs it):
//
//	crawlsim run -urls $D/cs-stanford/cs-stanford.urls $D/cs-stanford/cs-stanford.edges
//
// # Community seeds
//
// seeds extracts K seeds from the community structure of a crawl
// (Daneshpajouh et al., 2008): the links within hosts are dropped, HITS
// ranks hubs and authorities, a bipartite core is grown from the best
// authority (complete cores at -density 100, the paper's choice, or cores of
// -size pages adding -members pages per side and round), a random hub of it
// is a seed, the core is removed, and again until K seeds or no link between
// hosts is left. The graph needs hosts (-urls FILE, or a .csr that keeps
// them). It then crawls breadth-first from these seeds and from random and
// top-PageRank sets of the same size and prints, depth by depth, the pages
// first reached and their mean PageRank (-svg draws the two panels of the
// paper's Figures 7 and 8); the distances between the cores beside the
// graph's average connected distance; and, with -previous FILE or -evolve,
// how the seeds of the older snapshot do on the newer graph. -o writes the
// seeds as a list for "run -seeds list:FILE"; "run -seeds community:K" (with
// ",density=D" or ",size=S,members=M", and ",iterations=N", seeds' -density,
// -size, -members and -iterations) extracts them inside a run.
//
// Community seeds, in a fresh folder (TestSeedsExamples runs exactly these
// lines and compares their output with the golden files
// testdata/seeds-example-N.txt):
//
//	crawlsim gen -n 3000 -seed 5 -o web.csr
//	crawlsim seeds -k 5 -o seeds.txt -svg depth.svg web.csr
//	crawlsim run -seeds list:seeds.txt -strategies optimal,bfs,fpr web.csr
//	crawlsim seeds -k 4 -size 6 -members 2 -evolve web.csr
//
// # Revisit scheduling
//
// refresh simulates a crawler that keeps a changing web fresh (Singhal et
// al.): sites change as Poisson processes and users visit them, and the
// crawler revisits each site after an interval that a policy regulates:
// fixed, by the change ratio of its last visits (change), or by that and
// the share of users who came since (change+interest, the paper's Eq. 3-4 as
// docs/algorithms.md reads them). Per policy it reports freshness, the freshness users
// saw, the mean age, the visits and those that found nothing new, and the
// traffic of a central crawler against migrants that work on the server and
// send back only what changed; each adaptive policy is also compared with
// a fixed policy of as many visits. -csv and -svg give the series over time,
// -save-scenario and -scenario the scenario as JSON.
//
// Revisits, in a fresh folder (TestRefreshExamples runs exactly these lines
// and compares their output with the golden files
// testdata/refresh-example-N.txt):
//
//	crawlsim refresh -sites 200 -horizon 300 -csv series.csv -svg refresh.svg -save-scenario refresh.json
//	crawlsim refresh -scenario refresh.json -policies fixed,change+interest -min-interest 0.1 -equal-budget=false
package main

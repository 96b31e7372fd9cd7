package main

import (
	"flag"
	"fmt"
	"io"
)

// runExamples end run's help: a comparison of each kind run makes
// (TestRunHelpGroups parses their flags).
const runExamples = `examples:
  # the default comparison on a generated web of 100,000 pages
  crawlsim run
  # the default comparison on Stanford CS, with hosts from the URL list
  crawlsim run -urls cs-stanford.urls cs-stanford.edges
  # the RankMass family against the optimal, scored by personalized
  # PageRank, with outputs
  crawlsim run -importance personalized -seeds top-pagerank:20 \
      -strategies optimal,rankmass,windowed-rankmass:window=0.2,l-neighbor \
      -csv curves.csv -svg chart.svg -o result.json \
      -save-scenario scenario.json web.csr
  # the same scenario again, 2000 pages per crawl
  crawlsim run -scenario scenario.json -budget 2000
  # its link for the page of go run serve.go, the chart on a logarithmic x axis
  crawlsim run -scenario scenario.json -svg chart.svg -svg-log -link link.txt
  # on the politeness clock: 4 connections, 2 s between two downloads from
  # one host
  crawlsim run -n 20000 -connections 4 -wait 2 \
      -strategies optimal,bfs,larger-sites-first,opic,fpr-m \
      -svg timed.svg -svg-x time
  # historical PageRank, learnt on an evolution of a generated graph
  crawlsim run -n 20000 -evolve \
      -strategies omniscient,hist-pagerank-omniscient,hist-pagerank-zero,bfs
  # Cho and Schonfeld's seed-size study (reproduce 001): trust is the
  # PageRank vector, of which the 1,600 seeds hold 1-δ
  crawlsim run -importance personalized -trust pagerank \
      -seeds top-pagerank:1600 -strategies l-neighbor web.csr
  # a PageRank computed once (rank -o) scores the crawls of a large graph
  crawlsim rank -top 0 -o cnr-2000.imp cnr-2000.csr
  crawlsim run -strategies bfs,opic -importance-file cnr-2000.imp cnr-2000.csr
`

// printRunFlags writes run's flags by group, in the groups of the flag
// table, each as printFlagDefaults writes it, then the examples.
func printRunFlags(w io.Writer, fs *flag.FlagSet) {
	table := (&runFlags{}).table()
	for _, group := range runFlagGroups {
		sub := flag.NewFlagSet("run", flag.ContinueOnError)
		for _, fl := range table {
			if g := fs.Lookup(fl.name); fl.group == group && g != nil {
				sub.Var(g.Value, g.Name, g.Usage)
				sub.Lookup(g.Name).DefValue = g.DefValue
			}
		}
		fmt.Fprintf(w, "%s flags:\n", group)
		printFlagDefaults(w, sub)
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, runExamples)
}

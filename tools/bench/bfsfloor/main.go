// Command bfsfloor measures the floor of a breadth-first crawl: a bare
// breadth-first search over the graph's CSR arrays (a queue and a bitset,
// nothing else) from the seeds a comparison uses, beside the engine's
// crawls of the same graph from the same seeds (crawl.New and Run, for
// each strategy of -strategies: bfs, and opic and fpr to see what a
// priority costs), a breadth-first search of the reachable pages in
// order (graph.Search) and the seed stage's count of them (graph.Reach).
// With -learn each crawl also runs learning the count as it goes
// (crawl.Config.LearnReachable), as the seed stage's breadth-first crawl
// does: what it costs beyond the crawl given the count is what the count
// costs when it is shared with the crawl.
// Each is timed in CPU seconds of the process (getrusage)
// and per link of the pages reached, best of -rounds runs, so that the
// ratio of a crawl to the floor says what its bookkeeping costs.
//
//	go run ./tools/bench/bfsfloor -strategies bfs,opic,fpr [-rounds R] [-seeds K] [-n PAGES] [-inplace] [-learn] [GRAPH]
//
// GRAPH is any file crawlsim reads (a .csr loads fastest); without one a
// graph of -n pages is generated with the default parameters. With
// -inplace a BVGraph's lists stay compressed and are decoded as they are
// read (graphio.LoadOptions.InPlace, the code a memory-mapped .graph
// runs), instead of being decoded into CSR arrays. The seeds are the K
// pages of highest PageRank (top-pagerank:K).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/rank"
)

func main() {
	rounds := flag.Int("rounds", 5, "runs of each measure; the best is kept")
	k := flag.Int("seeds", 160, "seeds: the `K` pages of highest PageRank")
	n := flag.Int("n", 250000, "pages of the generated graph, without a GRAPH")
	list := flag.String("strategies", "", "the strategies to crawl with, by id, separated by commas")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the measures to `FILE` (go tool pprof)")
	inPlace := flag.Bool("inplace", false, "read a BVGraph's lists in place, not into CSR arrays")
	learn := flag.Bool("learn", false, "also run each crawl learning the count of reachable pages as it goes")
	flag.Parse()
	var infos []crawl.Info
	var values []crawl.Values
	for _, id := range strings.Split(*list, ",") {
		if id == "" {
			continue
		}
		info, vals, err := crawl.Resolve(id, nil)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bfsfloor:", err)
			os.Exit(2)
		}
		infos, values = append(infos, info), append(values, vals)
	}
	g, name, err := load(flag.Arg(0), *n, *inPlace)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bfsfloor:", err)
		os.Exit(1)
	}
	// Pushing along the out-lists: no in-arc layout, 4 bytes a link.
	pr, err := rank.PageRankOf(context.Background(), g, rank.Options{Workers: 1, Push: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, "bfsfloor:", err)
		os.Exit(1)
	}
	seeds := rank.Top(pr.Scores, *k)

	if *profile != "" {
		f, err := os.Create(*profile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "bfsfloor:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	var reached, links int
	bare := best(*rounds, func() { reached, links = bareBFS(g, seeds) })
	crawls := make([]float64, len(infos))
	learning := make([]float64, len(infos))
	for k, info := range infos {
		run := func(learn bool) {
			cfg := crawl.Config{Graph: g, Seeds: seeds, Reachable: reached, Importance: pr.Scores}
			if learn {
				cfg.Reachable, cfg.LearnReachable = 0, true
			}
			c, err := crawl.New(cfg, info.New(values[k]))
			if err != nil {
				panic(err)
			}
			if _, err := c.Run(context.Background(), nil); err != nil {
				panic(err)
			}
			if c.Reachable() != reached {
				panic(fmt.Sprintf("crawl %s: %d reachable pages, the bare BFS reached %d", info.ID, c.Reachable(), reached))
			}
		}
		if !*learn {
			crawls[k] = best(*rounds, func() { run(false) })
			continue
		}
		// Given the count and learning it in turn, so that both meet
		// the same load.
		for r := range *rounds {
			given, learnt := best(1, func() { run(false) }), best(1, func() { run(true) })
			if r == 0 || given < crawls[k] {
				crawls[k] = given
			}
			if r == 0 || learnt < learning[k] {
				learning[k] = learnt
			}
		}
	}
	search := best(*rounds, func() {
		s := graph.NewSearch(g)
		s.Start(seeds)
		s.Expand(1 << 62)
	})
	count := best(*rounds, func() {
		r := graph.NewReach(g)
		r.Start(seeds)
		r.Expand(1 << 62)
		if r.Reached() != reached {
			panic(fmt.Sprintf("graph.Reach counts %d pages, the bare BFS %d", r.Reached(), reached))
		}
	})
	per := func(sec float64) float64 { return sec / float64(links) * 1e9 }
	fmt.Printf("%s: %d pages, %d links; %d seeds reach %d pages and %d links\n",
		name, g.NumNodes(), g.NumArcs(), len(seeds), reached, links)
	fmt.Printf("%-28s %10s %12s %8s\n", "measure (best of "+fmt.Sprint(*rounds)+")", "CPU (s)", "ns per link", "ratio")
	fmt.Printf("%-28s %10.3f %12.2f %8.2f\n", "bare BFS (the floor)", bare, per(bare), 1.0)
	for k, info := range infos {
		fmt.Printf("%-28s %10.3f %12.2f %8.2f\n", "crawl "+info.ID, crawls[k], per(crawls[k]), crawls[k]/bare)
		if *learn {
			fmt.Printf("%-28s %10.3f %12.2f %8.2f\n", "crawl "+info.ID+", learning", learning[k], per(learning[k]), learning[k]/bare)
		}
	}
	fmt.Printf("%-28s %10.3f %12.2f %8.2f\n", "reachable pages (Search)", search, per(search), search/bare)
	fmt.Printf("%-28s %10.3f %12.2f %8.2f\n", "reachable count (Reach)", count, per(count), count/bare)
	for k, info := range infos {
		fmt.Printf("reachable count / crawl %s: %.1f%% (Search %.1f%%)\n", info.ID, 100*count/crawls[k], 100*search/crawls[k])
		if *learn {
			fmt.Printf("learning the count / crawl %s: %+.1f%%\n", info.ID, 100*(learning[k]-crawls[k])/crawls[k])
		}
	}
}

// load reads the graph file (a BVGraph's lists in place when inPlace),
// or generates a graph of n pages.
func load(file string, n int, inPlace bool) (*graph.Graph, string, error) {
	if file == "" {
		p := gen.DefaultParams()
		p.Pages = n
		g, err := gen.Generate(p)
		return g, fmt.Sprintf("generated (%d pages)", n), err
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, "", err
	}
	g, _, err := graphio.Load(os.DirFS(filepath.Dir(abs)), filepath.Base(abs), graphio.LoadOptions{SkipURLs: true, InPlace: inPlace})
	return g, filepath.Base(file), err
}

// bareBFS is the floor: a breadth-first search from seeds with a bitset of
// the pages queued and a queue, reading each page's links once, as the
// bfs crawl does (through graph.Successors). It returns the pages reached
// and their links.
func bareBFS(g *graph.Graph, seeds []uint32) (pages, links int) {
	succ := g.Successors()
	seen := make([]uint64, (g.NumNodes()+63)/64)
	queue := make([]uint32, 0, g.NumNodes())
	for _, p := range seeds {
		if seen[p/64]&(1<<(p%64)) == 0 {
			seen[p/64] |= 1 << (p % 64)
			queue = append(queue, p)
		}
	}
	for head := 0; head < len(queue); head++ {
		out := succ.Out(queue[head])
		links += len(out)
		for _, q := range out {
			if seen[q/64]&(1<<(q%64)) == 0 {
				seen[q/64] |= 1 << (q % 64)
				queue = append(queue, q)
			}
		}
	}
	return len(queue), links
}

// best runs f rounds times and returns its least CPU time in seconds.
func best(rounds int, f func()) float64 {
	least := 0.0
	for r := range rounds {
		t0 := cpuSeconds()
		f()
		if d := cpuSeconds() - t0; r == 0 || d < least {
			least = d
		}
	}
	return least
}

// cpuSeconds returns the process's user and system time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return float64(time.Now().UnixNano()) / 1e9
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

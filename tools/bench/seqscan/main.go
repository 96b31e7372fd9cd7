// Command seqscan times full sequential scans of a BVGraph read in place,
// as the reference WebGraph's peer.SeqScan does for Java: every successor
// list decoded in order, every successor id summed. It prints, per scan,
// the wall time and the thread's CPU time and the arcs per second of CPU,
// then the best. tools/bench/seqscan.sh runs it beside the Java peer.
//
// Usage: seqscan [-warmup W] [-reps R] BASENAME
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"syscall"
	"time"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
)

func main() {
	warmup := flag.Int("warmup", 3, "untimed scans first")
	reps := flag.Int("reps", 5, "timed scans")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: seqscan [-warmup W] [-reps R] BASENAME")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *warmup, *reps); err != nil {
		fmt.Fprintln(os.Stderr, "seqscan:", err)
		os.Exit(1)
	}
}

func run(base string, warmup, reps int) error {
	g, err := open(base)
	if err != nil {
		return err
	}
	runtime.LockOSThread()
	var check uint64
	for range warmup {
		s, _ := scan(g)
		check += s
	}
	best := 0.0
	for r := range reps {
		t0, c0 := time.Now(), threadCPU()
		s, m := scan(g)
		wall, cpu := time.Since(t0).Seconds(), threadCPU()-c0
		check += s
		rate := float64(m) / cpu
		best = max(best, rate)
		fmt.Printf("scan %d: %d arcs, wall %.3f s, thread CPU %.3f s, %.1f M arcs/s (%.2f ns/arc)\n", r+1, m, wall, cpu, rate/1e6, 1e9/rate)
	}
	fmt.Printf("best: %.1f M arcs/s of thread CPU (checksum %d)\n", best/1e6, check)
	return nil
}

// scan decodes every list in order and sums the successors.
func scan(g *graph.Graph) (sum, arcs uint64) {
	s := g.Successors()
	for i := range g.NumNodes() {
		out := s.Out(uint32(i))
		for _, t := range out {
			sum += uint64(t)
		}
		arcs += uint64(len(out))
	}
	return sum, arcs
}

// open reads BASENAME.graph whole into memory (as peer.SeqScan's default
// --memory does) and opens it in place with its offsets.
func open(base string) (*graph.Graph, error) {
	data, err := os.ReadFile(base + ".graph")
	if err != nil {
		return nil, err
	}
	pf, err := os.Open(base + ".properties")
	if err != nil {
		return nil, err
	}
	defer pf.Close()
	props, err := graphio.ReadBVGraphProperties(pf, base+".properties")
	if err != nil {
		return nil, err
	}
	var bv *graphio.BVGraph
	if of, err := os.Open(base + ".offsets"); err == nil {
		defer of.Close()
		bv, err = graphio.OpenBVGraph(data, base+".graph", props, of, base+".offsets", nil)
		if err != nil {
			return nil, err
		}
	} else if bv, err = graphio.OpenBVGraph(data, base+".graph", props, nil, "", nil); err != nil {
		return nil, err
	}
	return &graph.Graph{Lists: bv}, nil
}

// threadCPU returns the CPU time of the calling thread, in seconds.
func threadCPU() float64 {
	var ru syscall.Rusage
	const rusageThread = 1
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

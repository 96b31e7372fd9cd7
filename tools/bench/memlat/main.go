// Command memlat measures the machine's memory latency: for each array
// size it follows a chain of dependent loads, one 64-byte line apart at
// random through the whole array, and prints the time a load takes. The
// chain visits every line of the array once before it repeats (one cycle
// of a random permutation), so that no prefetcher can guess the next line
// and each load waits for the one before it. Where the time steps up, the
// array has outgrown a cache: the step after the last one is the size of
// cache the process really has, which on a machine shared with other
// guests can be a fraction of the one `lscpu` reports.
//
// The crawls whose keys are read at random (opic, fpr, rankmass,
// windowed-rankmass) slow down by the same steps as their arrays grow, so
// running memlat first says which of the figures of docs/performance.md
// another machine can be compared with.
//
//	go run ./tools/bench/memlat [-loads N] [-sizes 32K,256K,1M,...]
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"
)

// lineWords is the number of int64 words in a 64-byte cache line.
const lineWords = 8

func main() {
	loads := flag.Int("loads", 20_000_000, "dependent loads timed at each size")
	sizes := flag.String("sizes", "32K,256K,1M,2M,3M,4M,8M,32M,256M", "array sizes, separated by commas (suffix K, M or G for KiB, MiB or GiB)")
	flag.Parse()
	var bytes []int
	for _, s := range strings.Split(*sizes, ",") {
		b, err := parseSize(s)
		if err != nil {
			fmt.Fprintf(os.Stderr, "memlat: -sizes: %v\n", err)
			os.Exit(2)
		}
		bytes = append(bytes, b)
	}
	if *loads < 1 {
		fmt.Fprintln(os.Stderr, "memlat: -loads: want at least 1")
		os.Exit(2)
	}
	fmt.Printf("%10s %14s\n", "array", "ns per load")
	for _, b := range bytes {
		fmt.Printf("%10s %14.1f\n", formatSize(b), chase(b, *loads))
	}
}

// chase times loads dependent loads through an array of size bytes (at
// least one line), its lines chained in one random cycle, and returns
// the nanoseconds a load took.
func chase(size, loads int) float64 {
	lines := max(size/(lineWords*8), 1)
	next := make([]int64, lines*lineWords)
	// Sattolo's algorithm: a random permutation that is a single cycle.
	perm := make([]int, lines)
	for i := range perm {
		perm[i] = i
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := lines - 1; i > 0; i-- {
		j := rng.IntN(i)
		perm[i], perm[j] = perm[j], perm[i]
	}
	for i, j := range perm {
		next[i*lineWords] = int64(j * lineWords)
	}
	// One lap untimed, so that the array is in memory and as much of it
	// as fits is in the caches.
	p := int64(0)
	for range lines {
		p = next[p]
	}
	start := time.Now()
	for range loads {
		p = next[p]
	}
	elapsed := time.Since(start)
	if p < 0 {
		fmt.Println(p) // keeps the chain from being optimised away
	}
	return float64(elapsed.Nanoseconds()) / float64(loads)
}

// parseSize reads a size such as 256K, 3M or 1G (KiB, MiB, GiB) or a
// number of bytes.
func parseSize(s string) (int, error) {
	s = strings.TrimSpace(s)
	given, unit := s, 1
	switch {
	case strings.HasSuffix(s, "K"):
		unit = 1 << 10
	case strings.HasSuffix(s, "M"):
		unit = 1 << 20
	case strings.HasSuffix(s, "G"):
		unit = 1 << 30
	}
	if unit > 1 {
		s = s[:len(s)-1]
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 64<<30/unit {
		return 0, fmt.Errorf("%q is not a size from 1 byte to 64G (a whole number, with K, M or G)", given)
	}
	return n * unit, nil
}

// formatSize writes b in the largest unit that divides it.
func formatSize(b int) string {
	switch {
	case b%(1<<30) == 0:
		return fmt.Sprintf("%dG", b>>30)
	case b%(1<<20) == 0:
		return fmt.Sprintf("%dM", b>>20)
	case b%(1<<10) == 0:
		return fmt.Sprintf("%dK", b>>10)
	}
	return strconv.Itoa(b)
}

package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// memoryEnv names the environment variable that sets the memory crawlsim
// may use, in place of what it derives from the machine and the process's
// limits (see currentMemoryBudget). Tests set it to small values.
const memoryEnv = "CRAWLSIM_MEMORY_LIMIT"

// memoryBudget is the memory a command may use for its graphs and its
// work, and what sets it.
type memoryBudget struct {
	// bytes is the memory available; 0 when no limit is known.
	bytes int64
	// from says where the limit comes from, for messages.
	from string
	// override is true when CRAWLSIM_MEMORY_LIMIT set it.
	override bool
}

// memoryLimit is one bound on the process's memory: a limit, and the
// memory already counted against it.
type memoryLimit struct {
	name        string
	limit, used int64
	// threads is what each new thread takes of the limit beyond the Go
	// heap, times the threads a command may start: kept apart by the
	// budget (runtimeReserve).
	threads int64
}

// smallestBudget returns the budget the tightest of limits leaves: its
// limit less what is used against it and the runtime's reserve, at least
// 1 byte. With no limits it returns a budget of 0 bytes: no limit.
func smallestBudget(limits []memoryLimit) memoryBudget {
	var b memoryBudget
	for _, l := range limits {
		left := max(l.limit-max(l.used, 0), 0)
		reserve := runtimeReserve(left) + l.threads
		avail := max(left-reserve, 1)
		if b.from == "" || avail < b.bytes {
			b = memoryBudget{bytes: avail, from: fmt.Sprintf("%s of %s, less %s in use and %s kept for the Go runtime", l.name, graphio.BytesText(l.limit), graphio.BytesText(l.used), graphio.BytesText(reserve))}
		}
	}
	return b
}

// runtimeReserve is the part of left, the memory a limit leaves, that the
// budget keeps for what the estimates of graphs and work do not count:
// the Go runtime's own structures and the garbage it has not collected
// yet, thread stacks, and under RLIMIT_AS the address space they take.
// 1/16 of left and 64 MiB: without it, a graph estimated within 5% of
// RLIMIT_AS was accepted and then ran out of address space.
func runtimeReserve(left int64) int64 {
	return left/16 + 64<<20
}

// currentMemoryBudget returns the memory crawlsim may use from now on:
// the size CRAWLSIM_MEMORY_LIMIT gives when it is set; otherwise the
// tightest of the machine's memory, the process's RLIMIT_AS and
// RLIMIT_DATA, its cgroup's memory.max (cgroup v2) or
// memory.limit_in_bytes (v1), and the Go memory limit (GOMEMLIMIT), each
// less what the process already uses against it (processMemoryLimits).
// A value of the variable that is not a size is a usage error.
func currentMemoryBudget() (memoryBudget, error) {
	if v := os.Getenv(memoryEnv); v != "" {
		n, err := parseByteSize(v)
		if err != nil {
			return memoryBudget{}, usagef("%s=%s: %v", memoryEnv, v, err)
		}
		return memoryBudget{bytes: n, from: memoryEnv + "=" + v, override: true}, nil
	}
	return smallestBudget(processMemoryLimits()), nil
}

// explain adds to an error refusing a graph for its size (a
// *graphio.TooLargeError) where the budget comes from and how to change
// it; other errors are returned as they are.
func (b memoryBudget) explain(err error) error {
	var tl *graphio.TooLargeError
	if err == nil || b.from == "" || !errors.As(err, &tl) {
		return err
	}
	return fmt.Errorf("%w (%s)", err, b.describe())
}

// describe says where the budget comes from, and how to change it when
// the process's limits set it.
func (b memoryBudget) describe() string {
	if b.override {
		return b.from
	}
	return fmt.Sprintf("%s; %s=SIZE sets another", b.from, memoryEnv)
}

// check returns an error naming what when pages and links need more than
// need bytes beyond the budget (purpose as in "to rank"), else nil.
func (b memoryBudget) check(what string, pages, links, need int64, purpose string) error {
	if b.bytes <= 0 || need <= b.bytes {
		return nil
	}
	return b.explain(fmt.Errorf("%s: %w", what, &graphio.TooLargeError{Pages: pages, Links: links, Need: need, Limit: b.bytes, Of: "bytes", Purpose: purpose}))
}

// packBytes is the most memory the graph of a run read in place may take
// once packed (graphio.LoadOptions.Pack): a third of the budget, so that
// the crawls' per-page state keeps the rest; 0, no packing, when the
// budget is unknown. (rank packs a transpose into what its vectors
// leave: graphInput.loadTranspose.)
func (b memoryBudget) packBytes() int64 { return max(b.bytes/3, 0) }

// graphBytes is the memory a loaded graph holds: 8-byte offsets and
// 4-byte targets (or packed lists, or a BVGraph's 8-byte list positions),
// a host per page and the host names, and its URLs with their string
// headers.
func graphBytes(g *graph.Graph) int64 {
	n := int64(g.NumNodes())
	b := g.HeldBytes()
	if !g.IsCSR() {
		b += 8 * (n + 1) // a BVGraph's list positions; its links stay in its mapped file
	}
	if g.Hosts != nil {
		b += 4 * n
		for _, h := range g.Hosts.Names {
			b += 16 + int64(len(h))
		}
	}
	for _, u := range g.URLs {
		b += 16 + int64(len(u))
	}
	return b
}

// pagerankBytes estimates the memory PageRank needs beside the graph
// (package rank, layout.go): its in-arc layout (4-byte sources, offsets of
// at most 8 bytes a page, bitsets of swept pages and self-loops), the
// values of this sweep and the previous one (at most 2n float64), the
// inverse out-degrees that become the scores, and a teleport vector.
func pagerankBytes(n, m int64) int64 {
	return 4*m + pagerankVectorBytes(n)
}

// pagerankVectorBytes is the memory of PageRank's vectors beside its
// in-arc layout.
func pagerankVectorBytes(n int64) int64 {
	return 8*n + 16*n + 8*n + 8*n + n/4
}

// pagerankPushBytes estimates the memory PageRank needs beside the graph
// when it pushes along the out-lists (rank.Options.Push): the iterate and
// the in-sums (two float64 a page) and a bit a page of the pages linking
// outside their chunk; personalized, also the teleport vector, PageRank's
// rescaled copy of it, and the uniform PageRank that -seeds top-pagerank:K
// chooses the trusted pages by.
func pagerankPushBytes(n int64, personalized bool) int64 {
	b := 16*n + n/8
	if personalized {
		b += 24 * n
	}
	return b
}

// pagerankPullBytes estimates the memory PageRank needs beside the graph
// and a given transpose (rank.PullBytes: two float64 a page and a bit);
// personalized, also the teleport vector, PageRank's rescaled copy of it
// and the uniform PageRank, as when pushing.
func pagerankPullBytes(n int64, personalized bool) int64 {
	b := rank.PullBytes(n, false)
	if personalized {
		b += 24 * n
	}
	return b
}

// hitsBytes estimates the memory HITS needs beside the graph: the
// transpose (8-byte offsets, a cursor per page while it is built, 4-byte
// targets, 4-byte in-degrees) and about seven float64 vectors of scores,
// contributions, inverse out-degrees and the output.
func hitsBytes(n, m int64) int64 {
	return 20*n + 4*m + 56*n
}

// byteUnits are the units parseByteSize accepts, lower-cased: SI
// multiples of 1000 and binary multiples of 1024; a single letter is
// binary, as in ulimit and sort -S.
var byteUnits = map[string]float64{
	"": 1, "b": 1,
	"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
	"k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40,
	"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40,
}

// parseByteSize parses a size such as "4000000000", "2GB" (2·10^9),
// "512MiB" (512·2^20), "1.5G" (1.5·2^30) or "64 MB": a positive number
// and an optional unit, letter case ignored.
func parseByteSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	k := strings.IndexFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' && r != 'e' })
	num, unit := s, ""
	if k >= 0 {
		num, unit = strings.TrimSpace(s[:k]), strings.ToLower(s[k:])
	}
	mult, ok := byteUnits[unit]
	v, err := strconv.ParseFloat(num, 64)
	if !ok || err != nil || num == "" {
		return 0, errors.New("expected a size such as 4000000000, 2GB, 512MiB or 1.5G")
	}
	b := v * mult
	if !(b >= 1) || b >= math.MaxInt64 {
		return 0, fmt.Errorf("the size must be at least 1 byte and below 8 EiB, got %s", s)
	}
	return int64(b), nil
}

// goMemoryLimit returns the Go runtime's memory limit (GOMEMLIMIT or
// debug.SetMemoryLimit) with the memory the runtime counts against it,
// and false when none is set.
func goMemoryLimit() (memoryLimit, bool) {
	limit := debug.SetMemoryLimit(-1)
	if limit <= 0 || limit == math.MaxInt64 || goLimitFromProcess {
		return memoryLimit{}, false
	}
	return memoryLimit{name: "the Go memory limit (GOMEMLIMIT)", limit: limit, used: goHeldBytes()}, true
}

// goHeldBytes returns the memory the Go runtime holds and counts against
// its memory limit: what it has mapped, less what it has returned to the
// system.
func goHeldBytes() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64() - s[1].Value.Uint64())
}

// limitGoMemory sets the Go runtime's soft memory limit from the limits
// of the process (its machine, rlimits and cgroup; goSoftLimit), or to
// the size CRAWLSIM_MEMORY_LIMIT gives when it is set, unless GOMEMLIMIT
// is set, so that the garbage collector works harder as the heap nears
// it rather than letting it grow to twice what is live: without it, a
// graph refused at CRAWLSIM_MEMORY_LIMIT=2GB had first made the process
// 4 GB resident. main calls it; the tests do not.
func limitGoMemory() {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	if v := os.Getenv(memoryEnv); v != "" {
		if n, err := parseByteSize(v); err == nil {
			debug.SetMemoryLimit(n)
			goLimitFromProcess = true
		}
		return
	}
	if soft := goSoftLimit(processMemoryLimits(), goHeldBytes()); soft < debug.SetMemoryLimit(-1) {
		debug.SetMemoryLimit(soft)
		goLimitFromProcess = true
	}
}

// goSoftLimit returns the Go memory limit that keeps the process within
// the tightest of limits, or math.MaxInt64 when there are none. The Go
// runtime counts only what it holds (held), so what a limit counts
// beyond it is taken off: under RLIMIT_AS, the address space the runtime
// and the C library reserve without using (about 1.5 GiB on linux/amd64),
// thread stacks and the program's code. Without that, a heap allowed up
// to RLIMIT_AS itself ran out of address space while the collector still
// saw plenty of room.
func goSoftLimit(limits []memoryLimit, held int64) int64 {
	soft := int64(math.MaxInt64)
	for _, l := range limits {
		outside := max(l.used-held, 0)
		soft = min(soft, max(l.limit-outside, 1))
	}
	return soft
}

// goLimitFromProcess is set when limitGoMemory has set the Go memory
// limit from another limit, which then names it in messages.
var goLimitFromProcess bool

// memoryHelp is the paragraph of crawlsim help about memory.
const memoryHelp = `Memory: a graph file, a generated graph or a computation that would need more
memory than crawlsim may use is refused before anything is allocated for it. It
may use the smallest of the machine's memory, the process's limits (RLIMIT_AS,
RLIMIT_DATA), its cgroup's memory.max and GOMEMLIMIT, less what it already uses;
CRAWLSIM_MEMORY_LIMIT=SIZE (such as 4000000000, 2GB, 512MiB or 1.5G) sets it.`

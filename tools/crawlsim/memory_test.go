package main

import (
	"fmt"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graphio"
)

// bitWriter writes the codes of a BVGraph, most significant bit first.
type bitWriter struct {
	buf []byte
	n   uint64
}

func (w *bitWriter) bit(b uint64) {
	if w.n%8 == 0 {
		w.buf = append(w.buf, 0)
	}
	w.buf[w.n/8] |= byte(b&1) << (7 - w.n%8)
	w.n++
}

// unary writes x zeros and a one; gamma writes Elias γ of x+1, as
// WebGraph does.
func (w *bitWriter) unary(x uint64) {
	for ; x > 0; x-- {
		w.bit(0)
	}
	w.bit(1)
}

func (w *bitWriter) gamma(x uint64) {
	k := bits.Len64(x+1) - 1
	w.unary(uint64(k))
	for i := k - 1; i >= 0; i-- {
		w.bit((x + 1) >> i)
	}
}

// writeBVBomb writes DIR/NAME.graph and NAME.properties: the complete
// graph on n pages (n² links), in 28 to 36 bits a page: page 0 holds one
// interval of all pages and every other page copies the list before it
// (as engine/graphio's bvBomb). n = 65536 gives the 295 kB file of 2^32
// links that made crawlsim info die of out-of-memory.
func writeBVBomb(t *testing.T, dir, name string, n int) string {
	t.Helper()
	var w bitWriter
	for x := range n {
		w.gamma(uint64(n))
		if x == 0 {
			w.unary(0)
			w.gamma(1)
			w.gamma(0)
			w.gamma(uint64(n - 4))
			continue
		}
		w.unary(1)
		w.gamma(0)
	}
	props := fmt.Sprintf("nodes=%d\narcs=%d\nwindowsize=1\nminintervallength=4\nzetak=3\nversion=0\n", n, n*n)
	base := filepath.Join(dir, name)
	if err := os.WriteFile(base+".graph", w.buf, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(base+".properties", []byte(props), 0o644); err != nil {
		t.Fatal(err)
	}
	return base + ".graph"
}

// TestMemoryLimitRefusesBombs: under CRAWLSIM_MEMORY_LIMIT, a BVGraph
// whose 14 kB decode to 16 million links is read in place (its lists'
// positions, 8 bytes a page, are all it costs: info summarises it), and
// every command whose work needs memory for its links refuses before it
// allocates it, naming the file, the size, the memory needed and the
// memory available: convert to .csr, rank -hits, run and seeds with
// community seeds (whose extraction builds a transpose), and run with it
// as the -previous snapshot (which is decoded whole). rank and run
// compute PageRank by pushing along its lists instead of building the
// in-link layout (64.2 MiB); rank says so.
func TestMemoryLimitRefusesBombs(t *testing.T) {
	dir := t.TempDir()
	bomb := writeBVBomb(t, dir, "bomb", 4096)
	small := filepath.Join(dir, "small.edges")
	if err := os.WriteFile(small, []byte("0 1\n1 2\n2 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// seeds needs hosts: one URL a page, 20 bytes each (and 20 bytes of
	// memory a line), 160 KiB more.
	var urls strings.Builder
	for p := range 4096 {
		fmt.Fprintf(&urls, "http://h%04d.example/\n", p)
	}
	urlList := filepath.Join(dir, "bomb.urls")
	if err := os.WriteFile(urlList, []byte(urls.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(memoryEnv, "16MiB")
	if out := mustRun(t, "info", bomb); !strings.Contains(out, "16,777,216") {
		t.Errorf("info of the graph in place:\n%s", out)
	}
	limit := ", more than the 16.0 MiB of memory available (CRAWLSIM_MEMORY_LIMIT=16MiB)\n"
	size := "4,096 pages and 16,777,216 links need about "
	for _, c := range []struct {
		args []string
		want string
	}{
		// The positions held and CSR arrays of 8 bytes a page and 4 a
		// link: 32,776 + 32,768 + 67,108,864 bytes = 64.1 MiB.
		{[]string{"convert", "-o", filepath.Join(dir, "out.csr"), bomb}, bomb + ": " + size + "64.1 MiB to convert"},
		// HITS's transpose, 4 bytes a link, and its vectors.
		{[]string{"rank", "-hits", bomb}, bomb + ": " + size + "64.3 MiB to rank"},
		{[]string{"run", "-seeds", "community:5", "-urls", urlList, bomb}, bomb + ": " + size + "64.2 MiB to compare strategies"},
		{[]string{"seeds", "-urls", urlList, bomb}, bomb + ": " + size + "64.2 MiB to compare strategies"},
		// The previous snapshot's PageRank layout (4 bytes a link) makes
		// it the larger part of the run, which names it.
		{[]string{"run", "-previous", bomb, "-strategies", "hist-pagerank-zero,bfs", small}, bomb + ": " + size + "64.3 MiB to rank the previous snapshot and compare strategies"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		want := "crawlsim " + c.args[0] + ": " + c.want + limit
		if status != 1 || errOut != want {
			t.Errorf("crawlsim %s: status %d, stderr\n  %q\nwant\n  %q", strings.Join(c.args, " "), status, errOut, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out.csr")); err == nil {
		t.Error("convert wrote its output")
	}
	if out, errOut, status := crawlsim(t, "run", "-strategies", "bfs", "-seeds", "top-pagerank:5", bomb); status != 0 || !strings.Contains(out, "bfs") {
		t.Errorf("run within 16 MiB: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	out, errOut, status := crawlsim(t, "rank", "-top", "1", bomb)
	if note := "note: PageRank pushes along the out-lists of " + bomb + ": its in-link layout would need about 64.2 MiB, more than the 16.0 MiB of memory available\n"; status != 0 || !strings.HasPrefix(errOut, note) || !strings.HasPrefix(out, "pagerank: d=0.85, ") {
		t.Errorf("rank within 16 MiB: status %d, stdout %q, stderr %q", status, out, errOut)
	}
}

// TestMemoryLimitRefusesAnnouncedPages: an edge list of 16 MB whose
// header announces 269 million pages is refused from its first line.
func TestMemoryLimitRefusesAnnouncedPages(t *testing.T) {
	dir := t.TempDir()
	header := "# crawlsim edge list: 269000000 pages, 1 link\n0 1\n"
	liar := filepath.Join(dir, "liar.edges")
	if err := os.WriteFile(liar, []byte(header+strings.Repeat("\n", 16<<20-len(header))), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(memoryEnv, "1GiB")
	_, errOut, status := crawlsim(t, "info", liar)
	// 8 bytes a page for an edge list: 2,152,000,000 bytes.
	want := "crawlsim info: " + liar + ":1: 269,000,000 pages need about 2.0 GiB to read, more than the 1.0 GiB of memory available (CRAWLSIM_MEMORY_LIMIT=1GiB)\n"
	if status != 1 || errOut != want {
		t.Errorf("status %d, stderr\n  %q\nwant\n  %q", status, errOut, want)
	}
}

// TestMemoryLimitBoundsWork: gen refuses a graph whose generation needs
// more than the limit (40 million pages in 4 GB, which killed gen under
// prlimit --as=4000000000 when it built the whole graph; streamed into a
// .csr, 40 million pages need about 1.5 GiB, 120 million about 4.5 GiB),
// run refuses to generate it, and rank and info refuse a graph they could
// load but not rank or count.
func TestMemoryLimitBoundsWork(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(memoryEnv, "4GB")
	for _, args := range [][]string{
		{"-n", "40000000", "-o", "-"},
		{"-n", "40000000", "-o", filepath.Join(dir, "big.edges")},
		{"-n", "40000000", "-o", filepath.Join(dir, "big.csr"), "-urls-out", filepath.Join(dir, "big.txt")},
		{"-n", "120000000", "-o", filepath.Join(dir, "big.csr")},
	} {
		_, errOut, status := crawlsim(t, append([]string{"gen"}, args...)...)
		want := regexp.MustCompile(`^crawlsim gen: -n ` + args[1] + ` needs about [0-9.]+ GiB, more than the 3\.7 GiB of memory available \(CRAWLSIM_MEMORY_LIMIT=4GB\) \(see crawlsim help gen\)\n$`)
		if status != 2 || !want.MatchString(errOut) {
			t.Errorf("gen %q: status %d, stderr %q", args, status, errOut)
		}
	}
	_, errOut, status := crawlsim(t, "run", "-n", "40000000")
	want := regexp.MustCompile(`^crawlsim run: graph.generate: 40,000,000 pages and 320,000,000 links need about [0-9.]+ GiB to generate and compare strategies, more than the 3\.7 GiB of memory available \(CRAWLSIM_MEMORY_LIMIT=4GB\)\n$`)
	if status != 1 || !want.MatchString(errOut) {
		t.Errorf("run -n 40000000: status %d, stderr %q", status, errOut)
	}

	// A .csr is mapped, not decoded: only rank's own work is checked.
	// Within less than PageRank needs by pushing, rank is refused for
	// what its in-link layout needs; within what pushing needs, and
	// less than the layout, it pushes and prints what it prints with
	// the layout.
	web := filepath.Join(dir, "web.csr")
	mustRun(t, "gen", "-n", "2000", "-o", web)
	g, _, err := graphio.Load(osFS{}, web, graphio.LoadOptions{SkipURLs: true})
	if err != nil {
		t.Fatal(err)
	}
	n, m := int64(g.NumNodes()), g.NumArcs()
	pushing := graphBytes(g) + pagerankPushBytes(n, false)
	if layout := graphBytes(g) + pagerankBytes(n, m); !(pushing < layout) {
		t.Fatalf("pushing needs %d bytes, the layout %d", pushing, layout)
	}
	t.Setenv(memoryEnv, strconv.FormatInt(pushing-1, 10))
	_, errOut, status = crawlsim(t, "rank", web)
	want = regexp.MustCompile(`^crawlsim rank: ` + regexp.QuoteMeta(web) + `: 2,000 pages and [\d,]+ links need about [0-9.]+ KiB to rank, more than the [0-9.]+ KiB of memory available \(CRAWLSIM_MEMORY_LIMIT=[0-9]+\)\n$`)
	if status != 1 || !want.MatchString(errOut) {
		t.Errorf("rank within %d bytes: status %d, stderr %q", pushing-1, status, errOut)
	}
	for _, args := range [][]string{{"rank", "-top", "20", web}, {"rank", "-top", "20", "-seeds", "top-pagerank:10", web}} {
		t.Setenv(memoryEnv, "")
		wantOut := mustRun(t, args...)
		limit := pushing
		if len(args) > 4 {
			limit = graphBytes(g) + pagerankPushBytes(n, true)
		}
		t.Setenv(memoryEnv, strconv.FormatInt(limit, 10))
		out, errOut, status := crawlsim(t, args...)
		if status != 0 || out != wantOut || !strings.HasPrefix(errOut, "note: PageRank pushes along the out-lists of "+web+": its in-link layout would need about ") {
			t.Errorf("%q within %d bytes: status %d, stderr %q, stdout\n%s\nwant\n%s", args, limit, status, errOut, out, wantOut)
		}
	}
	// PageRank's in-arc layout needs less than HITS's transpose and
	// vectors: between the two estimates, rank runs and rank -hits is
	// refused.
	between := graphBytes(g) + (pagerankBytes(n, m)+hitsBytes(n, m))/2
	t.Setenv(memoryEnv, strconv.FormatInt(between, 10))
	if _, errOut, status := crawlsim(t, "rank", web); status != 0 {
		t.Errorf("rank within %d bytes: status %d, stderr %q", between, status, errOut)
	}
	if _, errOut, status := crawlsim(t, "rank", "-hits", web); status != 1 || !strings.Contains(errOut, "to rank, more than") {
		t.Errorf("rank -hits within %d bytes: status %d, stderr %q", between, status, errOut)
	}
	// info loads it within 150 KB (its URLs are copied: 112.5 KiB) but
	// cannot count its degrees.
	t.Setenv(memoryEnv, "150KB")
	_, errOut, status = crawlsim(t, "info", web)
	want = regexp.MustCompile(`^crawlsim info: ` + regexp.QuoteMeta(web) + `: 2,000 pages and [\d,]+ links need about [0-9.]+ KiB to compute its statistics, more than the 146\.5 KiB of memory available \(CRAWLSIM_MEMORY_LIMIT=150KB\)\n$`)
	if status != 1 || !want.MatchString(errOut) {
		t.Errorf("info within 150 KB: status %d, stderr %q", status, errOut)
	}
	t.Setenv(memoryEnv, "lots")
	if _, errOut, status := crawlsim(t, "info", web); status != 2 || !strings.Contains(errOut, "CRAWLSIM_MEMORY_LIMIT=lots: expected a size such as 4000000000, 2GB, 512MiB or 1.5G") {
		t.Errorf("a bad CRAWLSIM_MEMORY_LIMIT: status %d, stderr %q", status, errOut)
	}
}

func TestParseByteSize(t *testing.T) {
	for in, want := range map[string]int64{
		"4000000000": 4e9, "2GB": 2e9, "2gb": 2e9, "512MiB": 512 << 20, "1.5G": 3 << 29, "64 MB": 64e6,
		"4e9": 4e9, "1": 1, "100kB": 1e5, "3KiB": 3072, "2T": 2 << 40,
	} {
		if got, err := parseByteSize(in); err != nil || got != want {
			t.Errorf("parseByteSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "GB", "lots", "-5MB", "0", "0.5", "NaN", "Inf", "2 GBs", "1e30", "5XB"} {
		if got, err := parseByteSize(in); err == nil {
			t.Errorf("parseByteSize(%q) = %d, want an error", in, got)
		}
	}
}

func TestSmallestBudget(t *testing.T) {
	if b := smallestBudget(nil); b.bytes != 0 {
		t.Errorf("no limits: %+v, want no limit", b)
	}
	b := smallestBudget([]memoryLimit{
		{name: "this machine's memory", limit: 32 << 30, used: 100 << 20},
		{name: "RLIMIT_AS (the address space)", limit: 4e9, used: 1600 << 20},
		{name: "the cgroup's /sys/fs/cgroup/job/memory.max", limit: 3 << 30, used: 100 << 20},
		{name: "RLIMIT_DATA", limit: 1 << 20, used: 2 << 20}, // already above: 1 byte left
	})
	if b.bytes != 1 || b.from != "RLIMIT_DATA of 1.0 MiB, less 2.0 MiB in use and 64.0 MiB kept for the Go runtime" {
		t.Errorf("got %+v", b)
	}
	b = smallestBudget([]memoryLimit{
		{name: "this machine's memory", limit: 32 << 30, used: 100 << 20},
		{name: "RLIMIT_AS (the address space)", limit: 4e9, used: 1600 << 20},
		{name: "the cgroup's /sys/fs/cgroup/job/memory.max", limit: 3 << 30, used: 100 << 20},
	})
	// 4e9 - 1600 MiB leaves 2,322,278,400 bytes, of which 1/16 and 64 MiB
	// (212,251,264 bytes) and four threads' 72 MiB (301,989,888 bytes) are
	// kept: 514,241,152 bytes, 490.4 MiB.
	b2 := smallestBudget([]memoryLimit{
		{name: "this machine's memory", limit: 32 << 30, used: 100 << 20},
		{name: "RLIMIT_AS (the address space)", limit: 4e9, used: 1600 << 20, threads: 4 * 72 << 20},
	})
	if b2.bytes != 2322278400-514241152 || b2.from != "RLIMIT_AS (the address space) of 3.7 GiB, less 1.6 GiB in use and 490.4 MiB kept for the Go runtime" {
		t.Errorf("with threads: got %+v", b2)
	}
	// 4e9 - 1600 MiB leaves 2,322,278,400 bytes, of which 1/16 and 64 MiB
	// (212,251,264 bytes, 202.4 MiB) are kept.
	if b.bytes != 2322278400-212251264 || b.from != "RLIMIT_AS (the address space) of 3.7 GiB, less 1.6 GiB in use and 202.4 MiB kept for the Go runtime" {
		t.Errorf("got %+v", b)
	}
	if d := b.describe(); d != "RLIMIT_AS (the address space) of 3.7 GiB, less 1.6 GiB in use and 202.4 MiB kept for the Go runtime; CRAWLSIM_MEMORY_LIMIT=SIZE sets another" {
		t.Errorf("describe: %q", d)
	}
}

// TestGoSoftLimit: the Go memory limit leaves out what each limit counts
// beyond the Go runtime's own memory (held): under RLIMIT_AS the 1.6 GiB
// of address space reserved at start, so that the heap cannot grow into
// address space that is not there.
func TestGoSoftLimit(t *testing.T) {
	if got := goSoftLimit(nil, 5<<20); got != math.MaxInt64 {
		t.Errorf("no limits: %d, want none", got)
	}
	held := int64(6 << 20)
	limits := []memoryLimit{
		{name: "this machine's memory", limit: 32 << 30, used: 8 << 20},
		{name: "RLIMIT_AS (the address space)", limit: 4e9, used: 1600 << 20},
	}
	if got, want := goSoftLimit(limits, held), int64(4e9)-(1600<<20-held); got != want {
		t.Errorf("RLIMIT_AS of 4e9 with 1.6 GiB in use: %d, want %d", got, want)
	}
	// Resident memory below what Go holds (mapped, not yet touched): the
	// machine's memory is the limit as it is.
	limits = []memoryLimit{{name: "this machine's memory", limit: 32 << 30, used: 2 << 20}}
	if got := goSoftLimit(limits, held); got != 32<<30 {
		t.Errorf("machine memory only: %d, want 32 GiB", got)
	}
	limits = []memoryLimit{{name: "RLIMIT_DATA", limit: 1 << 20, used: 9 << 20}}
	if got := goSoftLimit(limits, held); got != 1 {
		t.Errorf("a limit already exceeded: %d, want 1 byte", got)
	}
}

// TestMemoryEnvSetsTheGoLimit: CRAWLSIM_MEMORY_LIMIT is also the Go
// runtime's soft memory limit, so that the garbage collector keeps the
// heap near what is live as it nears the limit rather than letting it
// grow to twice that (a graph refused at 2GB had made the process 4 GB
// resident first). GOMEMLIMIT, when set, is left alone.
func TestMemoryEnvSetsTheGoLimit(t *testing.T) {
	old, oldFrom := debug.SetMemoryLimit(-1), goLimitFromProcess
	defer func() { debug.SetMemoryLimit(old); goLimitFromProcess = oldFrom }()
	t.Setenv("GOMEMLIMIT", "")
	t.Setenv(memoryEnv, "1.5G")
	limitGoMemory()
	if got := debug.SetMemoryLimit(-1); got != 3<<29 {
		t.Errorf("%s=1.5G: the Go memory limit is %d, want %d", memoryEnv, got, 3<<29)
	}
	debug.SetMemoryLimit(old)
	t.Setenv("GOMEMLIMIT", "3GiB")
	limitGoMemory()
	if got := debug.SetMemoryLimit(-1); got != old {
		t.Errorf("with GOMEMLIMIT set: the Go memory limit is %d, want %d as it was", got, old)
	}
}

// A /proc/self/status, shortened.
const statusFixture = `Name:	crawlsim
VmPeak:	 1701000 kB
VmSize:	 1700000 kB
VmData:	   80000 kB
VmRSS:	   12000 kB
Threads:	5
`

func TestParseProcStatus(t *testing.T) {
	st := parseProcStatus(statusFixture)
	if st != (procStatus{vmSize: 1700000 << 10, vmData: 80000 << 10, rss: 12000 << 10}) {
		t.Errorf("got %+v", st)
	}
	if st := parseProcStatus("VmRSS: lots kB\nnonsense\n"); st != (procStatus{}) {
		t.Errorf("malformed: %+v", st)
	}
}

func TestParseProcCgroup(t *testing.T) {
	v2, v1 := parseProcCgroup("0::/user.slice/user-1000.slice/session-2.scope\n")
	if v2 != "/user.slice/user-1000.slice/session-2.scope" || v1 != "" {
		t.Errorf("v2: %q %q", v2, v1)
	}
	// cgroup v1, as on this project's build machine, with a v2 line of
	// the hybrid layout.
	v2, v1 = parseProcCgroup("9:name=systemd:/\n4:memory:/process_api/52fc9e\n3:cpu,cpuacct:/\n0::/\n")
	if v2 != "/" || v1 != "/process_api/52fc9e" {
		t.Errorf("v1: %q %q", v2, v1)
	}
	v2, v1 = parseProcCgroup("5:cpuacct,memory:/docker/abc\ngarbage\n")
	if v2 != "" || v1 != "/docker/abc" {
		t.Errorf("memory among controllers: %q %q", v2, v1)
	}
}

// mountinfoFixture has a cgroup2 mount, a cgroup v1 memory mount whose
// root is a container's cgroup, another v1 controller and an unrelated
// file system with an escaped blank in its mount point.
const mountinfoFixture = `22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
30 22 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate
35 31 0:32 /docker/abc /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
36 31 0:33 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
40 22 0:40 / /mnt/my\040disk rw - tmpfs tmpfs rw
`

func TestParseCgroupMounts(t *testing.T) {
	got := parseCgroupMounts(mountinfoFixture)
	want := []cgroupMount{{root: "/", mountPoint: "/sys/fs/cgroup", v2: true}, {root: "/docker/abc", mountPoint: "/sys/fs/cgroup/memory"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if s := unescapeMountPath(`/mnt/my\040disk\134x`); s != `/mnt/my disk\x` {
		t.Errorf("unescape: %q", s)
	}
}

func TestCgroupMemoryLimit(t *testing.T) {
	for _, c := range []struct {
		name  string
		files fstest.MapFS
		limit int64
		file  string
	}{
		{"v2, the parent's limit is tighter", fstest.MapFS{
			"proc/self/cgroup":                     {Data: []byte("0::/job/step\n")},
			"proc/self/mountinfo":                  {Data: []byte(mountinfoFixture)},
			"sys/fs/cgroup/job/step/memory.max":    {Data: []byte("max\n")},
			"sys/fs/cgroup/job/memory.max":         {Data: []byte("2147483648\n")},
			"sys/fs/cgroup/memory.max":             {Data: []byte("8589934592\n")},
			"sys/fs/cgroup/job/step/memory.events": {Data: []byte("oom 0\n")},
		}, 2 << 30, "/sys/fs/cgroup/job/memory.max"},
		{"v2, no limit anywhere", fstest.MapFS{
			"proc/self/cgroup":                  {Data: []byte("0::/job/step\n")},
			"proc/self/mountinfo":               {Data: []byte(mountinfoFixture)},
			"sys/fs/cgroup/job/step/memory.max": {Data: []byte("max\n")},
		}, 0, ""},
		{"v1 in a container: the path starts with the mount's root", fstest.MapFS{
			"proc/self/cgroup":    {Data: []byte("4:memory:/docker/abc/inner\n")},
			"proc/self/mountinfo": {Data: []byte(mountinfoFixture)},
			"sys/fs/cgroup/memory/inner/memory.limit_in_bytes": {Data: []byte("1073741824\n")},
			"sys/fs/cgroup/memory/memory.limit_in_bytes":       {Data: []byte("9223372036854771712\n")},
		}, 1 << 30, "/sys/fs/cgroup/memory/inner/memory.limit_in_bytes"},
		{"v1 unlimited, as on this project's build machine", fstest.MapFS{
			"proc/self/cgroup":                                              {Data: []byte("4:memory:/process_api/52fc9e\n")},
			"proc/self/mountinfo":                                           {Data: []byte("35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n")},
			"sys/fs/cgroup/memory/memory.limit_in_bytes":                    {Data: []byte("9223372036854771712\n")},
			"sys/fs/cgroup/memory/process_api/52fc9e/memory.limit_in_bytes": {Data: []byte("9223372036854771712\n")},
		}, 0, ""},
		{"no /proc", fstest.MapFS{}, 0, ""},
		{"a path climbing out of the mount", fstest.MapFS{
			"proc/self/cgroup":         {Data: []byte("0::/../../etc\n")},
			"proc/self/mountinfo":      {Data: []byte(mountinfoFixture)},
			"sys/fs/cgroup/memory.max": {Data: []byte("1000000\n")},
		}, 1000000, "/sys/fs/cgroup/memory.max"},
	} {
		limit, file, ok := cgroupMemoryLimit(c.files)
		if limit != c.limit || file != c.file || ok != (c.limit > 0) {
			t.Errorf("%s: got %d %q %v, want %d %q", c.name, limit, file, ok, c.limit, c.file)
		}
	}
	for in, want := range map[string]int64{"max\n": 0, "4096\n": 4096, "9223372036854771712": 0, "-1": 0, "x": 0} {
		if v, _ := parseCgroupLimit(in); v != want {
			t.Errorf("parseCgroupLimit(%q) = %d, want %d", in, v, want)
		}
	}
}

//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
)

// tempFile writes content to g.csr in a new temporary directory and
// returns its name.
func tempFile(t *testing.T, content []byte) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "g.csr")
	if err := os.WriteFile(name, content, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// mappedTempFile maps a tempFile of content (mapFile) and returns its
// name, its mapping and the number of files mapped before it (for
// guardMapped and mappedChanged); it skips the test when the file is not
// mapped.
func mappedTempFile(t *testing.T, content []byte) (name string, data []byte, from int) {
	t.Helper()
	name = tempFile(t, content)
	from = mappedCount()
	data, ok := mapFile(name)
	if !ok {
		t.Skip("the file was not mapped (RLIMIT_AS set?)")
	}
	return name, data, from
}

// skipUnlessMapped skips the test when no file was mapped since the
// first from were: what it reads was then read into memory, where
// nothing can fault.
func skipUnlessMapped(t *testing.T, from int, what string) {
	t.Helper()
	if mappedCount() == from {
		t.Skipf("%s was not mapped (RLIMIT_AS set?)", what)
	}
}

// generated writes a graph of n pages (crawlsim gen -seed 3) to the file
// base in dir and returns its name.
func generated(t *testing.T, dir, base string, n int) string {
	t.Helper()
	name := filepath.Join(dir, base)
	mustRun(t, "gen", "-n", strconv.Itoa(n), "-seed", "3", "-o", name)
	return name
}

// loadMapped loads the graph file name in place (graphio.Load with
// InPlace) and returns it with the number of files mapped before it;
// it skips the test when the file is not mapped.
func loadMapped(t *testing.T, name string) (*graph.Graph, int) {
	t.Helper()
	from := mappedCount()
	g, _, err := graphio.Load(osFS{}, name, graphio.LoadOptions{InPlace: true})
	if err != nil {
		t.Fatal(err)
	}
	skipUnlessMapped(t, from, name)
	return g, from
}

// TestNoMappingUnderAddressSpaceLimit: with RLIMIT_AS set, a .csr is read
// rather than mapped, so that its address space is checked against the
// memory budget (a mapped .csr of 943 MB once passed the check under
// prlimit --as=3000000000 and then died of out-of-memory copying its
// URLs). The limit set here, 1 TiB, constrains nothing.
func TestNoMappingUnderAddressSpaceLimit(t *testing.T) {
	name := tempFile(t, []byte("some bytes to map"))
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Skip(err)
	}
	if old.Cur >= 1<<62 {
		if data, ok := mapFile(name); !ok || string(data) != "some bytes to map" {
			t.Fatalf("without RLIMIT_AS: mapped %v %q, want the file mapped", ok, data)
		}
	}
	limited := old
	limited.Cur = min(old.Max, 1<<40)
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &limited); err != nil {
		t.Skipf("cannot set RLIMIT_AS: %v", err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_AS, &old)
	if _, ok := mapFile(name); ok {
		t.Error("mapped under RLIMIT_AS, want the file read")
	}
}

// mappingRSS returns the resident kilobytes of the mapping that starts at
// address start, from /proc/self/smaps.
func mappingRSS(t *testing.T, start uintptr) int {
	t.Helper()
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	prefix := fmt.Sprintf("%x-", start)
	in := false
	for _, line := range strings.Split(string(smaps), "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
			in = strings.HasPrefix(line, prefix)
			continue
		}
		if in && strings.HasPrefix(line, "Rss:") {
			kb, err := strconv.Atoi(strings.Fields(line)[1])
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Fatalf("no mapping at %#x in /proc/self/smaps", start)
	return 0
}

// TestReleaseMappedDropsResidentPages: releasing the middle of a mapped
// file, not aligned to pages, drops the whole pages inside it from the
// mapping's resident memory, and the bytes still read back the same.
func TestReleaseMappedDropsResidentPages(t *testing.T) {
	const size = 4 << 20
	want := make([]byte, size)
	for i := range want {
		want[i] = byte(i * 7)
	}
	_, data, _ := mappedTempFile(t, want)
	defer syscall.Munmap(data)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	sum := 0
	for i := 0; i < size; i += 4096 {
		sum += int(data[i])
	}
	if rss := mappingRSS(t, start); rss < size>>10 {
		t.Fatalf("after touching every page (sum %d): %d kB resident, want %d", sum, rss, size>>10)
	}
	releaseMapped(data[100 : size-100])
	if rss := mappingRSS(t, start); rss > 8 {
		t.Errorf("after releasing: %d kB resident, want the two edge pages at most", rss)
	}
	if !bytes.Equal(data, want) {
		t.Error("the bytes changed after releasing them")
	}
	heap := bytes.Clone(want)
	releaseMapped(heap)
	if !bytes.Equal(heap, want) {
		t.Error("releasing memory that is not mapped changed it")
	}
}

// TestTruncatedMappingIsAnError: a mapped file truncated while it is read
// raised SIGBUS, which killed the process with a goroutine dump; the read
// ends in an error naming the file, and a file rewritten in place is
// reported as changed.
func TestTruncatedMappingIsAnError(t *testing.T) {
	name, data, from := mappedTempFile(t, bytes.Repeat([]byte{7}, 1<<16))
	if err := os.Truncate(name, 0); err != nil {
		t.Fatal(err)
	}
	sum := 0
	err := guardMapped(from, func() error {
		for _, b := range data {
			sum += int(b)
		}
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), name+" changed while crawlsim read it (it was truncated or rewritten): reading byte 0 failed") {
		t.Errorf("reading a truncated mapping: %v (sum %d)", err, sum)
	}
	if changed := mappedChanged(from); len(changed) != 1 || changed[0] != name {
		t.Errorf("mappedChanged = %v, want [%s]", changed, name)
	}
}

// truncatedMapping wants err to say that the mapped file name was
// truncated while it was read.
func truncatedMapping(t *testing.T, err error, name string) {
	t.Helper()
	if err == nil || !strings.HasPrefix(err.Error(), name+" changed while crawlsim read it (it was truncated or rewritten): reading byte ") {
		t.Errorf("reading %s after it was truncated: %v, want an error naming it", name, err)
	}
}

// TestTruncatedMappingInRankWorkers: PageRank's workers read a mapped
// transpose (.csr, and a BVGraph read in place) in goroutines of their
// own, where a fault on a truncated file raised SIGBUS and killed the
// process; the fault is an error naming the file, whichever goroutine
// met it.
func TestTruncatedMappingInRankWorkers(t *testing.T) {
	dir := t.TempDir()
	graphName := generated(t, dir, "g.csr", 70000)
	for _, base := range []string{"t.csr", "t.graph"} {
		name := filepath.Join(dir, base)
		mustRun(t, "convert", "-transpose", "-o", name, graphName)
		g, _ := loadMapped(t, graphName)
		tr, from := loadMapped(t, name)
		pr, err := rank.NewPageRank(g, tr, rank.Options{Workers: 4})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(name, 0); err != nil {
			t.Fatal(err)
		}
		err = guardMapped(from, func() error { return step.Run(context.Background(), pr, 1000, nil) })
		truncatedMapping(t, err, name)
	}
}

// TestTruncatedMappingInParallelCrawls: the crawls of run -j read the
// mapped graph in goroutines of their own; a graph truncated while they
// run (here by the crawls' clock, from inside a crawl) is an error naming
// it, not SIGBUS.
func TestTruncatedMappingInParallelCrawls(t *testing.T) {
	name := generated(t, t.TempDir(), "g.csr", 3000)
	sc, err := scenario.Parse(strings.NewReader(`{"version": 1, "graph": {"file": "`+name+`"}, "seeds": "random:3", "strategies": [{"id": "bfs"}, {"id": "random"}, {"id": "opic"}]}`), "s.json")
	if err != nil {
		t.Fatal(err)
	}
	var truncate sync.Once
	env := scenario.Env{FS: osFS{}, InPlace: true, Workers: 2, Parallel: 3, Clock: func() time.Duration {
		truncate.Do(func() {
			if err := os.Truncate(name, 0); err != nil {
				t.Error(err)
			}
		})
		return 0
	}}
	from := mappedCount()
	r, err := scenario.New(sc, env)
	if err != nil {
		t.Fatal(err)
	}
	err = guardMapped(from, func() error { return step.Run(context.Background(), r, scenario.RunBudget, nil) })
	skipUnlessMapped(t, from, name)
	truncatedMapping(t, err, name)
}

// TestChangedMappingNamesTheFile: a panic once a mapped file has changed
// (its new bytes may break what was checked when it was read) is an
// error naming the file; an error of a command whose mapped file changed
// says so too, keeping its exit status, and a success becomes a failure.
func TestChangedMappingNamesTheFile(t *testing.T) {
	name, data, from := mappedTempFile(t, bytes.Repeat([]byte{7}, 1<<16))
	if err := guardMapped(from, func() error { return nil }); err != nil {
		t.Fatal(err)
	}
	if err := checkMappedChanges(from, nil); err != nil {
		t.Fatalf("unchanged: %v", err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(name, later, later); err != nil {
		t.Fatal(err)
	}
	err := guardMapped(from, func() error {
		i := int(data[0]) // 7, as the file was
		_ = data[:i][i+1]
		return nil
	})
	if err == nil || !strings.HasPrefix(err.Error(), name+" changed while crawlsim read it (it is memory-mapped), and reading its new bytes failed (runtime error: index out of range [8] with length 7); run the command again") {
		t.Errorf("a panic after the file changed: %v", err)
	}
	if got := checkMappedChanges(from, err); got != err {
		t.Errorf("the change is said twice: %v", got)
	}
	if err := checkMappedChanges(from, nil); err == nil || !strings.HasPrefix(err.Error(), name+" changed while crawlsim read it (it is memory-mapped), so the results may mix") {
		t.Errorf("a success after the file changed: %v", err)
	}
	err = checkMappedChanges(from, usagef("bad"))
	if exitStatus(err) != 2 || err.Error() != "bad ("+name+" changed while crawlsim read it, which may be why; run the command again)" {
		t.Errorf("an error after the file changed: %v (status %d)", err, exitStatus(err))
	}
}

// TestTruncatedMappingWhilePacking: Load checks and packs a BVGraph
// read in place in one pass over its mapped .graph; a .graph truncated
// during that pass (here from the pass's cancel function) is an error
// naming the file, not SIGBUS.
func TestTruncatedMappingWhilePacking(t *testing.T) {
	name := generated(t, t.TempDir(), "g.graph", 200000)
	var truncate sync.Once
	opt := graphio.LoadOptions{InPlace: true, Pack: 1 << 30, Cancel: func() error {
		truncate.Do(func() {
			if err := os.Truncate(name, 0); err != nil {
				t.Error(err)
			}
		})
		return nil
	}}
	from := mappedCount()
	err := guardMapped(from, func() error {
		_, _, err := graphio.Load(osFS{}, name, opt)
		return err
	})
	skipUnlessMapped(t, from, name)
	truncatedMapping(t, err, name)
}

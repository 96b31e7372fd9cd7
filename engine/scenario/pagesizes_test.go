package scenario

import (
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestReadPageSizes reads sizes with comments and blank lines, and names
// the file and line of what it refuses.
func TestReadPageSizes(t *testing.T) {
	got, err := readPageSizes(strings.NewReader("# bytes\n100\n\n 0 \n2.5e3\n"), "s.txt", 3, 1e5)
	if err != nil || !slices.Equal(got, []float64{100, 0, 2500}) {
		t.Fatalf("sizes %v, %v; want [100 0 2500]", got, err)
	}
	for _, c := range []struct{ text, want string }{
		{"1\n-2\n3\n", `s.txt:2: "-2" is not a size`},
		{"1\nx\n3\n", `s.txt:2: "x" is not a size`},
		{"1\nNaN\n3\n", `s.txt:2: "NaN" is not a size`},
		{"1\n2\n", "s.txt: 2 sizes for the graph's 3 pages"},
		{"1\n2\n3\n4\n", "s.txt:4: more sizes than the graph's 3 pages"},
		{"1\n1e300\n3\n", "s.txt:2: a page of 1e+300 bytes"},
	} {
		if _, err := readPageSizes(strings.NewReader(c.text), "s.txt", 3, 1e5); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want %q", c.text, err, c.want)
		}
	}
}

// FuzzReadPageSizes: any input is read or refused with an error naming
// the file, never a panic, and what is read is n finite non-negative
// sizes.
func FuzzReadPageSizes(f *testing.F) {
	f.Add("1\n2\n3\n", 3)
	f.Add("# c\n\n1e3\n", 1)
	f.Add("-1\n", 1)
	f.Fuzz(func(t *testing.T, text string, n int) {
		if n < 0 || n > 1000 {
			return
		}
		sizes, err := readPageSizes(strings.NewReader(text), "f", n, 1e5)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if len(sizes) != n {
			t.Fatalf("%d sizes for %d pages", len(sizes), n)
		}
		for _, s := range sizes {
			if !(s >= 0) || math.IsInf(s, 0) {
				t.Fatalf("size %v", s)
			}
		}
	})
}

// TestLogNormalSizes: the draws depend on the seed alone, and their mean
// is close to the page size asked for (within 5% on 20,000 draws with
// sigma 1: the mean's standard error is about 0.9%).
func TestLogNormalSizes(t *testing.T) {
	a, b := logNormalSizes(20000, 15000, 1, 1e5, 7), logNormalSizes(20000, 15000, 1, 1e5, 7)
	if !slices.Equal(a, b) {
		t.Fatal("two draws with one seed differ")
	}
	if slices.Equal(a, logNormalSizes(20000, 15000, 1, 1e5, 8)) {
		t.Error("two seeds give the same draws")
	}
	sum := 0.0
	for _, s := range a {
		sum += s
	}
	if mean := sum / float64(len(a)); math.Abs(mean/15000-1) > 0.05 {
		t.Errorf("mean size %v, want about 15,000", mean)
	}
}

// TestPageSizesReachTheClock: sizes from a file, or drawn, change the
// simulated times of a crawl on the politeness clock, and a scenario's
// page sizes are checked by Normalize.
func TestPageSizesReachTheClock(t *testing.T) {
	fsys := fstest.MapFS{"g.edges": {Data: []byte("0 1\n1 2\n")}, "sizes.txt": {Data: []byte("0\n100000\n200000\n")}}
	base := Scenario{Version: Version, Graph: Source{File: "g.edges"}, Seeds: "list:0", Strategies: []Strategy{{ID: "bfs"}},
		Politeness: &Politeness{Wait: ptr(0), Latency: ptr(1)}}
	times := func(p *PageSizes) []float64 {
		t.Helper()
		s := base
		pol := *base.Politeness
		pol.PageSizes = p
		s.Politeness = &pol
		r := mustRun(t, s, Env{FS: fsys}, RunBudget)
		return r.Strategies[0].Curve.T
	}
	// One page of 15,000 bytes at 100,000 B/s: 1.15 s each.
	if got := times(nil); math.Abs(got[len(got)-1]-3*1.15) > 1e-9 {
		t.Errorf("equal sizes: times %v", got)
	}
	// 0, 100,000 and 200,000 bytes: 1, 2 and 3 s.
	if got := times(&PageSizes{File: "sizes.txt"}); got[len(got)-1] != 6 {
		t.Errorf("sizes from the file: times %v, want the last at 6 s", got)
	}
	drawn := times(&PageSizes{Distribution: model.PageSizeLogNormal, Seed: 3})
	if math.Abs(drawn[len(drawn)-1]-3*1.15) < 1e-9 || !slices.Equal(drawn, times(&PageSizes{Distribution: model.PageSizeLogNormal, Seed: 3})) {
		t.Errorf("drawn sizes: times %v, not their own or not repeatable", drawn)
	}
	// A file of sizes 0 with no latency: every download would take no
	// time, which Normalize refuses for a page_size of 0.
	zeros := base
	zeros.Politeness = &Politeness{Wait: ptr(0), Latency: ptr(0), PageSizes: &PageSizes{File: "zeros.txt"}}
	fsys["zeros.txt"] = &fstest.MapFile{Data: []byte("0\n0\n0\n")}
	r, err := New(zeros, Env{FS: fsys})
	if err == nil {
		for done := false; !done && err == nil; {
			done, err = r.Step(RunBudget)
		}
	}
	if want := "page sizes: zeros.txt: every size is 0 and so is the latency: a download must take some time"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("sizes of 0 with no latency: %v; want %q", err, want)
	}
	for _, c := range []struct {
		p    PageSizes
		want string
	}{
		{PageSizes{File: "a", Distribution: "lognormal"}, "politeness.page_sizes: give a file or a distribution of sizes, not both"},
		{PageSizes{Distribution: "normal"}, `politeness.page_sizes.distribution: "normal" is not a distribution of sizes`},
		{PageSizes{Distribution: "lognormal", Sigma: ptr(9)}, "politeness.page_sizes.sigma: 9 is not a sigma of 0 to 4"},
		{PageSizes{File: "a", Seed: 2}, "politeness.page_sizes: sigma and seed describe a distribution"},
	} {
		s := base
		pol := *base.Politeness
		pol.PageSizes = &c.p
		s.Politeness = &pol
		if _, err := Normalize(s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v; want %q", c.p, err, c.want)
		}
	}
}

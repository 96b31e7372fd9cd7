package graphio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// impExample is a graph of 4 pages and a vector of it whose scores are not
// dyadic, so a round trip through decimal text would change their bits.
func impExample(t testing.TB) (*graph.Graph, *Importance) {
	g := rtFromLists(t, [][]uint32{{1, 2}, {2}, {0}, {}})
	v := &Importance{
		Scores: []float64{0.1, 0.2, 1.0 / 3, 0}, Kind: ImportancePersonalized,
		Damping: 0.85, Tolerance: 1e-10, Iterations: 17, Residual: 3.5e-11, Converged: true, Seeds: "list:0,2",
	}
	v.Scores[3] = 1 - (v.Scores[0] + v.Scores[1] + v.Scores[2])
	return g, v
}

func impBytes(t testing.TB, g *graph.Graph, v *Importance) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteImportance(&buf, g, v); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestImportanceRoundTrip: what WriteImportance writes reads back with
// the same bits and description, the file has the documented size, and a
// gzip-compressed copy reads the same.
func TestImportanceRoundTrip(t *testing.T) {
	g, v := impExample(t)
	b := impBytes(t, g, v)
	if want := importanceHeaderSize + 8 + 8*4; len(b) != want { // "list:0,2" is 8 bytes, no padding
		t.Fatalf("%d bytes, want %d", len(b), want)
	}
	for name, data := range map[string][]byte{"v.imp": b, "v.imp.gz": graphtest.Gzip(t, b)} {
		got, err := ReadImportance(bytes.NewReader(data), name, g, "g.csr")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i := range v.Scores {
			if math.Float64bits(got.Scores[i]) != math.Float64bits(v.Scores[i]) {
				t.Errorf("%s: score %d is %v, wrote %v", name, i, got.Scores[i], v.Scores[i])
			}
		}
		if got.Format != ImportanceCrawlsim || got.Kind != v.Kind || got.Damping != v.Damping || got.Tolerance != v.Tolerance ||
			got.Iterations != v.Iterations || got.Residual != v.Residual || got.Converged != v.Converged || got.Seeds != v.Seeds || got.Scaled {
			t.Errorf("%s: read %+v, wrote %+v", name, got, v)
		}
	}
}

// TestImportanceOfAnotherGraph: a vector of a graph with the same pages
// and links but another link is refused, naming both.
func TestImportanceOfAnotherGraph(t *testing.T) {
	g, v := impExample(t)
	b := impBytes(t, g, v)
	other := rtFromLists(t, [][]uint32{{1, 3}, {2}, {0}, {}})
	_, err := ReadImportance(bytes.NewReader(b), "v.imp", other, "other.csr")
	want := fmt.Sprintf("v.imp: the importance vector is of another graph (4 pages, 4 links, fingerprint %016x), not of other.csr (4 pages, 4 links, fingerprint %016x): give the graph it was computed on, or compute this one's (crawlsim rank -o NAME.imp GRAPH)",
		Fingerprint(g), Fingerprint(other))
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	bigger := rtFromLists(t, [][]uint32{{1, 2}, {2}, {0}, {}, {}})
	if _, err := ReadImportance(bytes.NewReader(b), "v.imp", bigger, "big.csr"); err == nil || !strings.Contains(err.Error(), "another graph (4 pages, 4 links") {
		t.Errorf("5 pages: %v", err)
	}
}

// TestImportanceTruncated: a file cut anywhere is refused at the byte
// where it ends (within the header, the seeds or the scores).
func TestImportanceTruncated(t *testing.T) {
	g, v := impExample(t)
	b := impBytes(t, g, v)
	for cut := 0; cut < len(b); cut++ {
		_, err := ReadImportance(bytes.NewReader(b[:cut]), "v.imp", g, "g.csr")
		if err == nil {
			t.Fatalf("cut at %d: accepted", cut)
		}
		var want string
		switch {
		case cut < 8:
			continue // not recognisably crawlsim's format any more: read as text or float64
		case cut < importanceHeaderSize:
			want = fmt.Sprintf("v.imp: byte %d: the file ends within the 80-byte header of a crawlsim importance file", cut)
		default:
			want = fmt.Sprintf("v.imp: byte %d: the file ends at byte %d; its header announces 4 pages, 120 bytes in all (truncated file)", cut, cut)
		}
		if err.Error() != want {
			t.Errorf("cut at %d: got %v\nwant %s", cut, err, want)
		}
	}
	// Bytes after the last score.
	_, err := ReadImportance(bytes.NewReader(append(b[:len(b):len(b)], 0)), "v.imp", g, "g.csr")
	if want := "v.imp: byte 120: trailing bytes after the last of the 4 scores"; err == nil || err.Error() != want {
		t.Errorf("one byte more: got %v\nwant %s", err, want)
	}
}

// impPatch returns a copy of b with the header bytes at..at+len(p) set to
// p and the header checksum recomputed when fixCRC is set.
func impPatch(b []byte, at int, p []byte, fixCRC bool) []byte {
	c := append([]byte{}, b...)
	copy(c[at:], p)
	if fixCRC {
		binary.LittleEndian.PutUint32(c[impAtHeaderCRC:], crc32.Checksum(c[:impAtHeaderCRC], csrTable))
	}
	return c
}

// TestImportanceCorrupt: a wrong version, kind, flag, checksum, padding or
// score is refused with the byte where it is.
func TestImportanceCorrupt(t *testing.T) {
	g, v := impExample(t)
	b := impBytes(t, g, v)
	u32 := func(x uint32) []byte { return binary.LittleEndian.AppendUint32(nil, x) }
	u16 := func(x uint16) []byte { return binary.LittleEndian.AppendUint16(nil, x) }
	u64 := func(x uint64) []byte { return binary.LittleEndian.AppendUint64(nil, x) }
	score := func(i int) int { return importanceHeaderSize + 8 + 8*i }
	bodyBit := append([]byte{}, b...)
	bodyBit[score(2)] ^= 1
	nan, neg := v.Scores[:4:4], v.Scores[:4:4]
	nan = append([]float64{}, nan...)
	neg = append([]float64{}, neg...)
	nan[1] = math.NaN()
	neg[2] = -0.25
	for _, c := range []struct {
		what string
		data []byte
		want string
	}{
		{"version 2", impPatch(b, impAtVersion, u32(2), true), "v.imp: byte 8: unsupported importance file version 2; this reader knows version 1"},
		{"a header bit", impPatch(b, impAtDamping, u64(math.Float64bits(0.9)), false), "v.imp: byte 76: header checksum mismatch"},
		{"kind 5", impPatch(b, impAtKind, u16(5), true), "v.imp: byte 12: unknown kind 5: expected 1 (pagerank) to 4 (hits hubs)"},
		{"flag 2", impPatch(b, impAtFlags, u16(3), true), "v.imp: byte 14: unknown flags 0x2"},
		{"damping NaN", impPatch(b, impAtDamping, u64(math.Float64bits(math.NaN())), true), "v.imp: byte 40: damping NaN: want a number in (0, 1]"},
		{"damping 5", impPatch(b, impAtDamping, u64(math.Float64bits(5)), true), "v.imp: byte 40: damping 5: want a number in (0, 1]"},
		{"HITS with a damping", impPatch(b, impAtKind, u16(uint16(ImportanceHubs)), true), "v.imp: byte 40: damping 0.85: want 0, as for a HITS vector"},
		{"tolerance -1", impPatch(b, impAtTolerance, u64(math.Float64bits(-1)), true), "v.imp: byte 48: tolerance -1: want a finite number, 0 or more"},
		{"residual +Inf", impPatch(b, impAtResidual, u64(math.Float64bits(math.Inf(1))), true), "v.imp: byte 56: residual +Inf: want a finite number, 0 or more"},
		{"seeds length", impPatch(b, impAtSeedsLen, u32(1<<20), true), "v.imp: byte 68: the seed set's text claims 1048576 bytes, more than 65536"},
		{"a body bit", bodyBit, "v.imp: byte 72: checksum mismatch: the header says"},
		{"a NaN", impBytes(t, g, &Importance{Scores: nan, Kind: ImportancePageRank, Damping: 0.85}), "v.imp: byte 88: the score of page 1 is NaN: expected a finite number, 0 or more"},
		{"a negative score", impBytes(t, g, &Importance{Scores: neg, Kind: ImportancePageRank, Damping: 0.85}), "v.imp: byte 96: the score of page 2 is -0.25: expected a finite number, 0 or more"},
		{"a .csr graph", func() []byte { var w bytes.Buffer; WriteCSR(&w, g); return w.Bytes() }(), `v.imp: byte 0: a crawlsim .csr graph, not an importance vector (magic "CRAWLCSR", want "CRAWLIMP")`},
	} {
		_, err := ReadImportance(bytes.NewReader(c.data), "v.imp", g, "g.csr")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v\nwant %s", c.what, err, c.want)
		}
	}
}

// TestImportanceForeign: vectors of other engines, as text and as raw
// float64, plain or gzip, are read and scaled to sum 1; a wrong number of
// scores or a bad one is refused with its line or byte.
func TestImportanceForeign(t *testing.T) {
	g, _ := impExample(t)
	text := "# scores of another engine\n0.5\n\n1.5\r\n  1\t\n1e0\n"
	raw := binary.LittleEndian.AppendUint64(nil, math.Float64bits(0.125))
	for _, s := range []float64{0.125, 0.25, 0.5} {
		raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(s))
	}
	z := graphtest.Gzip(t, []byte(text))
	for _, c := range []struct {
		name   string
		data   []byte
		format ImportanceFileFormat
		want   []float64
		scaled bool
	}{
		{"v.txt", []byte(text), ImportanceText, []float64{0.125, 0.375, 0.25, 0.25}, true},
		{"v.txt.gz", z, ImportanceText, []float64{0.125, 0.375, 0.25, 0.25}, true},
		{"v.f64", raw, ImportanceFloat64, []float64{0.125, 0.125, 0.25, 0.5}, false},
	} {
		v, err := ReadImportance(bytes.NewReader(c.data), c.name, g, "g.csr")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if v.Format != c.format || v.Kind != ImportanceForeign || v.Scaled != c.scaled || fmt.Sprint(v.Scores) != fmt.Sprint(c.want) {
			t.Errorf("%s: read %+v, want format %s, scores %v, scaled %v", c.name, v, c.format, c.want, c.scaled)
		}
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"three.txt", []byte("1\n2\n3\n"), "three.txt: 3 scores, but g.csr has 4 pages: expected one score per page"},
		{"five.txt", []byte("1\n2\n3\n4\n#\n5\n"), "five.txt:6: more scores than the 4 pages of g.csr"},
		{"word.txt", []byte("1\n2\nabc\n4\n"), `five.txt:3: expected one score (a number), got "abc"`},
		{"nan.txt", []byte("1\nNaN\n3\n4\n"), `nan.txt:2: the score of page 1 is "NaN": expected a finite number, 0 or more`},
		{"inf.txt", []byte("1\n2\n1e999\n4\n"), `inf.txt:3: the score of page 2 is "1e999": expected a finite number, 0 or more`},
		{"neg.txt", []byte("1\n-2\n3\n4\n"), `neg.txt:2: the score of page 1 is "-2": expected a finite number, 0 or more`},
		{"zero.txt", []byte("0\n0\n0\n0\n"), "zero.txt: every score is 0: expected a positive sum"},
		{"short.f64", raw[:30], "short.f64: byte 30: the file has 30 bytes: g.csr has 4 pages, so a raw vector has 32 bytes (float64) or 16 (float32)"},
		{"long.f64", append(raw[:32:32], raw[:8]...), "long.f64: byte 32: the file has more than 32 bytes: g.csr has 4 pages, so a raw vector has 32 bytes (float64) or 16 (float32)"},
		{"neg.f64", append(raw[:24:24], binary.LittleEndian.AppendUint64(nil, math.Float64bits(-1))...), "neg.f64: byte 24: the score of page 3 is -1: expected a finite number, 0 or more (read as little-endian float64)"},
	} {
		name := c.name
		if name == "word.txt" {
			name = "five.txt"
		}
		_, err := ReadImportance(bytes.NewReader(c.data), name, g, "g.csr")
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v\nwant %s", c.name, err, c.want)
		}
	}
}

// FuzzReadImportance: ReadImportance never panics, and a vector it
// accepts has one finite, non-negative score per page, summing to 1.
func FuzzReadImportance(f *testing.F) {
	g, v := impExample(f)
	f.Add(impBytes(f, g, v))
	f.Add(impBytes(f, g, &Importance{Scores: []float64{0.25, 0.25, 0.25, 0.25}, Kind: ImportancePageRank, Damping: 0.85}))
	f.Add([]byte("# c\n1\n2\n3\n4\n"))
	f.Add(binary.LittleEndian.AppendUint64(make([]byte, 24), math.Float64bits(1)))
	f.Add([]byte("????????????????????????????????"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadImportance(bytes.NewReader(data), "fuzz.imp", g, "g.csr")
		checkFuzzedImportance(t, got, err, g.NumNodes(), "fuzz.imp")
	})
}

// checkFuzzedImportance fails t when err does not name the file, or when
// a vector read has not one finite, non-negative score per page, summing
// to 1.
func checkFuzzedImportance(t *testing.T, got *Importance, err error, n int, name string) {
	t.Helper()
	if err != nil {
		if !strings.HasPrefix(err.Error(), name) {
			t.Fatalf("an error that does not name the file: %v", err)
		}
		return
	}
	if len(got.Scores) != n {
		t.Fatalf("%d scores for %d pages", len(got.Scores), n)
	}
	sum := 0.0
	for i, s := range got.Scores {
		if !(s >= 0) || math.IsInf(s, 0) {
			t.Fatalf("score %d is %v", i, s)
		}
		sum += s
	}
	if n > 0 && math.Abs(sum-1) > 1e-9 {
		t.Fatalf("scores sum to %v", sum)
	}
}

// TestWriteImportanceCancel: WriteImportanceCancel writes what
// WriteImportance writes when cancel never fails, and when it fails
// during the fingerprint's pass it returns the error having written
// nothing.
func TestWriteImportanceCancel(t *testing.T) {
	const n = 3*fingerprintPollPages + 5
	b := graph.NewBuilder(n)
	for i := range uint32(n) {
		b.Add(i, (i*31+7)%n)
	}
	csr, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	g := graphtest.AsLists(csr)
	v := &Importance{Scores: make([]float64, n), Kind: ImportancePageRank, Damping: 0.85}
	for i := range v.Scores {
		v.Scores[i] = 1 / float64(n)
	}
	var want, got bytes.Buffer
	if err := WriteImportance(&want, g, v); err != nil {
		t.Fatal(err)
	}
	if err := WriteImportanceCancel(&got, g, v, func() error { return nil }); err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("never cancelled: %v, %d bytes; want nil and WriteImportance's %d bytes", err, got.Len(), want.Len())
	}
	got.Reset()
	stop := errors.New("stopped")
	calls := 0
	err = WriteImportanceCancel(&got, g, v, func() error {
		if calls++; calls > 1 {
			return stop
		}
		return nil
	})
	if err != stop || got.Len() != 0 {
		t.Errorf("cancelled in the fingerprint's pass: %v with %d bytes written, want %v and none", err, got.Len(), stop)
	}
}

// TestWriteImportanceRefuses: a vector the reader would refuse is not
// written: the wrong number of scores, a kind it does not know, or a
// computation no run of crawlsim rank makes.
func TestWriteImportanceRefuses(t *testing.T) {
	g, v := impExample(t)
	for _, c := range []struct {
		what string
		edit func(*Importance)
		want string
	}{
		{"three scores", func(w *Importance) { w.Scores = w.Scores[:3] }, "importance: 3 scores for a graph of 4 pages"},
		{"kind 0", func(w *Importance) { w.Kind = ImportanceForeign }, "importance: cannot write "},
		{"damping NaN", func(w *Importance) { w.Damping = math.NaN() }, "importance: damping NaN: want a number in (0, 1]"},
		{"HITS with a tolerance", func(w *Importance) { w.Kind, w.Damping = ImportanceAuthorities, 0 }, "importance: tolerance 1e-10: want 0, as for a HITS vector"},
		{"residual -1", func(w *Importance) { w.Residual = -1 }, "importance: residual -1: want a finite number, 0 or more"},
	} {
		w := *v
		c.edit(&w)
		var out bytes.Buffer
		err := WriteImportance(&out, g, &w)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || out.Len() != 0 {
			t.Errorf("%s: got %v and %d bytes, want %q and none", c.what, err, out.Len(), c.want)
		}
	}
}

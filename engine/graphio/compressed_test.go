package graphio

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestGzipRoundTripEveryFormat: every graph of rtCases, saved in every
// writable format with its URL list, reads through Load to the same graph
// gzip-compressed as uncompressed, whether or not the names end in .gz.
func TestGzipRoundTripEveryFormat(t *testing.T) {
	for _, c := range rtCases(t) {
		for _, f := range []Format{FormatEdgeList, FormatASCII, FormatCSR} {
			t.Run(c.name+"/"+f.String(), func(t *testing.T) {
				var buf bytes.Buffer
				if err := Save(&buf, c.g, f); err != nil {
					t.Fatal(err)
				}
				file := map[Format]string{FormatEdgeList: "g.edges", FormatASCII: "g.graph-txt", FormatCSR: "g.csr"}[f]
				fsys := fstest.MapFS{
					file:         {Data: buf.Bytes()},
					file + ".gz": {Data: graphtest.Gzip(t, buf.Bytes())},
					"gz-" + file: {Data: graphtest.Gzip(t, buf.Bytes())},
				}
				var opt, gzOpt LoadOptions
				if c.g.URLs != nil && f != FormatCSR {
					var urls bytes.Buffer
					if err := WriteURLList(&urls, c.g.URLs); err != nil {
						t.Fatal(err)
					}
					fsys["g.urls"] = &fstest.MapFile{Data: urls.Bytes()}
					fsys["g.urls.gz"] = &fstest.MapFile{Data: graphtest.Gzip(t, urls.Bytes())}
					opt.URLs, gzOpt.URLs = "g.urls", "g.urls.gz"
				}
				plain, plainLabels, err := Load(fsys, file, opt)
				if err != nil {
					t.Fatal(err)
				}
				rtSameGraph(t, c.g, plain, f == FormatCSR || c.g.URLs != nil)
				for _, name := range []string{file + ".gz", "gz-" + file} {
					got, labels, err := Load(fsys, name, gzOpt)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					rtSameGraph(t, plain, got, true)
					if fmt.Sprint(labels) != fmt.Sprint(plainLabels) {
						t.Fatalf("%s: labels %v, want %v", name, labels, plainLabels)
					}
				}
			})
		}
	}
}

// TestGzipBVGraphRoundTrip: a BVGraph whose three files are gzip
// compressed, named with and without .gz, decodes to the same graph.
func TestGzipBVGraphRoundTrip(t *testing.T) {
	lists, data, offs, cfg := bvSmallGraph(t)
	props := []byte(bvPropertiesText(cfg.props(lists)))
	fsys := fstest.MapFS{
		"b.graph.gz":   {Data: graphtest.Gzip(t, data)},
		"b.properties": {Data: graphtest.Gzip(t, props)},
		"b.offsets":    {Data: graphtest.Gzip(t, offs)},
	}
	for _, name := range []string{"b.graph.gz", "b.properties", "b.offsets"} {
		if name != "b.graph.gz" {
			// Named by its other files, the graph is NAME.graph.
			fsys["b.graph"] = &fstest.MapFile{Data: graphtest.Gzip(t, data)}
		}
		g, _, err := Load(fsys, name, LoadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := bvListsEqual(g, lists); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// TestGzipStreams: a gzip file is decompressed as it is read. 16 MiB of
// comment lines compress to a few kilobytes and read into a graph of one
// link; reading must allocate far less than the decompressed size.
func TestGzipStreams(t *testing.T) {
	line := "# " + strings.Repeat("comment ", 12) + "\n"
	text := strings.Repeat(line, 16<<20/len(line)) + "0 1\n"
	fsys := fstest.MapFS{"big.edges.gz": {Data: graphtest.Gzip(t, []byte(text))}}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	g, _, err := Load(fsys, "big.edges.gz", LoadOptions{})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	elSameLists(t, g, [][]uint32{{1}, {}})
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Fatalf("reading %d decompressed bytes allocated %d bytes, want under 4 MiB", len(text), alloc)
	}
}

// TestGzipPassesReadErrors: a failure of the file under the gzip data
// (a read error, a cancelled context) reaches the caller unchanged inside
// the reader's *Error, as it does for uncompressed files.
func TestGzipPassesReadErrors(t *testing.T) {
	g := rtCases(t)[3].g
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, f := range []Format{FormatEdgeList, FormatASCII, FormatCSR} {
		var buf bytes.Buffer
		if err := Save(&buf, g, f); err != nil {
			t.Fatal(err)
		}
		z := graphtest.Gzip(t, buf.Bytes())
		for _, failure := range []error{errSentinel, ctx.Err()} {
			for _, k := range []int{0, 5, len(z) / 2, len(z) - 1} {
				fsys := fstest.MapFS{"g": {Data: z}}
				_, _, err := Load(fsys, "g", LoadOptions{Format: f, Wrap: func(name string, r io.Reader) io.Reader {
					return &rtFailAfter{data: z, k: k, err: failure}
				}})
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, failure) || e.File != "g" {
					t.Errorf("%v, failing after %d of %d bytes with %v: got %v", f, k, len(z), failure, err)
				}
			}
		}
	}
}

// mfEndless is an input of limit bytes (then EOF) that repeats one byte,
// and counts what was read: a stand-in for /dev/zero that a reader
// without bounds reads to the end instead of running out of memory.
type mfEndless struct {
	b           byte
	read, limit int64
}

func (r *mfEndless) Read(p []byte) (int, error) {
	if r.read >= r.limit {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), r.limit-r.read))
	for i := range p[:n] {
		p[i] = r.b
	}
	r.read += int64(n)
	return n, nil
}

// TestReadersStopEarly: given /dev/zero, or a file without line breaks,
// every reader gives up after reading a bounded amount, with the error
// that says why: a NUL byte within the first buffer, a long line just
// past the 1 MiB limit, a .graph past what its properties allow.
func TestReadersStopEarly(t *testing.T) {
	lists, data, offs, cfg := bvSmallGraph(t)
	props := []byte(bvPropertiesText(cfg.props(lists)))
	for _, c := range []struct {
		load, urls, endless string
		b                   byte
		want                string
		most                int64
	}{
		{"g.edges", "", "g.edges", 0, "g.edges:1: NUL byte in column 1 (byte 0): binary data, not text", 1 << 20},
		{"g.graph-txt", "", "g.graph-txt", 0, "g.graph-txt:1: NUL byte in column 1 (byte 0): binary data, not text", 1 << 20},
		{"g.edges", "u.urls", "u.urls", 0, "u.urls:1: NUL byte in column 1 (byte 0): binary data, not text", 1 << 20},
		{"g.edges", "", "g.edges", '7', "g.edges:1: line longer than the 1 MiB limit", 2 << 20},
		{"g.edges", "u.urls", "u.urls", 'a', "u.urls:1: line longer than the 1 MiB limit", 2 << 20},
		{"g.graph-txt", "", "g.graph-txt", '1', "g.graph-txt:1: line longer than the 1 MiB limit", 2 << 20},
		{"b.graph", "", "b.graph", 0, "", 1 << 20},
		{"b.graph", "", "b.offsets", 0, "", 1 << 20},
	} {
		fsys := fstest.MapFS{
			"g.edges": {Data: []byte("0 1\n")}, "g.graph-txt": {Data: []byte("1\n0\n")}, "u.urls": {Data: []byte("http://a/\n")},
			"b.graph": {Data: data}, "b.offsets": {Data: offs}, "b.properties": {Data: props},
		}
		src := &mfEndless{b: c.b, limit: 64 << 20}
		_, _, err := Load(fsys, c.load, LoadOptions{URLs: c.urls, Wrap: func(name string, r io.Reader) io.Reader {
			if name == c.endless {
				return src
			}
			return r
		}})
		switch {
		case err == nil:
			t.Errorf("%s endless %q: no error", c.endless, c.b)
		case c.want != "" && err.Error() != c.want:
			t.Errorf("%s endless %q: error %q, want %q", c.endless, c.b, err, c.want)
		case c.want == "" && !strings.Contains(err.Error(), "more data than"):
			t.Errorf("%s endless %q: error %q, want more data than the properties allow", c.endless, c.b, err)
		}
		if src.read > c.most {
			t.Errorf("%s endless %q: read %d bytes before refusing, want at most %d", c.endless, c.b, src.read, c.most)
		}
	}
}

// fuzzGzipSeeds are compressed edge lists, whole and damaged.
func fuzzGzipSeeds(f *testing.F) [][]byte {
	gz := func(s string, name string) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Name, zw.Comment = name, name
		zw.Write([]byte(s))
		zw.Close()
		return buf.Bytes()
	}
	edges := gz("0 1\n1 2\n2 0\n", "")
	seeds := [][]byte{
		edges,
		gz("# crawlsim edge list: 4 pages, 1 link\n2 0\n", "g.edges"),
		gz("\ufeffa b\nb c\n", ""),
		gz("http://bücher.de/ http://b.example/\n", "u"),
		gz("", ""),
		gz("0 \x00\n", ""),
		gz(string(mfUTF16("0 1\n", false, true)), ""),
		append(bytes.Clone(edges), gz("1 0\n", "")...),
		append(bytes.Clone(edges), 0, 0, 0, 0),
		edges[:len(edges)-3],
		edges[:12],
		mfEdit(edges, func(b []byte) []byte { b[len(b)-6] ^= 1; return b }),
		mfEdit(edges, func(b []byte) []byte { b[12] ^= 0x40; return b }),
	}
	return seeds
}

// FuzzReadEdgeListGzip feeds arbitrary bytes, starting from compressed
// edge lists, to Load as a gzip edge list. It must never panic, and must
// agree with compress/gzip: when that decompresses the bytes (several
// members allowed), Load gives what ReadEdgeList gives on the
// decompressed text; when it fails, Load fails with an *Error.
func FuzzReadEdgeListGzip(f *testing.F) {
	for _, s := range fuzzGzipSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
			data = append([]byte{0x1f, 0x8b}, data...)
		}
		g, labels, err := Load(fstest.MapFS{"f.edges.gz": {Data: data}}, "f.edges.gz", LoadOptions{})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "f.edges.gz" {
				t.Fatalf("error %v (%T) is not an *Error about f.edges.gz", err, err)
			}
		} else if verr := g.Validate(); verr != nil {
			t.Fatalf("invalid graph: %v", verr)
		}
		var text []byte
		zr, zerr := gzip.NewReader(bytes.NewReader(data))
		if zerr == nil {
			text, zerr = io.ReadAll(io.LimitReader(zr, 64<<20))
		}
		if zerr != nil {
			if err == nil {
				t.Fatalf("compress/gzip fails (%v), Load does not", zerr)
			}
			// The text may have been refused before the bad data was
			// reached; a gzip error is at an offset of the file.
			var e *Error
			errors.As(err, &e)
			if e.Line == 0 && e.Offset > int64(len(data)) {
				t.Fatalf("error %v: offset %d beyond the %d compressed bytes", err, e.Offset, len(data))
			}
			return
		}
		wantG, wantLabels, wantErr := ReadEdgeList(bytes.NewReader(text), "f.edges.gz", EdgeListOptions{})
		switch {
		case (err == nil) != (wantErr == nil):
			t.Fatalf("Load: %v; ReadEdgeList of the decompressed text: %v", err, wantErr)
		case err != nil && err.Error() != wantErr.Error():
			t.Fatalf("Load: %v; ReadEdgeList of the decompressed text: %v", err, wantErr)
		case err == nil:
			rtSameGraph(t, wantG, g, true)
			if fmt.Sprint(labels) != fmt.Sprint(wantLabels) {
				t.Fatalf("labels %v, want %v", labels, wantLabels)
			}
		}
	})
}

// TestGzipNoDoubleDecompression: a gzip file holding gzip data is read
// once: its content is binary to the text readers.
func TestGzipNoDoubleDecompression(t *testing.T) {
	inner := graphtest.Gzip(t, []byte("0 1\n"))
	fsys := fstest.MapFS{"g.edges.gz.gz": {Data: graphtest.Gzip(t, inner)}}
	_, _, err := Load(fsys, "g.edges.gz.gz", LoadOptions{})
	var e *Error
	if !errors.As(err, &e) || e.Line != 1 || !strings.Contains(err.Error(), "binary data, not text") {
		t.Fatalf("got %v, want the NUL of the inner gzip header refused", err)
	}
}

// TestLoadKeepsFileLength: looking at the first bytes of an uncompressed
// file for a magic number must not hide its length from the .csr reader,
// which uses it to refuse a section longer than the file where the
// section starts (at names), not where the file ends.
func TestLoadKeepsFileLength(t *testing.T) {
	data, _, _, names := csrTestFile(t)
	binary.LittleEndian.PutUint64(data[names:], 1<<40)
	csrFixChecksums(data)
	_, want := CSRFromBytes(data, "g.csr")
	_, _, err := Load(fstest.MapFS{"g.csr": {Data: data}}, "g.csr", LoadOptions{})
	rtWantError(t, err, "g.csr", 0, names, "short file")
	if err.Error() != want.Error() {
		t.Fatalf("Load: %v; CSRFromBytes: %v", err, want)
	}
}

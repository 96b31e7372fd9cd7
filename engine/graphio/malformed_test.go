package graphio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf16"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// mfUTF16 encodes s as UTF-16, little- or big-endian, with or without a
// byte order mark, as Windows tools save "Unicode" text.
func mfUTF16(s string, bigEndian, bom bool) []byte {
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xfeff}, units...)
	}
	b := make([]byte, 2*len(units))
	for i, u := range units {
		if bigEndian {
			binary.BigEndian.PutUint16(b[2*i:], u)
		} else {
			binary.LittleEndian.PutUint16(b[2*i:], u)
		}
	}
	return b
}

// mfOffsetsBound is bvMaxOffsetsBytes for 3 pages and γ-coded offsets,
// worked out by hand: 4 gaps of at most 8·graphBytes, each a γ code of
// 2·len(8·graphBytes + 1) − 1 bits, plus 64 bytes.
func mfOffsetsBound(graphBytes int) int {
	l := len(fmt.Sprintf("%b", 8*graphBytes+1))
	return (4*(2*l-1)+7)/8 + 64
}

// mfEdit returns a copy of b changed by edit.
func mfEdit(b []byte, edit func([]byte) []byte) []byte { return edit(bytes.Clone(b)) }

// mfCase is one input given to Load and what it must give: the exact
// error text, or (want == "") the graph's out-lists and host names.
type mfCase struct {
	what  string
	files map[string][]byte
	load  string
	urls  string
	want  string
	lists [][]uint32
	hosts []string
}

// mfCases are the malformed (and the odd but valid) inputs every reader is
// tested with: truncated files, lying headers, junk, compressed data, wrong
// encodings, NUL streams, over-long lines and byte order marks, in every
// reader.
func mfCases(tb testing.TB) []mfCase {
	const edges = "0 1\n0 2\n1 0\n"
	lists := [][]uint32{{1, 2}, {0}, {}}
	const urls = "http://a.example/\nhttp://b.example/x\nhttp://a.example/y\n"
	hosts := []string{"a.example", "b.example"}
	var csr bytes.Buffer
	if err := WriteCSR(&csr, rtFromLists(tb, lists)); err != nil {
		tb.Fatal(err)
	}
	bvLists := [][]uint32{{1, 2}, {0, 2}, {}}
	bvCfg := bvTestConfigs[0]
	bvData, bvOffs := bvTestEncode(bvLists, bvCfg)
	bvProps := []byte(bvPropertiesText(bvCfg.props(bvLists)))
	bv := func(graphData, props []byte) map[string][]byte {
		return map[string][]byte{"b.graph": graphData, "b.offsets": bvOffs, "b.properties": props}
	}
	gz := graphtest.Gzip(tb, []byte(edges))
	zeros := make([]byte, 2<<20)
	longLine := "1 " + strings.Repeat("2", 1<<20) + "\n"
	// The magic numbers of the compressed formats crawlsim refuses,
	// followed by bytes of a plausible body: zstd (RFC 8878 section
	// 3.1.1), xz (xz file format 1.0.4, section 2.1.1.1), bzip2 ("BZh",
	// the block size, the block magic π = 0x314159265359), zip (APPNOTE
	// 4.3.7, local file header), lz4 (frame format, magic 0x184D2204) and
	// compress(1) (.Z, 1f 9d).
	zstd := []byte("\x28\xb5\x2f\xfd\x24\x0c\x61\x00\x00")
	xz := []byte("\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46")
	bzip2 := []byte("BZh91AY&SY\x12\x34")
	zip := []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00")
	lz4 := []byte("\x04\x22\x4d\x18\x64\x40\xa7")
	lzw := []byte("\x1f\x9d\x90\x30\x20")
	// A second gzip member appended to the first is one stream (RFC 1952
	// section 2.2, what `cat a.gz b.gz` makes).
	multi := append(graphtest.Gzip(tb, []byte("0 1\n0 2\n")), graphtest.Gzip(tb, []byte("1 0\n"))...)
	one := func(name string, data []byte) map[string][]byte { return map[string][]byte{name: data} }
	withURLs := func(u []byte) map[string][]byte { return map[string][]byte{"g.edges": []byte(edges), "u.urls": u} }

	return []mfCase{
		// NUL bytes: binary data where text was expected.
		{what: "NUL stream as an edge list", files: one("g.edges", zeros), load: "g.edges",
			want: "g.edges:1: NUL byte in column 1 (byte 0): binary data, not text"},
		{what: "NUL stream as WebGraph ASCII", files: one("g.graph-txt", zeros), load: "g.graph-txt",
			want: "g.graph-txt:1: NUL byte in column 1 (byte 0): binary data, not text"},
		{what: "NUL stream as a URL list", files: withURLs(zeros), load: "g.edges", urls: "u.urls",
			want: "u.urls:1: NUL byte in column 1 (byte 0): binary data, not text"},
		{what: "NUL inside an edge list", files: one("g.edges", []byte("0 1\n1\x002\n")), load: "g.edges",
			want: "g.edges:2: NUL byte in column 2 (byte 5): binary data, not text"},
		{what: "NUL inside WebGraph ASCII", files: one("g.graph-txt", []byte("2\n1\x00\n0\n")), load: "g.graph-txt",
			want: "g.graph-txt:2: NUL byte in column 2 (byte 3): binary data, not text"},
		// "http://a/\n" and "http://b/\n" are 10 bytes each: the NUL is byte 22.
		{what: "NUL inside a URL list", files: withURLs([]byte("http://a/\nhttp://b/\nxy\x00z\n")), load: "g.edges", urls: "u.urls",
			want: "u.urls:3: NUL byte in column 3 (byte 22): binary data, not text"},
		{what: "gzip of a NUL stream", files: one("g.edges.gz", graphtest.Gzip(tb, zeros)), load: "g.edges.gz",
			want: "g.edges.gz:1: NUL byte in column 1 (byte 0): binary data, not text"},
		// crawlsim's own binary files, named as text: said for what they are.
		{what: ".csr named as an edge list", files: one("g.edges", append([]byte(csrMagic), zeros...)), load: "g.edges",
			want: `g.edges: byte 0: not text but a crawlsim .csr graph (magic "CRAWLCSR"), read as one when named NAME.csr`},
		{what: ".csr as a URL list", files: withURLs(append([]byte(csrMagic), zeros...)), load: "g.edges", urls: "u.urls",
			want: `u.urls: byte 0: not text but a crawlsim .csr graph (magic "CRAWLCSR"), read as one when named NAME.csr`},
		{what: ".imp as WebGraph ASCII", files: one("g.graph-txt", append([]byte(importanceMagic), zeros...)), load: "g.graph-txt",
			want: `g.graph-txt: byte 0: not text but a crawlsim importance vector (magic "CRAWLIMP"), as rank -o NAME.imp writes it`},

		// Over-long lines.
		{what: "edge list line over 1 MiB", files: one("g.edges", []byte("0 1\n"+longLine)), load: "g.edges",
			want: "g.edges:2: line longer than the 1 MiB limit"},
		{what: "URL list line over 1 MiB", files: withURLs([]byte("http://a/\nhttp://" + strings.Repeat("a", 1<<20) + ".example/\n")), load: "g.edges", urls: "u.urls",
			want: "u.urls:2: line longer than the 1 MiB limit"},
		{what: "WebGraph ASCII page count over 1 MiB", files: one("g.graph-txt", []byte(strings.Repeat("1", 1<<20+1)+"\n")), load: "g.graph-txt",
			want: "g.graph-txt:1: line longer than the 1 MiB limit"},
		// A successor line may be longer: it lists one page's links.
		{what: "WebGraph ASCII successor line of 2 MiB", files: one("g.graph-txt", []byte("3\n"+strings.Repeat("2 1 ", 1<<19)+"\n0\n\n")), load: "g.graph-txt",
			lists: lists},

		// Wrong encodings and byte order marks.
		{what: "UTF-16 LE edge list with BOM", files: one("g.edges", mfUTF16(edges, false, true)), load: "g.edges",
			want: "g.edges: UTF-16 text (little-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16LE -t UTF-8)"},
		{what: "UTF-16 BE edge list with BOM", files: one("g.edges", mfUTF16(edges, true, true)), load: "g.edges",
			want: "g.edges: UTF-16 text (big-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16BE -t UTF-8)"},
		{what: "UTF-16 LE WebGraph ASCII without BOM", files: one("g.graph-txt", mfUTF16("3\n1 2\n0\n\n", false, false)), load: "g.graph-txt",
			want: "g.graph-txt: UTF-16 text (little-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16LE -t UTF-8)"},
		{what: "UTF-16 BE URL list without BOM", files: withURLs(mfUTF16(urls, true, false)), load: "g.edges", urls: "u.urls",
			want: "u.urls: UTF-16 text (big-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16BE -t UTF-8)"},
		{what: "gzip of UTF-16 LE", files: one("g.edges.gz", graphtest.Gzip(tb, mfUTF16(edges, false, true))), load: "g.edges.gz",
			want: "g.edges.gz: UTF-16 text (little-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16LE -t UTF-8)"},
		{what: "UTF-8 BOM edge list", files: one("g.edges", []byte("\ufeff"+edges)), load: "g.edges", lists: lists},
		{what: "UTF-8 BOM WebGraph ASCII", files: one("g.graph-txt", []byte("\ufeff3\n1 2\n0\n\n")), load: "g.graph-txt", lists: lists},
		{what: "UTF-8 BOM URL list", files: withURLs([]byte("\ufeff" + urls)), load: "g.edges", urls: "u.urls", lists: lists, hosts: hosts},
		{what: "UTF-8 BOM inside gzip", files: one("g.edges.gz", graphtest.Gzip(tb, []byte("\ufeff"+edges))), load: "g.edges.gz", lists: lists},

		// gzip, read whatever the name, and broken gzip.
		{what: "gzip edge list", files: one("g.edges.gz", gz), load: "g.edges.gz", lists: lists},
		{what: "gzip edge list named .txt", files: one("g.txt", gz), load: "g.txt", lists: lists},
		{what: "gzip edge list without .gz", files: one("g.edges", gz), load: "g.edges", lists: lists},
		{what: "gzip of two members", files: one("g.edges.gz", multi), load: "g.edges.gz", lists: lists},
		{what: "gzip WebGraph ASCII", files: one("g.graph-txt.gz", graphtest.Gzip(tb, []byte("3\n1 2\n0\n\n"))), load: "g.graph-txt.gz", lists: lists},
		{what: "gzip .csr", files: one("g.csr.gz", graphtest.Gzip(tb, csr.Bytes())), load: "g.csr.gz", lists: lists},
		{what: "gzip URL list", files: withURLs(graphtest.Gzip(tb, []byte(urls))), load: "g.edges", urls: "u.urls", lists: lists, hosts: hosts},
		{what: "gzip BVGraph", files: map[string][]byte{"b.graph": graphtest.Gzip(tb, bvData), "b.offsets": graphtest.Gzip(tb, bvOffs), "b.properties": graphtest.Gzip(tb, bvProps)}, load: "b.graph", lists: bvLists},
		{what: "gzip of an empty edge list", files: one("g.edges.gz", graphtest.Gzip(tb, nil)), load: "g.edges.gz",
			want: "g.edges.gz: " + noPagesMsg},
		// The file ends 3 bytes into the 8-byte trailer.
		{what: "truncated gzip", files: one("g.edges.gz", gz[:len(gz)-5]), load: "g.edges.gz",
			want: fmt.Sprintf("g.edges.gz: byte %d: truncated gzip data: the file ends inside the compressed stream", len(gz)-5)},
		{what: "gzip header only", files: one("g.edges.gz", gz[:3]), load: "g.edges.gz",
			want: "g.edges.gz: byte 3: truncated gzip data: the file ends inside the compressed stream"},
		{what: "truncated gzip .csr", files: one("g.csr", graphtest.Gzip(tb, csr.Bytes())[:40]), load: "g.csr",
			want: "g.csr: byte 40: truncated gzip data: the file ends inside the compressed stream"},
		// Byte 10, the first of the deflate data, given block type 3,
		// which RFC 1951 section 3.2.3 reserves (an error).
		{what: "gzip with a corrupt deflate stream", files: one("g.edges.gz", mfEdit(gz, func(b []byte) []byte { b[10] |= 6; return b })), load: "g.edges.gz",
			want: "g.edges.gz: byte 10: corrupt gzip data: invalid deflate stream"},
		// The CRC-32 is the first 4 bytes of the 8-byte trailer.
		{what: "gzip with a wrong CRC-32", files: one("g.edges.gz", mfEdit(gz, func(b []byte) []byte { b[len(b)-8] ^= 0xff; return b })), load: "g.edges.gz",
			want: fmt.Sprintf("g.edges.gz: byte %d: corrupt gzip data: the CRC-32 or size in the trailer does not match the data", len(gz)-8)},
		// Compression method 7: RFC 1952 section 2.3.1 defines only 8,
		// deflate.
		{what: "gzip with a bad header", files: one("g.edges.gz", mfEdit(gz, func(b []byte) []byte { b[2] = 7; return b })), load: "g.edges.gz",
			want: "g.edges.gz: byte 0: corrupt gzip data: invalid header"},
		{what: "gzip followed by junk", files: one("g.edges.gz", append(bytes.Clone(gz), "junk after the stream"...)), load: "g.edges.gz",
			want: fmt.Sprintf("g.edges.gz: byte %d: corrupt gzip data: the bytes after the compressed stream are not another gzip member", len(gz))},

		// Compressed formats crawlsim does not read.
		{what: "zstd edge list", files: one("g.edges", zstd), load: "g.edges",
			want: "g.edges: compressed with zstd, which crawlsim does not read; decompress it first (zstd -d)"},
		{what: "xz WebGraph ASCII", files: one("g.graph-txt.xz", xz), load: "g.graph-txt.xz",
			want: "g.graph-txt.xz: compressed with xz, which crawlsim does not read; decompress it first (xz -d)"},
		{what: "bzip2 URL list", files: withURLs(bzip2), load: "g.edges", urls: "u.urls",
			want: "u.urls: compressed with bzip2, which crawlsim does not read; decompress it first (bzip2 -d)"},
		{what: "zip .csr", files: one("g.csr", zip), load: "g.csr",
			want: "g.csr: a zip archive, which crawlsim does not read; extract the file from it first (unzip)"},
		{what: "lz4 BVGraph", files: bv(lz4, bvProps), load: "b.graph",
			want: "b.graph: compressed with lz4, which crawlsim does not read; decompress it first (lz4 -d)"},
		{what: "compress(1) BVGraph properties", files: bv(bvData, lzw), load: "b.graph",
			want: "b.properties: compressed with compress (.Z), which crawlsim does not read; decompress it first (gzip -d)"},
		// A text starting like bzip2's magic is text.
		{what: "labels starting with BZh", files: one("g.edges", []byte("BZh x\nx BZh\n")), load: "g.edges", lists: [][]uint32{{1}, {0}}},

		// Junk, lying headers, truncated files.
		{what: "edge list of one field", files: one("g.edges", []byte("0 1\nhello\n")), load: "g.edges",
			want: "g.edges:2: expected two page ids, found 1 field"},
		{what: "edge list header claiming 4e9 pages", files: one("g.edges", []byte("# crawlsim edge list: 4000000000 pages\n0 1\n")), load: "g.edges",
			want: "g.edges:1: header announces 4000000000 pages, more than a file of 43 bytes can back"},
		{what: "WebGraph ASCII count of words", files: one("g.graph-txt", []byte("three\n")), load: "g.graph-txt",
			want: `g.graph-txt:1: expected the number of pages, found "three"`},
		{what: "truncated WebGraph ASCII", files: one("g.graph-txt", []byte("3\n1 2\n")), load: "g.graph-txt",
			want: "g.graph-txt:3: input ends after 1 of the 3 page lines announced on line 1; expected the successors of page 1"},
		{what: "edge list given as .csr", files: one("g.csr", []byte(edges)), load: "g.csr",
			want: `g.csr: byte 0: not a crawlsim .csr file: magic "0 1\n0 2\n", want "CRAWLCSR"`},
		{what: ".csr header claiming 10^12 pages", files: one("g.csr", mfEdit(csr.Bytes(), func(b []byte) []byte {
			binary.LittleEndian.PutUint64(b[16:], 1e12)
			csrFixChecksums(b)
			return b
		})), load: "g.csr",
			want: "g.csr: byte 16: 1,000,000,000,000 pages exceed the limit of 4,294,967,295"},
		{what: "truncated .csr", files: one("g.csr", csr.Bytes()[:40]), load: "g.csr",
			want: "g.csr: byte 40: short file: the header needs 64 bytes, the input has 40"},
		{what: "BVGraph properties without nodes", files: bv(bvData, []byte("arcs=4\nwindowsize=7\nminintervallength=4\nversion=0\n")), load: "b.graph",
			want: `b.properties: missing property "nodes" (every BVGraph .properties file has it)`},
		{what: "BVGraph properties with words for nodes", files: bv(bvData, bytes.Replace(bvProps, []byte("nodes=3"), []byte("nodes=three"), 1)), load: "b.graph",
			want: `b.properties:1: property nodes = "three": want an integer of at most 64 bits`},
		// 3 pages followed by megabytes of zeros, more than 3 pages and 4
		// links can take (bvMaxGraphBytes) with windowsize 7,
		// minintervallength 4, zetak 3 and the default codes. Values are
		// at most 2n+2 = 8, references at most min(7, 3) = 3: outdegrees
		// 3 × γ(≤3) 5 bits = 15; residuals 4 × ζ_3(≤8) 8 bits = 32;
		// references 3 × unary(≤3) 4 bits = 12; block counts 3 × γ(≤4) 5
		// bits = 15; blocks (3 + 3·4) × γ(≤3) 5 bits = 75; interval counts
		// 3 × γ(≤3) 5 bits = 15 and interval values 2·4 × γ(≤8) 7 bits =
		// 56. 220 bits are 28 bytes, plus 64 of padding: 92.
		{what: "BVGraph with a NUL tail", files: bv(append(bytes.Clone(bvData), zeros...), bvProps), load: "b.graph",
			want: "b.graph: byte 92: more data than a BVGraph of 3 pages and 4 links can hold with its codes (at most 92 bytes)"},
		// The offsets of 3 pages: 4 γ codes of gaps of at most the
		// graph's bits.
		{what: "BVGraph offsets with a NUL tail", files: map[string][]byte{"b.graph": bvData, "b.offsets": append(bytes.Clone(bvOffs), zeros...), "b.properties": bvProps}, load: "b.graph",
			want: fmt.Sprintf("b.offsets: byte %[1]d: more data than the offsets of 3 pages can take (at most %[1]d bytes)", mfOffsetsBound(len(bvData)))},

		// URL lists.
		{what: "URL list with a trailing blank line", files: withURLs([]byte(urls + "\n")), load: "g.edges", urls: "u.urls", lists: lists, hosts: hosts},
		{what: "URL list with CRLF and trailing blank lines", files: withURLs([]byte(strings.ReplaceAll(urls, "\n", "\r\n") + "\r\n \r\n")), load: "g.edges", urls: "u.urls", lists: lists, hosts: hosts},
		{what: "URL list of internationalised hosts", files: withURLs([]byte("http://bücher.de/\nhttp://xn--bcher-kva.de/a\nhttp://例え.テスト/\n")), load: "g.edges", urls: "u.urls",
			lists: lists, hosts: []string{"xn--bcher-kva.de", "xn--r8jz45g.xn--zckzah"}},
		// The blank line at the end is not a page: the list is one short.
		{what: "URL list one line short", files: map[string][]byte{"g.graph-txt": []byte("3\n1 2\n0\n\n"), "u.urls": []byte("http://a/\nhttp://b/\n\n")}, load: "g.graph-txt", urls: "u.urls",
			want: "u.urls: 2 URLs, but the graph g.graph-txt has 3 pages; a URL list needs one line per page"},
		{what: "URL list of one line", files: map[string][]byte{"g.graph-txt": []byte("3\n1 2\n0\n\n"), "u.urls": []byte("http://a/\n")}, load: "g.graph-txt", urls: "u.urls",
			want: "u.urls: 1 URL, but the graph g.graph-txt has 3 pages; a URL list needs one line per page"},
	}
}

// TestLoadMalformedInputs gives Load every case of mfCases and checks the
// exact error, or the graph.
func TestLoadMalformedInputs(t *testing.T) {
	cases := mfCases(t)
	if len(cases) < 30 {
		t.Fatalf("%d cases, want at least 30", len(cases))
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, data := range c.files {
				fsys[name] = &fstest.MapFile{Data: data}
			}
			g, _, err := Load(fsys, c.load, LoadOptions{URLs: c.urls})
			if c.want != "" {
				if err == nil {
					t.Fatalf("no error, want %q", c.want)
				}
				if _, ok := err.(*Error); !ok {
					t.Errorf("error %v is a %T, want *Error", err, err)
				}
				if err.Error() != c.want {
					t.Fatalf("error\n%q\nwant\n%q", err.Error(), c.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			elSameLists(t, g, c.lists)
			if c.hosts != nil && (g.Hosts == nil || fmt.Sprint(g.Hosts.Names) != fmt.Sprint(c.hosts)) {
				t.Fatalf("hosts %v, want %v", g.Hosts, c.hosts)
			}
		})
	}
}

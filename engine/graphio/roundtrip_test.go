package graphio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// rtCase is a named test graph for the round-trip tests.
type rtCase struct {
	name string
	g    *graph.Graph
}

// rtRandomGraph builds a random graph of n pages: page i gets a random
// number of links (mean deg) except that every tenth page and the last
// page get none; targets are uniform, so self-loops and duplicates occur
// and the builder removes the duplicates. With hosts > 0 the pages get
// synthetic URLs http://hostK.example/pI spread over the hosts.
func rtRandomGraph(tb testing.TB, seed uint64, n int, deg float64, hosts int) *graph.Graph {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	b := graph.NewBuilder(n)
	for i := 0; i+1 < n; i++ {
		if i%10 == 9 {
			continue
		}
		d := int(rng.ExpFloat64() * deg)
		for range d {
			b.Add(uint32(i), uint32(rng.IntN(n)))
		}
		if rng.IntN(8) == 0 {
			b.Add(uint32(i), uint32(i)) // self-loop
		}
	}
	g, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	if hosts > 0 {
		urls := make([]string, n)
		for i := range urls {
			urls[i] = fmt.Sprintf("http://host%d.example/p%d", rng.IntN(hosts), i)
		}
		if g, err = g.WithURLs(urls); err != nil {
			tb.Fatal(err)
		}
	}
	if err := g.Validate(); err != nil {
		tb.Fatal(err)
	}
	return g
}

// rtFromLists builds a graph from explicit out-lists.
func rtFromLists(tb testing.TB, lists [][]uint32) *graph.Graph {
	tb.Helper()
	b := graph.NewBuilder(len(lists))
	for i, l := range lists {
		for _, t := range l {
			b.Add(uint32(i), t)
		}
	}
	g, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// rtCases returns the graphs every format must round-trip: pages without
// links (a graph with no pages is refused: nopages_test.go), single pages
// with and without a self-loop, a small hand-made
// graph with hosts, and random graphs with isolated pages, self-loops and
// a last page without links, with and without hosts.
func rtCases(tb testing.TB) []rtCase {
	small := rtFromLists(tb, [][]uint32{{1, 2}, {2, 3}, {0, 2}, {}, {4}})
	small, err := small.WithURLs([]string{
		"http://a.example/", "http://a.example/x", "http://B.Example/", "", "mailto:x@y.org",
	})
	if err != nil {
		tb.Fatal(err)
	}
	return []rtCase{
		{"pages-without-links", rtFromLists(tb, [][]uint32{{}, {}})},
		{"one-page", rtFromLists(tb, [][]uint32{{}})},
		{"one-self-loop", rtFromLists(tb, [][]uint32{{0}})},
		{"small-hosts", small},
		{"random-200-hosts", rtRandomGraph(tb, 1, 200, 4, 7)},
		{"random-3000", rtRandomGraph(tb, 2, 3000, 6, 0)},
		{"random-sparse-hosts", rtRandomGraph(tb, 3, 1000, 0.3, 40)},
	}
}

// rtSameGraph fails unless got has the arcs of want and, when withHosts,
// the same host table and URLs.
func rtSameGraph(tb testing.TB, want, got *graph.Graph, withHosts bool) {
	tb.Helper()
	if err := got.Validate(); err != nil {
		tb.Fatalf("result does not validate: %v", err)
	}
	if got.NumNodes() != want.NumNodes() || got.NumArcs() != want.NumArcs() {
		tb.Fatalf("got %d pages and %d links, want %d and %d", got.NumNodes(), got.NumArcs(), want.NumNodes(), want.NumArcs())
	}
	if !slices.Equal(got.Offsets, want.Offsets) {
		tb.Fatalf("offsets differ")
	}
	if !slices.Equal(got.Targets, want.Targets) {
		tb.Fatalf("targets differ")
	}
	if !withHosts {
		return
	}
	if (got.Hosts == nil) != (want.Hosts == nil) {
		tb.Fatalf("host table present: got %v, want %v", got.Hosts != nil, want.Hosts != nil)
	}
	if want.Hosts != nil {
		if !slices.Equal(got.Hosts.Of, want.Hosts.Of) || !slices.Equal(got.Hosts.Names, want.Hosts.Names) || got.Hosts.Unparsed != want.Hosts.Unparsed {
			tb.Fatalf("host tables differ: got %d hosts (%d unparsed), want %d (%d)", len(got.Hosts.Names), got.Hosts.Unparsed, len(want.Hosts.Names), want.Hosts.Unparsed)
		}
	}
	if (got.URLs == nil) != (want.URLs == nil) || !slices.Equal(got.URLs, want.URLs) {
		tb.Fatalf("URL lists differ")
	}
}

// rtPlainReader hides every method of a reader but Read, so that ReadCSR
// cannot learn the input's length.
type rtPlainReader struct{ r io.Reader }

func (p rtPlainReader) Read(b []byte) (int, error) { return p.r.Read(b) }

func TestRoundTripEdgeList(t *testing.T) {
	for _, c := range rtCases(t) {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteEdgeList(&buf, c.g); err != nil {
				t.Fatal(err)
			}
			got, labels, err := ReadEdgeList(bytes.NewReader(buf.Bytes()), c.name+".edges", EdgeListOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if labels != nil {
				t.Errorf("labels = %+v, want nil: the header fixes the page numbers", labels)
			}
			rtSameGraph(t, c.g, got, false)

			// Without the header, renumbered on request, the pages that
			// appear in links are numbered by increasing id; Labels.IDs
			// maps them back. Kept as given, the ids are the pages up to
			// the largest. A graph without links leaves no page then, and
			// is refused.
			body := buf.Bytes()[bytes.IndexByte(buf.Bytes(), '\n')+1:]
			got, labels, err = ReadEdgeList(bytes.NewReader(body), c.name+".edges", EdgeListOptions{Renumber: true})
			if c.g.NumArcs() == 0 {
				if err == nil || err.Error() != c.name+".edges: "+noPagesMsg {
					t.Fatalf("no links and no header: %v, want the file refused for holding no pages", err)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				rtCheckRenumbered(t, c.g, got, labels)
				got, labels, err = ReadEdgeList(bytes.NewReader(body), c.name+".edges", EdgeListOptions{})
				if err != nil || labels != nil {
					t.Fatalf("ids as given: %v, labels %+v", err, labels)
				}
				last := 0 // the pages after the last linked one are not in the file
				in := c.g.InDegrees()
				for p := range c.g.NumNodes() {
					if c.g.OutDegree(uint32(p)) > 0 || in[p] > 0 {
						last = p
					}
				}
				if got.NumNodes() != last+1 || !slices.Equal(got.Offsets, c.g.Offsets[:last+2]) || !slices.Equal(got.Targets, c.g.Targets) {
					t.Fatalf("ids as given: %d pages, want %d with the same lists", got.NumNodes(), last+1)
				}
			}

			// With the page count given, the ids are kept as they are.
			got, labels, err = ReadEdgeList(bytes.NewReader(body), c.name+".edges", EdgeListOptions{Nodes: c.g.NumNodes()})
			if err != nil {
				t.Fatal(err)
			}
			if labels != nil {
				t.Errorf("labels = %+v, want nil with Nodes", labels)
			}
			rtSameGraph(t, c.g, got, false)
		})
	}
}

// rtCheckRenumbered checks a graph read from an edge list without header:
// its pages are the pages of want that have a link, in increasing order.
func rtCheckRenumbered(tb testing.TB, want, got *graph.Graph, labels *Labels) {
	tb.Helper()
	if err := got.Validate(); err != nil {
		tb.Fatal(err)
	}
	if labels == nil || labels.IDs == nil || labels.Names != nil {
		tb.Fatalf("labels = %+v, want IDs only", labels)
	}
	var used []uint64
	in := want.InDegrees()
	for i := 0; i < want.NumNodes(); i++ {
		if want.OutDegree(uint32(i)) > 0 || in[i] > 0 {
			used = append(used, uint64(i))
		}
	}
	if !slices.Equal(labels.IDs, used) {
		tb.Fatalf("labels.IDs = %v..., want the %d pages with links in increasing order", labels.IDs[:min(5, len(labels.IDs))], len(used))
	}
	if got.NumNodes() != len(used) || got.NumArcs() != want.NumArcs() {
		tb.Fatalf("got %d pages, %d links; want %d, %d", got.NumNodes(), got.NumArcs(), len(used), want.NumArcs())
	}
	for i := range got.NumNodes() {
		orig := want.Out(uint32(labels.IDs[i]))
		out := got.Out(uint32(i))
		if len(out) != len(orig) {
			tb.Fatalf("page %d (was %d): %d links, want %d", i, labels.IDs[i], len(out), len(orig))
		}
		for k, t := range out {
			if labels.IDs[t] != uint64(orig[k]) {
				tb.Fatalf("page %d (was %d): link %d goes to %d (was %d), want %d", i, labels.IDs[i], k, t, labels.IDs[t], orig[k])
			}
		}
	}
}

func TestRoundTripASCII(t *testing.T) {
	for _, c := range rtCases(t) {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteASCII(&buf, c.g); err != nil {
				t.Fatal(err)
			}
			got, err := ReadASCII(bytes.NewReader(buf.Bytes()), c.name+".graph-txt")
			if err != nil {
				t.Fatal(err)
			}
			rtSameGraph(t, c.g, got, false)
		})
	}
}

func TestRoundTripURLList(t *testing.T) {
	for _, c := range rtCases(t) {
		if c.g.URLs == nil {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteURLList(&buf, c.g.URLs); err != nil {
				t.Fatal(err)
			}
			urls, err := ReadURLList(&buf, c.name+".urls")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(urls, c.g.URLs) {
				t.Fatalf("got %q, want %q", urls, c.g.URLs)
			}
		})
	}
}

// TestRoundTripCSR reads every written .csr back four ways: from a reader
// that tells its length, from one that does not (arrays grow as they
// arrive), from memory, and with the big-endian decoding path.
func TestRoundTripCSR(t *testing.T) {
	for _, c := range rtCases(t) {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteCSR(&buf, c.g); err != nil {
				t.Fatal(err)
			}
			data := buf.Bytes()
			if len(data)%8 != 0 {
				t.Errorf("file size %d is not a multiple of 8", len(data))
			}
			rtCSRAllWays(t, c.g, data, c.name+".csr")
		})
	}
}

// rtCSRAllWays checks that every .csr reading path gives back want, both
// with the little-endian raw views and with word-by-word decoding.
func rtCSRAllWays(t *testing.T, want *graph.Graph, data []byte, name string) {
	t.Helper()
	shifted := make([]byte, len(data)+1)[1:] // misaligned: CSRFromBytes copies
	copy(shifted, data)
	loaders := []struct {
		what string
		load func() (*graph.Graph, error)
	}{
		{"ReadCSR", func() (*graph.Graph, error) { return ReadCSR(bytes.NewReader(data), name) }},
		{"ReadCSR of a plain reader", func() (*graph.Graph, error) { return ReadCSR(rtPlainReader{bytes.NewReader(data)}, name) }},
		{"CSRFromBytes", func() (*graph.Graph, error) { return CSRFromBytes(data, name) }},
		{"CSRFromBytes misaligned", func() (*graph.Graph, error) { return CSRFromBytes(shifted, name) }},
	}
	check := func(mode string) {
		t.Helper()
		for _, l := range loaders {
			got, err := l.load()
			if err != nil {
				t.Fatalf("%s (%s): %v", l.what, mode, err)
			}
			rtSameGraph(t, want, got, true)
		}
	}
	check("raw views")
	csrRawViews = false
	defer func() { csrRawViews = true }()
	var buf bytes.Buffer
	if err := WriteCSR(&buf, want); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), data) {
		t.Fatal("the word-by-word writer produced different bytes")
	}
	check("word by word")
}

// TestRoundTripCSRLarge uses a graph whose arrays exceed the first chunk of
// a stream of unknown length, so they grow several times while reading.
func TestRoundTripCSRLarge(t *testing.T) {
	g := rtRandomGraph(t, 4, 60000, 12, 300)
	if g.NumArcs()*4 < 2*csrFirstChunk {
		t.Fatalf("only %d links: too few to grow the targets array several times", g.NumArcs())
	}
	var buf bytes.Buffer
	if err := WriteCSR(&buf, g); err != nil {
		t.Fatal(err)
	}
	rtCSRAllWays(t, g, buf.Bytes(), "large.csr")
}

// TestCSRFromBytesAliases checks the zero-copy promise: on a little-endian
// host with an aligned buffer, Targets and the host of every page point
// into the buffer.
func TestCSRFromBytesAliases(t *testing.T) {
	if !csrRawViews {
		t.Skip("big-endian host: CSRFromBytes copies")
	}
	g := rtRandomGraph(t, 5, 500, 5, 9)
	var buf bytes.Buffer
	if err := WriteCSR(&buf, g); err != nil {
		t.Fatal(err)
	}
	words := make([]uint64, (buf.Len()+7)/8) // 8-byte aligned memory
	data := csrRawBytes(words)[:buf.Len()]
	copy(data, buf.Bytes())
	got, err := CSRFromBytes(data, "alias.csr")
	if err != nil {
		t.Fatal(err)
	}
	inside := func(p *uint32) bool {
		return rtAddr(p) >= rtAddr(&data[0]) && rtAddr(p) < rtAddr(&data[len(data)-1])
	}
	if !inside(&got.Targets[0]) || !inside(&got.Hosts.Of[0]) {
		t.Fatal("Targets or Hosts.Of were copied, want them to alias the buffer")
	}
	data[csrHeaderSize+(len(g.Offsets)*4+7)/8*8] ^= 0xff // first target
	if got.Targets[0] == g.Targets[0] {
		t.Fatal("changing the buffer did not change Targets")
	}
}

func TestSaveAndLoadEveryFormat(t *testing.T) {
	for _, c := range rtCases(t) {
		rtSaveAndLoad(t, c.name, c.g)
	}
}

// rtSaveAndLoad saves g in every writable format (with a URL list beside
// the text formats when g has URLs), loads it back with Load, and checks
// that arcs, hosts and URLs survive.
func rtSaveAndLoad(t *testing.T, name string, g *graph.Graph) {
	for _, f := range []Format{FormatEdgeList, FormatASCII, FormatCSR} {
		t.Run(name+"/"+f.String(), func(t *testing.T) {
			var buf bytes.Buffer
			if err := Save(&buf, g, f); err != nil {
				t.Fatal(err)
			}
			file := map[Format]string{FormatEdgeList: "g.txt", FormatASCII: "g.graph-txt", FormatCSR: "g.csr"}[f]
			fsys := fstest.MapFS{file: {Data: buf.Bytes()}}
			opt := LoadOptions{}
			if g.URLs != nil && f != FormatCSR {
				var urls bytes.Buffer
				if err := WriteURLList(&urls, g.URLs); err != nil {
					t.Fatal(err)
				}
				fsys["g.urls"] = &fstest.MapFile{Data: urls.Bytes()}
				opt.URLs = "g.urls"
			}
			got, _, err := Load(fsys, file, opt)
			if err != nil {
				t.Fatal(err)
			}
			rtSameGraph(t, g, got, true)
		})
	}
}

// rtWantError checks that err is an *Error for file at the given line (or
// byte offset when line is 0) whose message contains every fragment.
func rtWantError(tb testing.TB, err error, file string, line, offset int64, fragments ...string) {
	tb.Helper()
	var e *Error
	if !errors.As(err, &e) {
		tb.Fatalf("got error %v (%T), want *Error", err, err)
	}
	if e.File != file || e.Line != line || (line == 0 && e.Offset != offset) {
		tb.Errorf("error %q at file %q line %d offset %d, want file %q line %d offset %d", e, e.File, e.Line, e.Offset, file, line, offset)
	}
	for _, f := range fragments {
		if !strings.Contains(e.Error(), f) {
			tb.Errorf("error %q does not mention %q", e, f)
		}
	}
}

// rtAddr returns the address p points to.
func rtAddr[T any](p *T) uintptr { return uintptr(unsafe.Pointer(p)) }

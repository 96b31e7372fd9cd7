package graphio

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// elRead reads an edge list from a string and fails the test on error.
func elRead(t *testing.T, text string, opt EdgeListOptions) (*graph.Graph, *Labels) {
	t.Helper()
	g, labels, err := ReadEdgeList(strings.NewReader(text), "t.edges", opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g, labels
}

// elLists returns the out-lists of g.
func elLists(g *graph.Graph) [][]uint32 {
	lists := make([][]uint32, g.NumNodes())
	for i := range lists {
		lists[i] = slices.Clone(g.Out(uint32(i)))
		if lists[i] == nil {
			lists[i] = []uint32{}
		}
	}
	return lists
}

func elSameLists(t *testing.T, g *graph.Graph, want [][]uint32) {
	t.Helper()
	got := elLists(g)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("out-lists %v, want %v", got, want)
	}
}

// Renumbered on request, integer ids are numbered by increasing id.
func TestReadEdgeListIntegerIDsSortedByValue(t *testing.T) {
	// Ids 3, 7 and 100 become pages 0, 1 and 2 (increasing id). The third
	// line repeats a link and the fifth column-free line is a self-loop.
	g, labels := elRead(t, "# SNAP style\n7 3\n3\t100\n7 3\n100 7\n100 100\n", EdgeListOptions{Renumber: true})
	if !slices.Equal(labels.IDs, []uint64{3, 7, 100}) || labels.Names != nil {
		t.Fatalf("labels = %+v, want IDs [3 7 100]", labels)
	}
	elSameLists(t, g, [][]uint32{{2}, {0}, {1, 2}})
	if g.URLs != nil || g.Hosts != nil {
		t.Error("integer ids must not give URLs or hosts")
	}
}

func TestReadEdgeListKeepsDenseIDs(t *testing.T) {
	g, labels := elRead(t, "% KONECT style\n2 0 1\n0 1 0.5 1089000000\n\n1 2 -3e2\n", EdgeListOptions{})
	if labels != nil {
		t.Fatalf("labels = %+v, want none: the ids are the page numbers", labels)
	}
	elSameLists(t, g, [][]uint32{{1}, {2}, {0}})
}

func TestReadEdgeListSparseIDs(t *testing.T) {
	// 10^15 and 2^64-1 are too large for the dense bit set; the result must
	// be the same as for dense ids in the same order.
	text := "5 1000000000000000\n18446744073709551615 5\n1000000000000000 0\n0 5\n"
	g, labels := elRead(t, text, EdgeListOptions{Renumber: true})
	if !slices.Equal(labels.IDs, []uint64{0, 5, 1000000000000000, 18446744073709551615}) {
		t.Fatalf("IDs = %v", labels.IDs)
	}
	elSameLists(t, g, [][]uint32{{1}, {2}, {0}, {1}})

	// Ids that start dense and turn sparse halfway through.
	var b strings.Builder
	for i := range 100 {
		fmt.Fprintf(&b, "%d %d\n", i, (i+1)%100)
	}
	fmt.Fprintf(&b, "50 %d\n", uint64(1)<<40)
	fmt.Fprintf(&b, "%d 99\n", uint64(1)<<40)
	g, labels = elRead(t, b.String(), EdgeListOptions{Renumber: true})
	if g.NumNodes() != 101 || labels.IDs[100] != 1<<40 || labels.IDs[99] != 99 {
		t.Fatalf("got %d pages, IDs ending %v", g.NumNodes(), labels.IDs[98:])
	}
	if !slices.Equal(g.Out(50), []uint32{51, 100}) || !slices.Equal(g.Out(100), []uint32{99}) {
		t.Fatalf("out(50) = %v, out(100) = %v", g.Out(50), g.Out(100))
	}
}

func TestReadEdgeListDenseWithGaps(t *testing.T) {
	// 5,000,000 is below the dense limit (2^24 + 16 bits per byte read).
	g, labels := elRead(t, "5000000 4\n4 17\n", EdgeListOptions{Renumber: true})
	if !slices.Equal(labels.IDs, []uint64{4, 17, 5000000}) {
		t.Fatalf("IDs = %v", labels.IDs)
	}
	elSameLists(t, g, [][]uint32{{1}, {}, {0}})
}

func TestReadEdgeListLabels(t *testing.T) {
	// Integers met before the first label become their decimal text and
	// every label is numbered in order of first appearance; "007" is not
	// the canonical form of an integer, so it is a label of its own.
	g, labels := elRead(t, "10 20\n20 x\nx 10\n007 7\n", EdgeListOptions{})
	if labels.IDs != nil || !slices.Equal(labels.Names, []string{"10", "20", "x", "007", "7"}) {
		t.Fatalf("labels = %+v", labels)
	}
	elSameLists(t, g, [][]uint32{{1}, {2}, {0}, {4}, {}})
	if g.URLs != nil {
		t.Error("labels that are not URLs must not become the URL list")
	}
	// Labels after ids that had already left the dense bit set.
	g, labels = elRead(t, "1 2\n99999999999 3\nfoo 1\n", EdgeListOptions{})
	if !slices.Equal(labels.Names, []string{"1", "2", "99999999999", "3", "foo"}) {
		t.Fatalf("labels = %+v", labels)
	}
	elSameLists(t, g, [][]uint32{{1}, {}, {3}, {}, {0}})
	// An integer beyond 2^64-1 is a label too.
	_, labels = elRead(t, "18446744073709551616 1\n", EdgeListOptions{})
	if !slices.Equal(labels.Names, []string{"18446744073709551616", "1"}) {
		t.Fatalf("labels = %+v", labels)
	}
}

// TestReadEdgeListOddLabel: one id that is not a decimal integer after
// links of integer ids turns every id into a label; Labels says which id,
// on which line, after how many links, and OddLabel words it. A file whose
// first link has a label, and an edge list of integers, have no odd label.
func TestReadEdgeListOddLabel(t *testing.T) {
	_, labels := elRead(t, "# ids\n10 20\n20 30\n\n30 l0\n40 50\n", EdgeListOptions{})
	if labels.FirstLabel != "l0" || labels.FirstLabelLine != 5 || labels.IntegerLinks != 2 {
		t.Fatalf("labels = %+v, want the first label \"l0\" on line 5 after 2 links", labels)
	}
	want := `w.edges:5: page id "l0" is not a decimal integer (without sign or leading zeros), though the ids of the 2 links before it were: every id is read as a label, pages are numbered in order of first appearance, and pages no link names are left out; correct that id to read the ids as page numbers`
	if got := labels.OddLabel("w.edges"); got != want {
		t.Errorf("OddLabel = %q, want %q", got, want)
	}
	// the source of the line, a leading zero, and a long token shortened
	long := strings.Repeat("x", 100)
	for _, c := range []struct{ text, first string }{
		{"1 2\n05 3\n", "05"},
		{"1 2\n" + long + " 3\n", long[:textQuoteShown+1]},
	} {
		_, labels = elRead(t, c.text, EdgeListOptions{})
		if labels.FirstLabel != c.first || labels.FirstLabelLine != 2 || labels.IntegerLinks != 1 {
			t.Errorf("%q: labels = %+v, want the first label %q on line 2 after 1 link", c.text, labels, c.first)
		}
	}
	if got := labels.OddLabel("w"); !strings.Contains(got, `page id "`+long[:textQuoteShown]+`"...`) {
		t.Errorf("OddLabel of a long id = %q", got)
	}
	for _, text := range []string{"a b\nb 1\n", "1 2\n2 3\n"} {
		_, labels = elRead(t, text, EdgeListOptions{})
		// OddLabel of nil labels (integer ids as given) is "" too
		if labels.OddLabel("w") != "" || (labels != nil && labels.IntegerLinks != 0) {
			t.Errorf("%q: labels = %+v, want no odd label", text, labels)
		}
	}
}

func TestReadEdgeListURLs(t *testing.T) {
	text := "http://a.example/ http://b.example/x\nhttp://b.example/x https://A.example/y\nhttp://a.example/ http://a.example/\n"
	g, labels := elRead(t, text, EdgeListOptions{})
	want := []string{"http://a.example/", "http://b.example/x", "https://A.example/y"}
	if !slices.Equal(labels.Names, want) || !slices.Equal(g.URLs, want) {
		t.Fatalf("labels %v, URLs %v, want %v", labels.Names, g.URLs, want)
	}
	if g.NumHosts() != 2 || !slices.Equal(g.Hosts.Of, []uint32{0, 1, 0}) {
		t.Fatalf("hosts %+v, want a.example and b.example", g.Hosts)
	}
	elSameLists(t, g, [][]uint32{{0, 1}, {2}, {}})
}

func TestReadEdgeListFixedNodes(t *testing.T) {
	// Leading zeros are fine when ids are page numbers; page 4 has no link
	// but exists.
	g, labels := elRead(t, "0 002\n2 1\n", EdgeListOptions{Nodes: 5})
	if labels != nil {
		t.Fatalf("labels = %+v, want nil", labels)
	}
	elSameLists(t, g, [][]uint32{{2}, {}, {1}, {}, {}})
}

func TestReadEdgeListHeader(t *testing.T) {
	g, labels := elRead(t, "# crawlsim edge list: 4 pages, 1 link\n2 0\n", EdgeListOptions{})
	if labels != nil {
		t.Fatalf("labels = %+v, want nil", labels)
	}
	elSameLists(t, g, [][]uint32{{}, {}, {0}, {}})
	// A header on a later line is only a comment, and Nodes wins over it.
	g, labels = elRead(t, "# x\n# crawlsim edge list: 4 pages, 1 link\n2 0\n", EdgeListOptions{})
	if labels != nil || g.NumNodes() != 3 {
		t.Fatalf("%d pages, labels %+v; want pages 0 to 2 as given", g.NumNodes(), labels)
	}
	g, _ = elRead(t, "# crawlsim edge list: 4 pages, 1 link\n2 0\n", EdgeListOptions{Nodes: 3})
	if g.NumNodes() != 3 {
		t.Fatalf("%d pages, want 3 from Nodes", g.NumNodes())
	}
	// A header without a link count counts nothing.
	g, _ = elRead(t, "# crawlsim edge list: 4 pages\n2 0\n1 0\n", EdgeListOptions{})
	if g.NumNodes() != 4 || g.NumArcs() != 2 {
		t.Fatalf("%d pages, %d links; want 4 and 2", g.NumNodes(), g.NumArcs())
	}
}

// TestReadEdgeListHeaderCountsTheLinks: a file WriteEdgeList wrote and
// that lost its last lines, or gained some, is refused at its header,
// not read as another graph.
func TestReadEdgeListHeaderCountsTheLinks(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteEdgeList(&buf, rtFromLists(t, [][]uint32{{1, 2}, {2}, {0}, {}})); err != nil {
		t.Fatal(err)
	}
	whole := buf.String()
	if _, _, err := ReadEdgeList(strings.NewReader(whole), "t.edges", EdgeListOptions{}); err != nil {
		t.Fatal(err)
	}
	cut := whole[:strings.LastIndex(whole[:len(whole)-1], "\n")+1]
	_, _, err := ReadEdgeList(strings.NewReader(cut), "t.edges", EdgeListOptions{})
	rtWantError(t, err, "t.edges", 1, 0, "the header announces 4 links but the file has 3 lines of links", "cut short")
	_, _, err = ReadEdgeList(strings.NewReader(whole+"3 0\n"), "t.edges", EdgeListOptions{})
	rtWantError(t, err, "t.edges", 1, 0, "4 links but the file has 5 lines of links")
	// cut inside the last page id: "2 0\n" became "2 " ... "2 0" alike
	for _, cut := range []string{whole[:len(whole)-1], strings.TrimSuffix(whole, "0\n") + "1"} {
		_, _, err = ReadEdgeList(strings.NewReader(cut), "t.edges", EdgeListOptions{})
		rtWantError(t, err, "t.edges", 5, 0, "ends inside this line", "cut short")
	}
	// without a header, a last line without its break is a line
	if _, _, err := ReadEdgeList(strings.NewReader("0 1\n1 0"), "t.edges", EdgeListOptions{}); err != nil {
		t.Error(err)
	}
}

func TestReadEdgeListErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		opt  EdgeListOptions
		line int64
		want []string
	}{
		{"0 1\n\n# c\n2\n", EdgeListOptions{}, 4, []string{"t.edges:4: expected two page ids, found 1 field"}},
		{"0 1 2 3 4\n", EdgeListOptions{}, 1, []string{"found 5 fields"}},
		{"0 1\n1,2\n", EdgeListOptions{}, 2, []string{`t.edges:2: expected two page ids, found 1 field "1,2": the ids of a link are separated by blanks (spaces or tabs), not commas or semicolons`}},
		{"source;target\n0;1\n", EdgeListOptions{}, 1, []string{`found 1 field "source;target": the ids of a link are separated by blanks`}},
		{"0 1\n1 2 heavy\n", EdgeListOptions{}, 2, []string{`third field "heavy" is not a number`}},
		{"0 1 1 x\n", EdgeListOptions{}, 1, []string{`fourth field "x"`}},
		{"0 1\n1 2\n3 12000\n", EdgeListOptions{Nodes: 9914, NodesFrom: "the URL list x.urls"}, 3,
			[]string{"t.edges:3: page id 12000 is not below the 9914 pages of the URL list x.urls"}},
		{"0 99999999999999999999999\n", EdgeListOptions{Nodes: 5}, 1, []string{"page id 99999999999999999999999 is not below the 5 pages of the given page count"}},
		{"0 a\n", EdgeListOptions{Nodes: 5}, 1, []string{`page id "a" is not a decimal integer`}},
		{"0 1\n1\x002\n", EdgeListOptions{}, 2, []string{"NUL byte in column 2"}},
		// binary files given as edge lists: the refusal says the bytes are
		// no text (a PNG's first line; bytes that are no UTF-8)
		{"\x89PNG\r\n\x1a\n", EdgeListOptions{}, 1, []string{"expected two page ids, found 1 field; byte 0x89 in column 1 is not text: is this an edge list? A binary graph must be a .csr"}},
		{"a b \xa3&\xa9\n", EdgeListOptions{}, 1, []string{`is not a number; after the two page ids only a numeric weight and timestamp may follow; byte 0xa3 in column 5 is not text`}},
		{"0 1\n1 2 3 4 5\x01\n", EdgeListOptions{}, 2, []string{"found 5 fields; byte 0x01 in column 10 is not text"}},
		{"# crawlsim edge list: many pages\n", EdgeListOptions{}, 1, []string{"malformed crawlsim header"}},
		{"# crawlsim edge list: 2 pages, 1 link\n0 2\n", EdgeListOptions{}, 2, []string{"page id 2 is not below the 2 pages of the header on line 1"}},
		{"# crawlsim edge list: 4000000000 pages, 0 links\n", EdgeListOptions{}, 1, []string{"header announces 4000000000 pages, more than a file of 48 bytes can back"}},
		{"# crawlsim edge list: 99999999999 pages\n", EdgeListOptions{}, 1, []string{"more than the limit of 4,294,967,295"}},
		{"# crawlsim edge list: 4 pages, x links\n0 1\n", EdgeListOptions{}, 1, []string{`malformed crawlsim header: expected the number of pages, then ", " and the number of links`}},
		{"# crawlsim edge list: 4 pages, 99999999999999999999 links\n0 1\n", EdgeListOptions{}, 1, []string{"malformed crawlsim header"}},
	} {
		_, _, err := ReadEdgeList(strings.NewReader(c.text), "t.edges", c.opt)
		rtWantError(t, err, "t.edges", c.line, 0, c.want...)
	}
	_, _, err := ReadEdgeList(strings.NewReader(""), "t.edges", EdgeListOptions{Nodes: graph.MaxNodes + 1})
	rtWantError(t, err, "t.edges", 0, -1, "4,294,967,296 pages exceed the limit of 4,294,967,295")
}

func TestReadEdgeListReadError(t *testing.T) {
	_, _, err := ReadEdgeList(rtFailingReader{}, "t.edges", EdgeListOptions{})
	if err == nil || !strings.Contains(err.Error(), "t.edges:1: reading: disk on fire") {
		t.Fatalf("got %v", err)
	}
}

// rtFailingReader fails every read.
type rtFailingReader struct{}

func (rtFailingReader) Read([]byte) (int, error) { return 0, fmt.Errorf("disk on fire") }

func TestReadEdgeListLongLine(t *testing.T) {
	// A label longer than the scanner's buffer.
	long := "http://x.example/" + strings.Repeat("a", 3*textLineBufferSize)
	g, labels := elRead(t, long+" http://x.example/b\r\n", EdgeListOptions{})
	if len(labels.Names) != 2 || labels.Names[0] != long || g.NumHosts() != 1 {
		t.Fatalf("got %d labels, %d hosts", len(labels.Names), g.NumHosts())
	}
}

// TestReadEdgeListURLLabels: labels are URLs only when every one contains
// "://"; a URL without a parseable host then lands in graph.NoHost and is
// counted, as for a URL list. Other labels, even ones that look like host
// names (IP addresses, Java class names), give no URLs and no hosts.
func TestReadEdgeListURLLabels(t *testing.T) {
	// "http://www1/hollins.edu/z" has host "www1", which has no dot and
	// does not parse (a real URL of ../shared/data/hollins).
	text := "http://a.example/x http://www1/hollins.edu/z\nhttp://www1/hollins.edu/z https://B.example/\n"
	g, labels := elRead(t, text, EdgeListOptions{})
	want := []string{"http://a.example/x", "http://www1/hollins.edu/z", "https://B.example/"}
	if !slices.Equal(labels.Names, want) || !slices.Equal(g.URLs, want) {
		t.Fatalf("labels %q, URLs %q, want %q", labels.Names, g.URLs, want)
	}
	if !slices.Equal(g.Hosts.Names, []string{"a.example", graph.NoHost, "b.example"}) || !slices.Equal(g.Hosts.Of, []uint32{0, 1, 2}) || g.Hosts.Unparsed != 1 {
		t.Fatalf("hosts %+v, want a.example, %s (1 unparsed), b.example", g.Hosts, graph.NoHost)
	}
	// The graph's URLs do not share memory with the labels.
	labels.Names[0] = "changed"
	if g.URLs[0] != want[0] {
		t.Fatalf("changing Labels.Names changed g.URLs[0] to %q", g.URLs[0])
	}

	for _, text := range []string{
		"10.0.0.1 10.0.0.2\n10.0.0.2 10.0.0.1\n",
		"java.lang.String java.lang.Object\njava.util.List java.lang.Object\n",
		"http://a.example/ www.b.example\n", // not every label is a URL
	} {
		g, labels := elRead(t, text, EdgeListOptions{})
		if labels.Names == nil || g.URLs != nil || g.Hosts != nil {
			t.Errorf("%q: labels %q, URLs %q, hosts %+v; want labels only", text, labels.Names, g.URLs, g.Hosts)
		}
	}
}

// TestEdgeListIsNumber: the third and later fields of an edge list are
// decimal numbers (a sign, digits with at most one point, an exponent),
// not Go's other float syntaxes.
func TestEdgeListIsNumber(t *testing.T) {
	for tok, want := range map[string]bool{
		"3": true, "-0.5": true, "1e-3": true, "+1.": true, ".5": true, "1E5": true, "007": true, "-3e2": true,
		"": false, ".": false, "-": false, "+.": false, "1e": false, "1e+": false, "e5": false, "1.2.3": false,
		"0x10": false, "inf": false, "NaN": false, "1_000": false, "1 ": false, "--1": false,
	} {
		if got := edgeListIsNumber([]byte(tok)); got != want {
			t.Errorf("edgeListIsNumber(%q) = %v, want %v", tok, got, want)
		}
	}
}

// TestReadEdgeListKeepsIDsAsGiven: integer ids are page numbers as given,
// so that pages without links stay (an edge list and a BVGraph of one
// crawl give the same graph); a SNAP header's node count gives at least
// that many pages; an id far beyond the file's size asks for renumbering,
// unless a label further on makes every id a label.
func TestReadEdgeListKeepsIDsAsGiven(t *testing.T) {
	g, labels := elRead(t, "0 1\n5 1\n", EdgeListOptions{})
	if labels != nil {
		t.Fatalf("labels = %+v, want none", labels)
	}
	elSameLists(t, g, [][]uint32{{1}, {}, {}, {}, {}, {1}})
	g, _ = elRead(t, "# Directed graph: x.txt\n# Nodes: 8 Edges: 2\n# FromNodeId\tToNodeId\n0 1\n5 1\n", EdgeListOptions{})
	if g.NumNodes() != 8 {
		t.Errorf("SNAP header of 8 nodes: %d pages", g.NumNodes())
	}
	// SNAP counts the ids used, which may be fewer than the largest id.
	g, _ = elRead(t, "# Nodes: 3 Edges: 2\n0 1\n5 1\n", EdgeListOptions{})
	if g.NumNodes() != 6 {
		t.Errorf("SNAP header of 3 nodes with ids up to 5: %d pages, want 6", g.NumNodes())
	}
	// A header after the first link is a comment.
	g, _ = elRead(t, "0 1\n# Nodes: 9\n", EdgeListOptions{})
	if g.NumNodes() != 2 {
		t.Errorf("late SNAP header: %d pages, want 2", g.NumNodes())
	}
	_, _, err := ReadEdgeList(strings.NewReader("0 1\n1 4000000000\n"), "t.edges", EdgeListOptions{})
	rtWantError(t, err, "t.edges", 2, 0, "t.edges:2: page id 4000000000, kept as given, would make 4,000,000,001 pages from 17 bytes; renumber the ids to number the pages densely (crawlsim's -renumber)")
	_, _, err = ReadEdgeList(strings.NewReader("0 4294967295\n"), "t.edges", EdgeListOptions{})
	rtWantError(t, err, "t.edges", 1, 0, "page id 4294967295 is not a page number")
	_, _, err = ReadEdgeList(strings.NewReader("# Nodes: 100000000\n0 1\n"), "t.edges", EdgeListOptions{})
	rtWantError(t, err, "t.edges", 1, 0, "t.edges:1: the header announces 100,000,000 nodes, more than a file of 23 bytes can back")
	g, labels = elRead(t, "0 1\n1 4000000000\n", EdgeListOptions{Renumber: true})
	if !slices.Equal(labels.IDs, []uint64{0, 1, 4000000000}) || labels.Dropped() != 4000000001-3 {
		t.Errorf("renumbered: IDs %v, %d dropped", labels.IDs, labels.Dropped())
	}
	elSameLists(t, g, [][]uint32{{1}, {2}, {}})
	g, labels = elRead(t, "0 1\n1 4000000000\nx 0\n", EdgeListOptions{})
	if !slices.Equal(labels.Names, []string{"0", "1", "4000000000", "x"}) {
		t.Fatalf("labels = %+v", labels)
	}
	elSameLists(t, g, [][]uint32{{1}, {2}, {}, {0}})
}

// TestReadEdgeListIDBeyondUint64: a decimal id of 2^64 or more after
// links of integer ids turns every id into a label, as any id that is no
// page id does, so that such a file (hashes written in decimal) still
// loads; the warning says the id is beyond the largest integer id, where
// it said that it "is not a decimal integer".
func TestReadEdgeListIDBeyondUint64(t *testing.T) {
	const over = "18446744073709551616"
	g, labels := elRead(t, "0 1\n1 "+over+"\n", EdgeListOptions{})
	if !slices.Equal(labels.Names, []string{"0", "1", over}) || labels.FirstLabel != over {
		t.Fatalf("labels = %+v", labels)
	}
	elSameLists(t, g, [][]uint32{{1}, {2}, {}})
	want := `o.edges:2: page id "` + over + `" is beyond the largest integer id (18,446,744,073,709,551,615), though the ids of the 1 link before it were integers within it: every id is read as a label`
	if got := labels.OddLabel("o.edges"); !strings.HasPrefix(got, want) {
		t.Errorf("warning %q, want it to start %q", got, want)
	}
	// a long one, shortened in the warning, and an id that is no integer
	long := strings.Repeat("9", 100)
	if _, labels = elRead(t, "0 1\n1 "+long+"\n", EdgeListOptions{}); !strings.Contains(labels.OddLabel("o.edges"), "... is beyond the largest integer id") {
		t.Errorf("a 100-digit id: %q", labels.OddLabel("o.edges"))
	}
	if _, labels = elRead(t, "0 1\n1 x\n", EdgeListOptions{}); !strings.Contains(labels.OddLabel("o.edges"), `"x" is not a decimal integer`) {
		t.Errorf("a label: %q", labels.OddLabel("o.edges"))
	}
}

// TestNotTextHint: the hint names the first byte no text holds, and says
// nothing of a line of text, whose blanks may be vertical tabs and form
// feeds (textSpaceClass) and whose labels may be any UTF-8.
func TestNotTextHint(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"0\v1\f2 3\t4\r", ""},
		{"http://ex.example/café 2", ""},
		{"\x89PNG", "; byte 0x89 in column 1 is not text"},
		{"0 1 \x1b", "; byte 0x1b in column 5 is not text"},
		{"a\x7f", "; byte 0x7f in column 2 is not text"},
	} {
		got := notTextHint([]byte(c.line))
		if c.want == "" && got != "" || !strings.HasPrefix(got, c.want) {
			t.Errorf("notTextHint(%q) = %q, want %q...", c.line, got, c.want)
		}
	}
}

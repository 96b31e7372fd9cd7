package graphio

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// keyedGraph is impExample's graph with a URL a page, each on its own
// host, as a host graph read from Common Crawl's vertex files is.
func keyedGraph(t testing.TB) *graph.Graph {
	g, _ := impExample(t)
	g, err := g.WithURLs([]string{"http://a.example.org/", "http://www.b.org/x,y", "http://c.net/", "http://d.com/"})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestImportanceKeyed: keyed text in every shape reads to the same
// vector, rows in any order: ID SCORE, crawlsim's rank -o CSV (with a
// quoted URL), Common Crawl's ranks file (TSV, '#' column names,
// reversed hosts), CSV keyed by URL, and a file of a renumbered edge
// list keyed by its labels.
func TestImportanceKeyed(t *testing.T) {
	g := keyedGraph(t)
	want := []float64{0.125, 0.375, 0.25, 0.25}
	labels := map[string]uint32{"10": 0, "20": 1, "30": 2, "40": 3}
	for _, c := range []struct {
		name, data, column, key string
		opt                     ImportanceOptions
	}{
		{"id.txt", "# another engine\n2 0.25\n0\t0.125\n\n3,0.25\n1   0.375\n", "column 2", "page", ImportanceOptions{}},
		{"rank.csv", "page,pagerank,url\n0,0.125,http://a.example.org/\n1,0.375,\"http://www.b.org/x,y\"\n2,0.25,http://c.net/\n3,0.25,http://d.com/\n", "pagerank", "page", ImportanceOptions{}},
		{"host-ranks.txt", "#harmonicc_pos\t#harmonicc_val\t#pr_pos\t#pr_val\t#host_rev\n1\t3.5\t1\t0.375\torg.b.www\n2\t3\t3\t0.25\tnet.c\n3\t2\t2\t0.25\tcom.d\n4\t1\t4\t0.125\torg.example.a\n", "#pr_val", "reversed host", ImportanceOptions{}},
		{"url.tsv", "url\tscore\nhttp://d.com/\t2\nhttp://c.net/\t2\nhttp://www.b.org/x,y\t3\nhttp://a.example.org/\t1\n", "score", "url", ImportanceOptions{}},
		{"hits.csv", "page,hub,authority\n0,0.5,0.125\n1,0.5,0.375\n2,0,0.25\n3,0,0.25\n", "authority", "page", ImportanceOptions{Column: "authority"}},
		{"third.csv", "page,hub,authority\n0,0.5,0.125\n1,0.5,0.375\n2,0,0.25\n3,0,0.25\n", "authority", "page", ImportanceOptions{Column: "3"}},
		{"labels.csv", "page,pagerank\n40,0.25\n10,0.125\n30,0.25\n20,0.375\n", "pagerank", "page", ImportanceOptions{PageOf: func(s string) (uint32, bool) { p, ok := labels[s]; return p, ok }}},
		{"named.txt", "1 0.375\n0 0.125\n3 0.25\n2 0.25\n", "column 2", "page", ImportanceOptions{Format: ImportanceKeyed}},
		{"one-column.csv", "pagerank\n0.125\n0.375\n0.25\n0.25\n", "pagerank", "", ImportanceOptions{}},
		{"no-key.csv", "hub,authority\n0,0.125\n0,0.375\n1,0.25\n0,0.25\n", "authority", "", ImportanceOptions{Column: "authority"}},
	} {
		for _, data := range [][]byte{[]byte(c.data), graphtest.Gzip(t, []byte(c.data))} {
			v, err := ReadImportanceWith(bytes.NewReader(data), c.name, g, "g.csr", c.opt)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if v.Format != ImportanceKeyed || v.Column != c.column || v.Key != c.key || !equalFloats(v.Scores, want) {
				t.Errorf("%s: read %s, column %q, key %q, %v", c.name, v.Format, v.Column, v.Key, v.Scores)
			}
		}
	}
}

// TestImportanceKeyedErrors: missing, duplicate and unknown keys, an
// unclear score column and bad rows are refused at their line.
func TestImportanceKeyedErrors(t *testing.T) {
	g := keyedGraph(t)
	plain, _ := impExample(t)
	for _, c := range []struct {
		name, data string
		g          *graph.Graph
		opt        ImportanceOptions
		want       string
	}{
		{"missing.txt", "0 1\n3 1\n", g, ImportanceOptions{}, "missing.txt: 2 of the 4 pages of g.csr have no score (the first is page 1): expected one row a page"},
		{"twice.txt", "0 1\n1 1\n2 1\n1 2\n3 1\n", g, ImportanceOptions{}, `twice.txt:4: a second score for page 1 (key "1"): each page has one`},
		{"nine.txt", "0 1\n9 1\n", g, ImportanceOptions{}, `nine.txt:2: the page key "9" is not a page id (0 to n-1) of g.csr`},
		{"host.tsv", "host\tscore\nc.net\t1\nwww.nowhere.org\t1\n", g, ImportanceOptions{}, `host.tsv:3: the host key "www.nowhere.org" names no page of g.csr`},
		{"hits.csv", "page,hub,authority\n0,1,1\n", g, ImportanceOptions{}, "hits.csv:1: which column holds the scores? The columns are page, hub, authority; choose one as the score column"},
		{"nocol.csv", "page,hub,authority\n0,1,1\n", g, ImportanceOptions{Column: "pagerank"}, `nocol.csv:1: no score column "pagerank": the columns are page, hub, authority`},
		{"short.csv", "page,pagerank,url\n0,1\n", g, ImportanceOptions{}, "short.csv:2: 2 fields, but the header names 3"},
		{"quote.csv", "page,pagerank,url\n0,1,\"http://a\n", g, ImportanceOptions{}, "quote.csv:2: a quoted field is not closed"},
		{"quote1.csv", ",\"\n", g, ImportanceOptions{Format: ImportanceKeyed}, "quote1.csv:1: a quoted field is not closed"},
		{"word.csv", "page,pagerank\n0,high\n", g, ImportanceOptions{}, `word.csv:2: expected a score (a number) in pagerank, got "high"`},
		{"neg.txt", "0 1\n1 -1\n", g, ImportanceOptions{}, `neg.txt:2: the score of page 1 is "-1": expected a finite number, 0 or more`},
		{"url.tsv", "url\tscore\nhttp://c.net/\t1\n", plain, ImportanceOptions{}, "url.tsv: the keys are URLs, but g.csr has no URLs (give its URL list)"},
		{"one.txt", "0.5 1\n", g, ImportanceOptions{Format: ImportanceKeyed}, `one.txt:1: the host key "0.5" names no page of g.csr`},
		{"single.txt", "0.5\n", g, ImportanceOptions{Format: ImportanceKeyed}, `single.txt:1: expected a key and a score, or a line of column names, got "0.5"`},
	} {
		_, err := ReadImportanceWith(strings.NewReader(c.data), c.name, c.g, "g.csr", c.opt)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v\nwant %s", c.name, err, c.want)
		}
		// only the file whose score column is unclear says so to the caller
		if errors.Is(err, ErrNoScoreColumn) != (c.name == "hits.csv") {
			t.Errorf("%s: errors.Is(err, ErrNoScoreColumn) = %v", c.name, !(c.name == "hits.csv"))
		}
	}
}

// TestImportanceHostOfSeveralPages: a host key cannot score a host that
// has several pages.
func TestImportanceHostOfSeveralPages(t *testing.T) {
	g, _ := impExample(t)
	g, err := g.WithURLs([]string{"http://a.org/1", "http://a.org/2", "http://c.net/", "http://d.com/"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = ReadImportance(strings.NewReader("host,score\na.org,1\n"), "h.csv", g, "g.csr")
	if want := `h.csv:2: the host key "a.org" is a host of several pages of g.csr`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestImportanceHostNamedTwice: two hosts of one page each under the
// same name (a .csr crawlsim does not write, but a reader may be given)
// make the name a host of several pages, not a key of either page.
func TestImportanceHostNamedTwice(t *testing.T) {
	g, _ := impExample(t)
	g.Hosts = &graph.Hosts{Of: []uint32{0, 1, 2, 3}, Names: []string{"a.org", "b.org", "a.org", "d.com"}}
	_, err := ReadImportance(strings.NewReader("host,score\na.org,1\nb.org,1\nd.com,1\n"), "h.csv", g, "g.csr")
	if want := `h.csv:2: the host key "a.org" is a host of several pages of g.csr`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestReverseHostName: labels in the other order, both ways.
func TestReverseHostName(t *testing.T) {
	for in, want := range map[string]string{"com.example.www": "www.example.com", "localhost": "localhost", "org.b": "b.org", "": ""} {
		if got := ReverseHostName(in); got != want || ReverseHostName(got) != in {
			t.Errorf("ReverseHostName(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzReadImportanceKeyed: keyed text never panics, whatever its keys
// and columns, and a vector it accepts has one score per page.
func FuzzReadImportanceKeyed(f *testing.F) {
	g := keyedGraph(f)
	f.Add("page,pagerank,url\n0,0.125,http://a.example.org/\n1,0.375,\"http://www.b.org/x,y\"\n2,0.25,x\n3,0.25,y\n", "")
	f.Add("#harmonicc_pos\t#harmonicc_val\t#pr_pos\t#pr_val\t#host_rev\n1\t3.5\t1\t0.375\torg.b.www\n2\t3\t3\t0.25\tnet.c\n3\t2\t2\t0.25\tcom.d\n4\t1\t4\t0.125\torg.example.a\n", "")
	f.Add("2 0.25\n0 0.125\n3 0.25\n1 0.375\n", "2")
	f.Add("url\tscore\nhttp://d.com/\t2\n", "score")
	f.Fuzz(func(t *testing.T, data, column string) {
		got, err := ReadImportanceWith(strings.NewReader(data), "fuzz.csv", g, "g.csr", ImportanceOptions{Format: ImportanceKeyed, Column: column})
		checkFuzzedImportance(t, got, err, g.NumNodes(), "fuzz.csv")
	})
}

// TestImportanceTextLongComment: a text vector whose first comment is
// longer than the bytes that must be printable, and in UTF-8, is read as
// text.
func TestImportanceTextLongComment(t *testing.T) {
	g, _ := impExample(t)
	data := "# PageRank für " + strings.Repeat("é", 600) + "\n0.25\n0.25\n0.25\n0.25\n"
	v, err := ReadImportance(strings.NewReader(data), "v.txt", g, "g.csr")
	if err != nil || v.Format != ImportanceText {
		t.Fatalf("%v, %v", v, err)
	}
}

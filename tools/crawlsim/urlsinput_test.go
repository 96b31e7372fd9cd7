package main

import (
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graphio"
)

// writeGzip writes text gzip-compressed to path.
func writeGzip(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	if _, err := zw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCommonCrawlHostGraph: a host graph with its vertex files in two
// gzip-compressed parts, named by a pattern with -urls: info counts a host
// a page, named un-reversed; rank shows the names; an output over a part
// is refused; a Common Crawl ranks file keyed by reversed host name gives
// run the same figures as the vector in page order.
func TestCommonCrawlHostGraph(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("host.edges", []byte("0 1\n1 2\n2 0\n3 4\n4 3\n2 4\n0 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir("vertices", 0o755); err != nil {
		t.Fatal(err)
	}
	writeGzip(t, filepath.Join("vertices", "part-00000.gz"), "0\tcom.example\n1\tcom.example.www\n")
	writeGzip(t, filepath.Join("vertices", "part-00001.gz"), "2\tcom.example.blog\n3\tnet.c\n4\torg.wikipedia.en\n")
	parts := filepath.Join("vertices", "part-*.gz")
	info := mustRun(t, "info", "-urls", parts, "host.edges")
	for _, want := range []string{"hosts             5\n", "20.0%  www.example.com\n", "20.0%  en.wikipedia.org\n"} {
		if !strings.Contains(info, want) {
			t.Errorf("info lacks %q:\n%s", want, info)
		}
	}
	if out := mustRun(t, "rank", "-top", "1", "-urls", parts, "host.edges"); !strings.Contains(out, "en.wikipedia.org") {
		t.Errorf("rank:\n%s", out)
	}
	part := filepath.Join("vertices", "part-00001.gz")
	_, errOut, status := crawlsim(t, "rank", "-top", "0", "-o", part, "-urls", parts, "host.edges")
	if want := "crawlsim rank: -o " + part + ": that is the URL list " + part + "; choose another output file (see crawlsim help rank)\n"; status != 2 || errOut != want {
		t.Errorf("-o over a part: status %d, %q\nwant %q", status, errOut, want)
	}

	mustRun(t, "rank", "-top", "0", "-o", "pr.imp", "host.edges")
	f, err := os.Open("pr.imp")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := graphio.Load(osFS{}, "host.edges", graphio.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := graphio.ReadImportance(f, "pr.imp", g, "host.edges")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	reversed := []string{"com.example", "com.example.www", "com.example.blog", "net.c", "org.wikipedia.en"}
	var ranks, lines strings.Builder
	ranks.WriteString("#harmonicc_pos\t#harmonicc_val\t#pr_pos\t#pr_val\t#host_rev\n")
	for k := len(reversed) - 1; k >= 0; k-- {
		fmt.Fprintf(&ranks, "%d\t%d\t%d\t%v\t%s\n", k+1, 10-k, k+1, v.Scores[k], reversed[k])
	}
	for _, s := range v.Scores {
		fmt.Fprintf(&lines, "%v\n", s)
	}
	writeGzip(t, "host-ranks.txt.gz", ranks.String())
	if err := os.WriteFile("pr.txt", []byte(lines.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	byHost := mustRun(t, "run", "-strategies", "bfs,opic", "-urls", parts, "-importance-file", "host-ranks.txt.gz", "host.edges")
	byLine := mustRun(t, "run", "-strategies", "bfs,opic", "-urls", parts, "-importance-file", "pr.txt", "host.edges")
	if !strings.Contains(byHost, "warning: importance: host-ranks.txt.gz (keyed, 5 scores, column #pr_val, keyed by reversed host) does not say what it holds (only a .imp file does); one PageRank step") {
		t.Errorf("by host:\n%s", byHost)
	}
	rows := func(s string) string {
		return maskTimes(s[strings.Index(s, "\nstrategy "):strings.Index(s, "\nto X%")])
	}
	if rows(byHost) != rows(byLine) {
		t.Errorf("by host:\n%s\nby line:\n%s", byHost, byLine)
	}
}

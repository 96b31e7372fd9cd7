package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
)

// TestOrdersRescoreToCurves: -orders writes every crawl's download order
// (docs/algorithms.md section 4), and re-scoring it (prefix sums of the importance
// column, in file order) gives the curves of the result crawlsim wrote
// with -o, exactly, at every k; on the politeness clock each row's time is
// the curve's time at that k. The URL column holds the generated graph's
// URLs, and each importance is the page's own in the run's vector (the
// same page has the same importance in every crawl).
func TestOrdersRescoreToCurves(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "run", "-n", "400", "-seeds", "random:5", "-strategies", "optimal,bfs,fpr,backlink",
		"-connections", "2", "-wait", "1", "-orders", "orders.csv", "-o", "result.json")
	res := readResult(t, "result.json")
	rows := readCSV(t, "orders.csv")
	if got := strings.Join(rows[0], ","); got != "strategy,position,page,url,importance,time" {
		t.Fatalf("orders.csv header %q", got)
	}
	rows = rows[1:]
	importanceOf := map[string]string{}
	for _, s := range res.Strategies {
		var mine [][]string
		for _, r := range rows {
			if r[0] == s.Label {
				mine = append(mine, r)
			}
		}
		if int64(len(mine)) != s.Summary.Downloads {
			t.Fatalf("%s: %d rows, %d downloads", s.Label, len(mine), s.Summary.Downloads)
		}
		sum := 0.0
		point := 0
		for k, r := range mine {
			if r[1] != strconv.Itoa(k+1) || !strings.HasPrefix(r[3], "http") {
				t.Fatalf("%s: row %v at position %d", s.Label, r, k+1)
			}
			v, err := strconv.ParseFloat(r[4], 64)
			if err != nil {
				t.Fatal(err)
			}
			if before, seen := importanceOf[r[2]]; seen && before != r[4] {
				t.Fatalf("page %s has importance %s and %s", r[2], before, r[4])
			}
			importanceOf[r[2]] = r[4]
			sum += v
			if point < len(s.Curve.K) && s.Curve.K[point] == int64(k+1) {
				if sum != s.Curve.Value[point] {
					t.Fatalf("%s: re-scored C(%d) = %v, the result's %v", s.Label, k+1, sum, s.Curve.Value[point])
				}
				timed := len(s.Curve.T) > 0
				if tm, err := strconv.ParseFloat(r[5], 64); timed && (err != nil || tm != s.Curve.T[point]) || !timed && r[5] != "" {
					t.Fatalf("%s: row %v: time %q, the curve's %v", s.Label, k+1, r[5], s.Curve.T)
				}
				point++
			}
		}
		if point != len(s.Curve.K) {
			t.Fatalf("%s: %d of %d curve points re-scored", s.Label, point, len(s.Curve.K))
		}
	}
}

// TestOrdersNamePagesAsTheFile: the page column of -orders names each
// page as the graph file does, as rank's CSV and -seeds list: do: the
// file's integer ids when -renumber renumbered them, its labels when it
// names pages by labels (it gave crawlsim's page numbers 0..n-1, which
// another tool cannot match with the file).
func TestOrdersNamePagesAsTheFile(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFile(t, ".", "ids.edges", "100 200\n200 300\n300 100\n300 400\n")
	writeFile(t, ".", "labels.edges", "a b\nb c\n")
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-renumber", "-seeds", "200", "ids.edges"}, []string{"200", "300", "100", "400"}},
		{[]string{"-seeds", "list:b,c", "labels.edges"}, []string{"b", "c"}},
	} {
		args := append([]string{"run", "-strategies", "bfs", "-orders", "orders.csv"}, c.args...)
		mustRun(t, args...)
		var got []string
		for _, r := range readCSV(t, "orders.csv")[1:] {
			got = append(got, r[2])
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("crawlsim %s: pages %q, want %q", strings.Join(args, " "), got, c.want)
		}
	}
}

// TestOrdersKeptInTemporaryFiles: the rows of each crawl wait in a
// temporary file beside the -orders file (orderSpill), in the result's
// order whatever the number of crawls run at once, and no temporary file
// is left behind, whether the outputs are written or one fails (and
// then, all or nothing, none is written).
func TestOrdersKeptInTemporaryFiles(t *testing.T) {
	t.Chdir(t.TempDir())
	args := []string{"run", "-n", "300", "-seeds", "random:4", "-strategies", "rankmass,bfs,opic,optimal"}
	mustRun(t, append(args, "-j", "1", "-orders", "one.csv")...)
	mustRun(t, append(args, "-j", "3", "-orders", "three.csv", "-o", "result.json")...)
	one, err := os.ReadFile("one.csv")
	if err != nil {
		t.Fatal(err)
	}
	three, err := os.ReadFile("three.csv")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(one, three) {
		t.Fatalf("-orders differs between -j 1 and -j 3:\n%s\n%s", one, three)
	}
	var labels []string
	for _, r := range readCSV(t, "one.csv")[1:] {
		if len(labels) == 0 || labels[len(labels)-1] != r[0] {
			labels = append(labels, r[0])
		}
	}
	var want []string
	for _, s := range readResult(t, "result.json").Strategies {
		want = append(want, s.Label)
	}
	if strings.Join(labels, ",") != strings.Join(want, ",") {
		t.Errorf("-orders lists %v, the result %v", labels, want)
	}
	_, errOut, status := crawlsim(t, append(args, "-orders", "failed.csv", "-svg", "/dev/full")...)
	if status == 0 {
		t.Fatalf("-svg /dev/full: status 0, stderr %q", errOut)
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "one.csv result.json three.csv" {
		t.Errorf("the folder holds %s; want the outputs alone", got)
	}
}

// TestOrderSpillNamesWhatFailed: a crawl's rows that cannot be kept fail
// the run with the -orders file and the folder at fault; the rows kept
// wait beside the -orders file and are written in the order asked, not
// the order kept, each temporary file removed once copied; a label never
// kept is an error, not an empty section.
func TestOrderSpillNamesWhatFailed(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	s := &orderSpill{ctx: context.Background(), path: "o.csv", dir: missing, files: map[string]string{}}
	err := s.keep(model.CrawlOrder{Label: "bfs", Order: []uint32{0}, Importance: []float64{1}})
	if err == nil || !strings.HasPrefix(err.Error(), "-orders o.csv: cannot make a temporary file in "+missing+": ") {
		t.Fatalf("keep in a missing folder: %v", err)
	}
	s = newOrderSpill(context.Background(), filepath.Join(dir, "orders.csv"))
	defer s.remove()
	for _, label := range []string{"b", "a"} {
		if err := s.keep(model.CrawlOrder{Label: label, Order: []uint32{1, 0}, Importance: []float64{0.25, 0.75}}); err != nil {
			t.Fatal(err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 || !strings.HasPrefix(entries[0].Name(), ".crawlsim-orders-") {
		t.Errorf("the rows wait beside the -orders file: %v", entries)
	}
	var out strings.Builder
	if err := s.write(&out, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	want := report.OrdersHeader + "a,1,1,,0.75,\na,2,0,,0.25,\nb,1,1,,0.75,\nb,2,0,,0.25,\n"
	if out.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", out.String(), want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("temporary files left once copied: %v", entries)
	}
	if err := s.write(io.Discard, []string{"c"}); err == nil || err.Error() != "no download order was kept for c" {
		t.Errorf("a label never kept: %v", err)
	}
}

// TestOrderSpillFolder: the rows of an -orders file that is not a
// regular file (the standard output, /dev/null, a pipe) wait in the
// system's temporary folder, never beside the device; those of a file in
// a folder not made yet too.
func TestOrderSpillFolder(t *testing.T) {
	dir := t.TempDir()
	for path, want := range map[string]string{
		filepath.Join(dir, "o.csv"):        dir,
		filepath.Join(dir, "new", "o.csv"): os.TempDir(),
		"-":                                os.TempDir(),
		os.DevNull:                         os.TempDir(),
		dir:                                os.TempDir(),
	} {
		if got := spillFolder(path); got != want {
			t.Errorf("-orders %s: rows kept in %s, want %s", path, got, want)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// svgLine is a strategy's line in a chart: its colour and dash pattern.
type svgLine struct{ stroke, dash string }

// chartLines returns the labels of a chart's strategy lines in the order
// drawn, and each one's look.
func chartLines(t *testing.T, path string) ([]string, map[string]svgLine) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`<polyline(?: class="[^"]*")? stroke="(#[0-9A-Fa-f]{6})"(?: stroke-dasharray="([^"]*)")?[^>]*><title>([^<]*)</title>`)
	var labels []string
	looks := map[string]svgLine{}
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		labels = append(labels, m[3])
		looks[m[3]] = svgLine{m[1], m[2]}
	}
	return labels, looks
}

// TestOneOrderAndLookAcrossOutputs: whatever order -strategies gives,
// the table, the CSV and the chart list a study's strategies in one
// order (the reference, then the catalogue's), and a reproduction's
// chart draws each strategy it shares with the run in the same colour
// and dash pattern, in the same order, though it draws other strategies
// besides.
func TestOneOrderAndLookAcrossOutputs(t *testing.T) {
	t.Chdir(t.TempDir())
	want := []string{"optimal", "bfs", "opic", "omniscient", "fpr"}
	out := mustRun(t, "run", "-n", "2000", "-strategies", "fpr,omniscient,opic,bfs,optimal", "-svg", "chart.svg", "-csv", "curves.csv")
	var table []string
	inTable := false
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "strategy "):
			inTable = true
		case inTable && l == "":
			inTable = false
		case inTable:
			table = append(table, strings.Fields(l)[0])
		}
	}
	if !slices.Equal(table, want) {
		t.Errorf("table lists %q, want %q", table, want)
	}
	csv, err := os.ReadFile("curves.csv")
	if err != nil {
		t.Fatal(err)
	}
	var inCSV []string
	for _, l := range strings.Split(string(csv), "\n")[1:] {
		if label, _, ok := strings.Cut(l, ","); ok && (len(inCSV) == 0 || inCSV[len(inCSV)-1] != label) {
			inCSV = append(inCSV, label)
		}
	}
	if !slices.Equal(inCSV, want) {
		t.Errorf("CSV lists %q, want %q", inCSV, want)
	}
	drawn, looks := chartLines(t, "chart.svg")
	if !slices.Equal(drawn, want) {
		t.Errorf("chart draws %q, want %q", drawn, want)
	}

	mustRun(t, "reproduce", "-n", "2000", "-o", "rep", "004")
	repDrawn, repLooks := chartLines(t, filepath.Join("rep", "004-fig4.svg"))
	var shared []string
	for _, label := range repDrawn {
		if look, ok := looks[label]; ok {
			shared = append(shared, label)
			if repLooks[label] != look {
				t.Errorf("%s is drawn %v by run, %v by reproduce", label, look, repLooks[label])
			}
		}
	}
	if w := []string{"optimal", "bfs", "opic", "omniscient"}; !slices.Equal(shared, w) {
		t.Errorf("the reproduction's chart draws the run's strategies %q (of %q), want %q", shared, repDrawn, w)
	}
	if len(repDrawn) <= len(shared) {
		t.Errorf("the reproduction's chart draws %q: no strategy besides the run's", repDrawn)
	}
}

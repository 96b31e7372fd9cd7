package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// readLink reads the link run -link wrote to path as the page reads
// it: the page's address before "#", the scenario of its fragment
// (model.PermalinkData, parsed as the page parses it) and the chart's
// view (report.LinkView, which the page's viewOf calls).
func readLink(t *testing.T, path string) (base string, sc scenario.Scenario, x string, logX bool) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	link, ok := strings.CutSuffix(string(b), "\n")
	if !ok || strings.Contains(link, "\n") {
		t.Fatalf("-link wrote %q; want one line", b)
	}
	base, fragment, ok := strings.Cut(link, "#")
	if !ok {
		t.Fatalf("-link wrote %q, with no fragment", link)
	}
	data, ok, err := model.PermalinkData(fragment)
	if !ok || err != nil {
		t.Fatalf("the link's fragment %q holds no scenario: %v, %v", fragment, ok, err)
	}
	if sc, err = scenario.Parse(bytes.NewReader(data), "the link's scenario"); err != nil {
		t.Fatal(err)
	}
	x, logX, unknown := report.LinkView(fragment)
	if unknown != nil {
		t.Errorf("the link's view has parts the page does not know: %q", unknown)
	}
	return base, sc, x, logX
}

// readSaved reads a scenario run -save-scenario wrote.
func readSaved(t *testing.T, path string) scenario.Scenario {
	t.Helper()
	return readFile(t, path, scenario.Parse)
}

// sameScenarios fails unless a and b write the same JSON.
func sameScenarios(t *testing.T, what string, a, b scenario.Scenario) {
	t.Helper()
	ja, errA := scenario.Marshal(a)
	jb, errB := scenario.Marshal(b)
	if errA != nil || errB != nil || !bytes.Equal(ja, jb) {
		t.Errorf("%s differ (%v, %v):\n%s\n%s", what, errA, errB, ja, jb)
	}
}

// TestRunLinkRoundTrip: run -link writes the page's link of the scenario
// -save-scenario writes, at the address go run serve.go serves the page
// on, with the chart's view of -svg-x and -svg-log; read as the page
// reads it, it is that scenario and view; run -scenario on the link runs
// the same scenario and writes the same link again, view included.
func TestRunLinkRoundTrip(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "run", "-n", "1500", "-importance", "personalized", "-seeds", "random:5", "-strategies", "optimal,rankmass,bfs",
		"-connections", "2", "-svg-x", "time", "-svg-log", "-link", "l1.txt", "-save-scenario", "s1.json")
	base, sc, x, logX := readLink(t, "l1.txt")
	if base != "http://127.0.0.1:8080/" {
		t.Errorf("the link starts %q; want the page of go run serve.go, http://127.0.0.1:8080/", base)
	}
	if x != report.XTime || !logX {
		t.Errorf("the link's view: x %q, log %v; want time, log", x, logX)
	}
	saved := readSaved(t, "s1.json")
	sameScenarios(t, "the link's scenario and -save-scenario's", sc, saved)

	link, err := os.ReadFile("l1.txt")
	if err != nil {
		t.Fatal(err)
	}
	mustRun(t, "run", "-scenario", strings.TrimSpace(string(link)), "-link", "l2.txt", "-save-scenario", "s2.json")
	again, err := os.ReadFile("l2.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, link) {
		t.Errorf("run -scenario LINK -link wrote another link:\n%s%s", again, link)
	}
	sameScenarios(t, "the scenarios saved from the flags and from their link", readSaved(t, "s2.json"), saved)

	// The link to stdout: the table goes to stderr.
	out, errOut, status := crawlsim(t, "run", "-scenario", "s1.json", "-link", "-", "-link-base", "https://course.example/crawlsim/?embed=1")
	if status != 0 || !strings.HasPrefix(out, "https://course.example/crawlsim/?embed=1#"+model.PermalinkKey) ||
		strings.Count(out, "\n") != 1 || !strings.Contains(errOut, "avg cum.") {
		t.Errorf("-link -: status %d, stdout %q, stderr %q", status, out, errOut)
	}
}

// TestRunLinkOfAGraphFile: the link of a scenario on a graph file names
// the graph and its URL list by their base names, as the page names the
// files the user uploads (its notice asks for them by those names), and
// changes nothing else; run says on stderr that the page will ask for
// them. A graph of the page's site (graphs/NAME) keeps its path.
func TestRunLinkOfAGraphFile(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("data", 0o755); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "gen", "-n", "400", "-o", filepath.Join("data", "web.edges"), "-urls-out", filepath.Join("data", "web.urls"))
	_, errOut, status := crawlsim(t, "run", "-urls", "data/web.urls", "-strategies", "optimal,bfs", "-link", "l.txt", "-save-scenario", "s.json", "data/web.edges")
	if status != 0 || !strings.Contains(errOut, "note: -link: the page opens the link asking for the graph file web.edges and the URL list web.urls") {
		t.Fatalf("status %d, stderr %q; want a note naming the files the page asks for", status, errOut)
	}
	_, sc, _, _ := readLink(t, "l.txt")
	saved := readSaved(t, "s.json")
	if sc.Graph.File != "web.edges" || sc.Graph.URLs != "web.urls" || saved.Graph.File != "data/web.edges" {
		t.Errorf("the link names %q and %q (saved: %q)", sc.Graph.File, sc.Graph.URLs, saved.Graph.File)
	}
	sc.Graph.File, sc.Graph.URLs = saved.Graph.File, saved.Graph.URLs
	sameScenarios(t, "the link's scenario and -save-scenario's, but for the files' names", sc, saved)

	// A graph of the site, as a site's link names it.
	if err := os.Rename("data", "graphs"); err != nil {
		t.Fatal(err)
	}
	_, errOut, status = crawlsim(t, "run", "-urls", "graphs/web.urls", "-strategies", "optimal,bfs", "-link", "l.txt", "graphs/web.edges")
	if _, sc, _, _ = readLink(t, "l.txt"); status != 0 || strings.Contains(errOut, "note: -link") ||
		sc.Graph.File != "graphs/web.edges" || sc.Graph.URLs != "graphs/web.urls" {
		t.Errorf("a graph of the site: status %d, stderr %q, the link names %q and %q", status, errOut, sc.Graph.File, sc.Graph.URLs)
	}
}

// svgOf reads the chart path and says whether its x axis is logarithmic,
// and whether it draws guaranteed curves.
func svgOf(t *testing.T, path string) (axis string, logX, guarantees bool) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	svg := string(b)
	switch {
	case strings.Contains(svg, "reachable pages downloaded"):
		axis = report.XFraction
	case strings.Contains(svg, ">pages downloaded"):
		axis = report.XCount
	default:
		axis = report.XTime
	}
	// The x axis's title says "(logarithmic)" on the fraction, ",
	// logarithmic" after a unit (report's chartlayout.go).
	return axis, strings.Contains(svg, "(logarithmic)<") || strings.Contains(svg, ", logarithmic<"),
		strings.Contains(svg, "(guaranteed)")
}

// TestRunSVGFollowsTheLinkView: -svg draws the chart in the view the
// -scenario link keeps (x axis, logarithmic scale), as the page opens it;
// -svg-x and -svg-log win over it; a link's time axis is the fraction
// once the politeness clock is turned off, as on the page; a view
// crawlsim does not know is the default, said in a note. Guarantees are
// drawn, as on the page, when the importance is personalized, unless
// -svg-guarantees=false; -svg-guarantees draws them for any importance.
func TestRunSVGFollowsTheLinkView(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "run", "-n", "1500", "-importance", "personalized", "-seeds", "random:5", "-strategies", "optimal,rankmass",
		"-connections", "2", "-save-scenario", "s.json")
	data, err := os.ReadFile("s.json")
	if err != nil {
		t.Fatal(err)
	}
	frag, err := model.PermalinkFragment(data)
	if err != nil {
		t.Fatal(err)
	}
	link := defaultLinkBase + "#" + frag
	for _, c := range []struct {
		name      string
		link      string
		flags     []string
		axis      string
		logX, gua bool
		note      string
	}{
		{"the link's view", link + "&x=count&log=1", nil, report.XCount, true, true, ""},
		{"the default view", link, nil, report.XFraction, false, true, ""},
		{"a timed view", link + "&x=time", nil, report.XTime, false, true, ""},
		{"flags win", link + "&x=count&log=1", []string{"-svg-x", "fraction", "-svg-log=false", "-svg-guarantees=false"}, report.XFraction, false, false, ""},
		{"-svg-log alone", link + "&x=count", []string{"-svg-log"}, report.XCount, true, true, ""},
		{"no time without politeness", link + "&x=time&log=1", []string{"-politeness=false"}, report.XFraction, true, true, ""},
		{"pagerank importance", link, []string{"-importance", "pagerank"}, report.XFraction, false, false, ""},
		{"-svg-guarantees", link, []string{"-importance", "pagerank", "-svg-guarantees"}, report.XFraction, false, true, ""},
		{"an unknown view", link + "&x=log&log=2", nil, report.XFraction, false, true,
			"note: -scenario: the link's chart view x=log and log=2 is not one crawlsim knows; -svg uses the default view"},
	} {
		args := append([]string{"run", "-scenario", c.link, "-svg", "c.svg"}, c.flags...)
		_, errOut, status := crawlsim(t, args...)
		if status != 0 {
			t.Errorf("%s: status %d, stderr %q", c.name, status, errOut)
			continue
		}
		axis, logX, gua := svgOf(t, "c.svg")
		if axis != c.axis || logX != c.logX || gua != c.gua {
			t.Errorf("%s: the chart has x axis %s, log %v, guarantees %v; want %s, %v, %v", c.name, axis, logX, gua, c.axis, c.logX, c.gua)
		}
		if hasNote := strings.Contains(errOut, "note: -scenario"); hasNote != (c.note != "") || !strings.Contains(errOut, c.note) {
			t.Errorf("%s: stderr %q; want the note %q", c.name, errOut, c.note)
		}
	}
	// A link's view without -svg nor -link is no matter for a note.
	if _, errOut, status := crawlsim(t, "run", "-scenario", link+"&x=log"); status != 0 || strings.Contains(errOut, "note:") {
		t.Errorf("no chart: status %d, stderr %q", status, errOut)
	}
}

// TestRunLinkFlagErrors: the link's flags are checked before the run,
// each error naming the flag and what it wants.
func TestRunLinkFlagErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-link-base", "http://a.example/"}, "-link-base needs -link FILE"},
		{[]string{"-svg-log"}, "-svg-log needs -svg FILE or -link FILE"},
		{[]string{"-svg-x", "count"}, "-svg-x needs -svg FILE or -link FILE"},
		{[]string{"-link", "l.txt", "-svg-x", ""}, `-svg-x "" is not an axis: want fraction, count or time`},
		{[]string{"-link", "l.txt", "-svg-x", "time"}, "-svg-x time needs the politeness clock"},
		{[]string{"-link", "l.txt", "-link-base", "ftp://a.example/"}, "-link-base ftp://a.example/: want an http:// or https:// address"},
		{[]string{"-link", "l.txt", "-link-base", "127.0.0.1:8080"}, "-link-base 127.0.0.1:8080: not an address"},
		{[]string{"-link", "l.txt", "-link-base", "http:///crawlsim/"}, "-link-base http:///crawlsim/: the address has no host"},
		{[]string{"-link", "l.txt", "-link-base", "http://a.example/#s=x"}, "without a fragment"},
		{[]string{"-link", "l.txt", "-link-base", "http://a b/\x7f"}, "-link-base http://a b/\\x7f: not an address"},
		{[]string{"-link", "-", "-json"}, "-link - writes on stdout, where -json prints"},
	} {
		checkFails(t, 2, append([]string{"run"}, c.args...), c.want)
	}
	if _, err := os.Stat("l.txt"); err == nil {
		t.Errorf("a refused run wrote l.txt")
	}
}

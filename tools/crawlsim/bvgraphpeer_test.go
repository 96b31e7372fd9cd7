package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The reference Java WebGraph (../shared/peers/webgraph, see its README)
// and the Debian packages its wg script puts on the class path.
var (
	peerDir  = filepath.Join("..", "..", "..", "shared", "peers", "webgraph")
	peerJars = []string{"fastutil", "dsiutils", "jsap", "slf4j-api", "logback-classic", "logback-core", "commons-configuration2",
		"commons-lang3", "commons-text", "commons-logging", "guava", "commons-collections4", "commons-math3", "commons-io"}
)

// peerOrSkip returns the path of the peer's wg script, or skips the test
// naming what is missing.
func peerOrSkip(t *testing.T) string {
	t.Helper()
	wg, err := filepath.Abs(filepath.Join(peerDir, "wg"))
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for _, f := range []string{wg, filepath.Join(peerDir, "webgraph.jar"), filepath.Join(peerDir, "tools.jar")} {
		if _, err := os.Stat(f); err != nil {
			missing = append(missing, f)
		}
	}
	if _, err := exec.LookPath("java"); err != nil {
		missing = append(missing, "java (apt-get install default-jdk-headless)")
	}
	for _, j := range peerJars {
		if _, err := os.Stat("/usr/share/java/" + j + ".jar"); err != nil {
			missing = append(missing, "/usr/share/java/"+j+".jar")
		}
	}
	if len(missing) > 0 {
		t.Skipf("the Java WebGraph peer cannot run: missing %s (see %s/README.md; .ci/run installs the packages)", strings.Join(missing, ", "), peerDir)
	}
	return wg
}

// peer runs a class of the Java peer and returns its standard output.
func peer(t *testing.T, wg string, args ...string) string {
	t.Helper()
	cmd := exec.Command(wg, args...)
	cmd.Env = append(os.Environ(), "JAVA_OPTS=-Xmx512m", "WG_LOGLEVEL=WARN")
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("wg %s: %v\nstdout: %s\nstderr: %s", strings.Join(args, " "), err, out.String(), errOut.String())
	}
	return out.String()
}

// The BVGraphs crawlsim writes load in Java WebGraph (with their
// offsets, memory-mapped) and hold the graph crawlsim meant, arc by arc:
// a generated graph streamed by gen, the same graph with other
// parameters, its transpose and its transpose's transpose. Java
// recompressing them with the same parameters writes the same .graph and
// .offsets, byte for byte, and the same properties but the date.
func TestBVGraphLoadsInJavaWebGraph(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the Java WebGraph peer starts a Java VM for each of the graph's variants, about 30 s")
	}
	wg := peerOrSkip(t)
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	mustRun(t, "gen", "-n", "5000", "-seed", "3", "-o", p("g.graph"))
	variants := []struct {
		name       string
		flags      []string // crawlsim's
		javaParams []string // the same, for Java's BVGraph
	}{
		{"g", nil, []string{"-w", "7", "-m", "3", "-i", "4", "-k", "3"}},
		{"odd", []string{"-window", "2", "-max-ref", "-1", "-min-interval", "2", "-zeta-k", "5"}, []string{"-w", "2", "-m", "-1", "-i", "2", "-k", "5"}},
		{"flat", []string{"-window", "0", "-min-interval", "0", "-zeta-k", "1"}, []string{"-w", "0", "-i", "0", "-k", "1"}},
	}
	for _, v := range variants[1:] {
		mustRun(t, append(append([]string{"convert"}, v.flags...), "-o", p(v.name+".graph"), p("g.graph"))...)
	}
	mustRun(t, "convert", "-transpose", "-o", p("t.graph"), p("g.graph"))
	mustRun(t, "convert", "-transpose", "-o", p("tt.graph"), p("t.graph"))

	count := func(b string) string {
		out := peer(t, wg, "peer.Count", "--mapped", p(b))
		if !strings.Contains(out, "class=it.unimi.dsi.webgraph.BVGraph\nnodes=5000\n") {
			t.Errorf("peer.Count %s: %s", b, out)
		}
		return out
	}
	want := count("g")
	for _, b := range []string{"odd", "flat", "tt"} {
		if got := count(b); got != want {
			t.Errorf("peer.Count %s:\n%s\npeer.Count g:\n%s", b, got, want)
		}
		if out := peer(t, wg, "peer.Equal", p("g"), p(b)); !strings.HasPrefix(out, "EQUAL: nodes=5000 ") {
			t.Errorf("peer.Equal g %s: %s", b, out)
		}
	}
	count("t")

	for _, v := range variants {
		peer(t, wg, append(append([]string{"it.unimi.dsi.webgraph.BVGraph"}, v.javaParams...), p("g"), p(v.name+"-java"))...)
		for _, ext := range []string{".graph", ".offsets"} {
			if string(readBytes(t, p(v.name+ext))) != string(readBytes(t, p(v.name+"-java"+ext))) {
				t.Errorf("%s%s differs from Java's %s-java%s", v.name, ext, v.name, ext)
			}
		}
		got, javas := propertyLines(t, p(v.name+".properties")), propertyLines(t, p(v.name+"-java.properties"))
		if strings.Join(got, "\n") != strings.Join(javas, "\n") {
			t.Errorf("%s.properties:\n%s\nJava's:\n%s", v.name, strings.Join(got, "\n"), strings.Join(javas, "\n"))
		}
	}
}

// propertyLines returns the lines of a .properties file but comments,
// sorted.
func propertyLines(t *testing.T, path string) []string {
	var lines []string
	for _, l := range strings.Split(string(readBytes(t, path)), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	slices.Sort(lines)
	return lines
}

package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// inputFiles makes, in a fresh folder that becomes the working folder, the
// small inputs the tests below name: a graph, its URL list, a scenario on
// them, a seed list, a revisit scenario and the three files of a BVGraph
// (whose content does not matter: every case is refused before reading).
func inputFiles(t *testing.T) map[string][]byte {
	t.Helper()
	t.Chdir(t.TempDir())
	files := map[string][]byte{
		"g.edges":          []byte("0 1\n1 2\n2 0\n2 1\n"),
		"u.urls":           []byte("http://a.example/\nhttp://a.example/x\nhttp://b.example/\n"),
		"p.edges":          []byte("0 1\n1 2\n"),
		"p.urls":           []byte("http://a.example/\nhttp://a.example/x\nhttp://b.example/\n"),
		"seeds.txt":        []byte("0\n1\n"),
		"sizes.txt":        []byte("15000\n20000\n10000\n"),
		"bv.graph":         []byte("not really"),
		"bv.properties":    []byte("nodes=3\n"),
		"bv.offsets":       []byte("nor this"),
		"gz.graph.gz":      []byte("not really"),
		"gz.properties":    []byte("nodes=3\n"),
		"gz.offsets":       []byte("nor this"),
		"pz.graph":         []byte("not really"),
		"pz.properties.gz": []byte("nor this"),
		"gz.json":          []byte(`{"version": 1, "graph": {"file": "gz.graph.gz"}, "seeds": "top-pagerank:1", "strategies": [{"id": "bfs"}]}` + "\n"),
		"refresh.json":     []byte(`{"version": 1, "simulation": {"sites": 20}}` + "\n"),
		"scenario.json":    []byte(`{"version": 1, "graph": {"file": "g.edges", "urls": "u.urls"}, "seeds": "top-pagerank:1", "strategies": [{"id": "bfs"}]}` + "\n"),
		"previous.json":    []byte(`{"version": 1, "graph": {"file": "g.edges"}, "previous": {"file": "p.edges", "urls": "p.urls"}, "seeds": "top-pagerank:1", "strategies": [{"id": "bfs"}]}` + "\n"),
		"sizes.json":       []byte(`{"version": 1, "graph": {"file": "g.edges"}, "seeds": "top-pagerank:1", "strategies": [{"id": "bfs"}], "politeness": {"page_sizes": {"file": "sizes.txt"}}}` + "\n"),
		"unrelated.json":   []byte("{}\n"),
		"unrelated2.json":  []byte("{}\n"),
	}
	for name, b := range files {
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// unchanged fails the test when a file of files was changed, or when the
// folder holds a file that is not one of them.
func unchanged(t *testing.T, files map[string][]byte, args []string) {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		want, ok := files[e.Name()]
		if !ok {
			t.Errorf("crawlsim %s left %s behind", strings.Join(args, " "), e.Name())
			os.Remove(e.Name())
			continue
		}
		if got, _ := os.ReadFile(e.Name()); !bytes.Equal(got, want) {
			t.Errorf("crawlsim %s replaced %s with %q", strings.Join(args, " "), e.Name(), short(string(got)))
			os.WriteFile(e.Name(), want, 0o644)
		}
	}
}

// TestOutputNamingAnInputIsRefused: an output that is one of the command's
// inputs, by any spelling, a hard link or a symbolic link, is refused
// before any work, naming both, and every input is left as it was.
func TestOutputNamingAnInputIsRefused(t *testing.T) {
	files := inputFiles(t)
	if err := os.Link("g.edges", "hard.edges"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("g.edges", "soft.edges"); err != nil {
		t.Fatal(err)
	}
	files["hard.edges"] = files["g.edges"]
	files["soft.edges"] = files["g.edges"]
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-o", "g.edges", "g.edges"}, "-o g.edges: that is the graph g.edges; choose another output file"},
		{[]string{"run", "-o", "./g.edges", "g.edges"}, "-o ./g.edges: that is the graph g.edges"},
		{[]string{"run", "-o", "hard.edges", "g.edges"}, "-o hard.edges: that is the graph g.edges"},
		{[]string{"run", "-svg", "soft.edges", "g.edges"}, "-svg soft.edges: that is the graph g.edges"},
		{[]string{"run", "-csv", "u.urls", "-urls", "u.urls", "g.edges"}, "-csv u.urls: that is the URL list u.urls"},
		{[]string{"run", "-save-scenario", "scenario.json", "-scenario", "scenario.json"}, "-save-scenario scenario.json: that is the scenario scenario.json"},
		{[]string{"run", "-o", "g.edges", "-scenario", "scenario.json"}, "-o g.edges: that is the graph g.edges"},
		{[]string{"run", "-csv", "./u.urls", "-scenario", "scenario.json"}, "-csv ./u.urls: that is the URL list u.urls"},
		{[]string{"run", "-o", "p.edges", "-scenario", "previous.json"}, "-o p.edges: that is the previous snapshot p.edges"},
		{[]string{"run", "-o", "p.urls", "-scenario", "previous.json"}, "-o p.urls: that is the previous snapshot's URL list p.urls"},
		{[]string{"run", "-o", "p.edges", "-previous", "p.edges", "-strategies", "hist-pagerank-zero", "g.edges"}, "-o p.edges: that is the previous snapshot p.edges"},
		{[]string{"run", "-o", "seeds.txt", "-seeds", "list:seeds.txt", "g.edges"}, "-o seeds.txt: that is the seed list seeds.txt"},
		{[]string{"run", "-csv", "sizes.txt", "-page-sizes", "sizes.txt", "g.edges"}, "-csv sizes.txt: that is the page sizes sizes.txt"},
		{[]string{"run", "-orders", "./sizes.txt", "-scenario", "sizes.json"}, "-orders ./sizes.txt: that is the page sizes sizes.txt"},
		{[]string{"run", "-o", "bv.properties", "bv.graph"}, "-o bv.properties: that is a file of the BVGraph bv.graph"},
		{[]string{"rank", "-o", "g.edges", "g.edges"}, "-o g.edges: that is the graph g.edges"},
		// The loader reads NAME.properties and NAME.offsets beside a
		// gzipped NAME.graph.gz, and NAME.graph beside NAME.properties.gz.
		{[]string{"rank", "-top", "0", "-o", "gz.properties", "gz.graph.gz"}, "-o gz.properties: that is a file of the BVGraph gz.graph.gz"},
		{[]string{"run", "-o", "gz.offsets", "gz.graph.gz"}, "-o gz.offsets: that is a file of the BVGraph gz.graph.gz"},
		{[]string{"run", "-csv", "gz.properties", "gz.graph.gz"}, "-csv gz.properties: that is a file of the BVGraph gz.graph.gz"},
		{[]string{"run", "-o", "gz.properties", "-previous", "gz.graph.gz", "-strategies", "hist-pagerank-zero", "g.edges"}, "-o gz.properties: that is a file of the BVGraph gz.graph.gz"},
		{[]string{"run", "-o", "gz.properties", "-scenario", "gz.json"}, "-o gz.properties: that is a file of the BVGraph gz.graph.gz"},
		{[]string{"rank", "-o", "pz.graph", "pz.properties.gz"}, "-o pz.graph: that is a file of the BVGraph pz.graph"},
		{[]string{"rank", "-o", "bv.offsets", "bv.graph"}, "-o bv.offsets: that is a file of the BVGraph bv.graph"},
		{[]string{"rank", "-o", "seeds.txt", "-seeds", "list:seeds.txt", "g.edges"}, "-o seeds.txt: that is the seed list seeds.txt"},
		{[]string{"rank", "-o", "u.urls", "-urls", "u.urls", "g.edges"}, "-o u.urls: that is the URL list u.urls"},
		{[]string{"convert", "-urls", "u.urls", "-o", "u.urls", "g.edges"}, "-o u.urls: that is the URL list u.urls"},
		{[]string{"convert", "-urls", "u.urls", "-o", "x.csr", "-urls-out", "u.urls", "g.edges"}, "-urls-out u.urls: that is the URL list u.urls"},
		{[]string{"convert", "-o", "soft.edges", "g.edges"}, "-o soft.edges: that is the graph g.edges"},
		{[]string{"seeds", "-o", "g.edges", "-urls", "u.urls", "g.edges"}, "-o g.edges: that is the graph g.edges"},
		{[]string{"seeds", "-svg", "p.urls", "-previous", "p.edges", "-previous-urls", "p.urls", "-urls", "u.urls", "g.edges"}, "-svg p.urls: that is the previous snapshot's URL list p.urls"},
		{[]string{"refresh", "-csv", "refresh.json", "-scenario", "refresh.json"}, "-csv refresh.json: that is the scenario refresh.json"},
	} {
		out, errOut, status := crawlsim(t, c.args...)
		if status != 2 || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("crawlsim %s: status %d, stdout %q, stderr %q; want status 2, no output and %q", strings.Join(c.args, " "), status, short(out), errOut, c.want)
		}
		unchanged(t, files, c.args)
	}
}

// TestTwoOutputsNamingOneFileAreRefused: two outputs naming one file, by
// spelling when it does not exist yet, by identity when it does, are
// refused before any work.
func TestTwoOutputsNamingOneFileAreRefused(t *testing.T) {
	files := inputFiles(t)
	if err := os.Link("unrelated.json", "hard.json"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("unrelated.json", "soft.json"); err != nil {
		t.Fatal(err)
	}
	files["hard.json"] = files["unrelated.json"]
	files["soft.json"] = files["unrelated.json"]
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-o", "r.json", "-csv", "./r.json", "g.edges"}, "-o and -csv name the same file ./r.json"},
		{[]string{"run", "-o", "unrelated.json", "-svg", "hard.json", "g.edges"}, "-o and -svg name the same file hard.json"},
		{[]string{"run", "-o", "soft.json", "-save-scenario", "unrelated.json", "g.edges"}, "-o and -save-scenario name the same file unrelated.json"},
		{[]string{"gen", "-o", "x.csr", "-urls-out", "./x.csr"}, "-o and -urls-out name the same file ./x.csr"},
		{[]string{"seeds", "-o", "hard.json", "-svg", "unrelated.json", "-urls", "u.urls", "g.edges"}, "-o and -svg name the same file unrelated.json"},
		{[]string{"refresh", "-o", "soft.json", "-csv", "hard.json"}, "-o and -csv name the same file hard.json"},
		{[]string{"run", "-o", "-", "-csv", "-", "g.edges"}, "-o and -csv name the same file -"},
	} {
		out, errOut, status := crawlsim(t, c.args...)
		if status != 2 || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("crawlsim %s: status %d, stdout %q, stderr %q; want status 2, no output and %q", strings.Join(c.args, " "), status, short(out), errOut, c.want)
		}
		unchanged(t, files, c.args)
	}
}

// TestOutputBesideItsInputIsWritten: an output that only looks like an
// input (another file of the same base name, in another folder) is
// written.
func TestOutputBesideItsInputIsWritten(t *testing.T) {
	inputFiles(t)
	if err := os.Mkdir("out", 0o755); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "rank", "-o", filepath.Join("out", "g.edges"), "g.edges")
	if b, _ := os.ReadFile(filepath.Join("out", "g.edges")); !strings.HasPrefix(string(b), "page,pagerank\n") {
		t.Errorf("out/g.edges holds %q, want the scores", b)
	}
}

// short cuts s to its first 100 bytes, for messages.
func short(s string) string {
	if len(s) > 100 {
		return s[:100] + "..."
	}
	return s
}

// TestOutputThroughSymlink: an output that is a symbolic link replaces
// the link's target, in the target's folder, and the link stays a link;
// a dangling link gets its target made.
func TestOutputThroughSymlink(t *testing.T) {
	inputFiles(t)
	if err := os.Mkdir("keep", 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join("keep", "scores.csv")
	os.WriteFile(target, []byte("old scores\n"), 0o600)
	if err := os.Symlink(filepath.Join("keep", "scores.csv"), "scores.csv"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("keep", "new.csv"), "dangling.csv"); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "rank", "-o", "scores.csv", "g.edges")
	mustRun(t, "rank", "-o", "dangling.csv", "g.edges")
	for link, file := range map[string]string{"scores.csv": target, "dangling.csv": filepath.Join("keep", "new.csv")} {
		if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link: %v, %v", link, st.Mode(), err)
		}
		if b, _ := os.ReadFile(file); !strings.HasPrefix(string(b), "page,pagerank\n") {
			t.Errorf("%s, the target of %s, holds %q, want the scores", file, link, short(string(b)))
		}
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o600 {
		t.Errorf("the target's mode became %v, want its own 0600", st.Mode().Perm())
	}
	for _, dir := range []string{".", "keep"} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".tmp") {
				t.Errorf("%s left in %s", e.Name(), dir)
			}
		}
	}
}

// TestOutputThroughSymlinkLoop: an output whose symbolic links loop
// cannot be written through them; it is refused and every link of the
// loop stays a link (it was once replaced by a regular file).
func TestOutputThroughSymlinkLoop(t *testing.T) {
	inputFiles(t)
	for _, l := range [][2]string{{"loop2.csv", "loop1.csv"}, {"loop1.csv", "loop2.csv"}, {"self.csv", "self.csv"}} {
		if err := os.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"loop1.csv", "self.csv"} {
		_, errOut, status := crawlsim(t, "rank", "-o", name, "g.edges")
		if status != 1 || !strings.Contains(errOut, "-o "+name+": too many levels of symbolic links") {
			t.Errorf("rank -o %s: status %d, stderr %q; want 1 and the loop named", name, status, errOut)
		}
	}
	entries, _ := os.ReadDir(".")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".csv") && e.Type()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link", e.Name())
		}
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("%s left behind", e.Name())
		}
	}
}

// TestInterruptedLoadSaysSo: a command stopped while it reads its graph
// (Ctrl-C, SIGTERM, SIGHUP cancel the context) says it was interrupted;
// it ended on "context canceled".
func TestInterruptedLoadSaysSo(t *testing.T) {
	inputFiles(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, cmd := range []string{"info", "rank"} {
		var out, errOut bytes.Buffer
		status := runMain(ctx, []string{cmd, "g.edges"}, &out, &errOut)
		if want := "crawlsim " + cmd + ": interrupted: g.edges"; status != 1 || !strings.HasPrefix(errOut.String(), want) {
			t.Errorf("%s: status %d, stderr %q; want 1 and %q", cmd, status, errOut.String(), want)
		}
	}
}

// TestOutputToStdout: -o - (and /dev/stdout) writes the data on stdout;
// what the command prints besides (the table, what it wrote) goes to
// stderr; -json, which prints on stdout too, is refused with it.
func TestOutputToStdout(t *testing.T) {
	inputFiles(t)
	for _, name := range []string{"-", "/dev/stdout"} {
		out, errOut, status := crawlsim(t, "rank", "-top", "1", "-o", name, "g.edges")
		if status != 0 || !strings.HasPrefix(out, "page,pagerank\n") || strings.Count(out, "\n") != 4 {
			t.Errorf("rank -o %s: status %d, stdout %q; want the CSV alone", name, status, out)
		}
		if !strings.Contains(errOut, "pagerank: d=0.85") || !strings.Contains(errOut, "rank  page") {
			t.Errorf("rank -o %s: the table is not on stderr: %q", name, errOut)
		}
	}
	out, errOut, status := crawlsim(t, "gen", "-n", "20", "-o", "-")
	if status != 0 || !strings.HasPrefix(out, "# crawlsim edge list: 20 pages") || !strings.Contains(errOut, "wrote - (edges): 20 pages") {
		t.Errorf("gen -o -: status %d, stdout %q, stderr %q; want the edge list on stdout and what was written on stderr", status, short(out), errOut)
	}
	out, errOut, status = crawlsim(t, "run", "-strategies", "optimal,bfs", "-csv", "-", "-o", "r.json", "g.edges")
	if status != 0 || !strings.HasPrefix(out, "strategy,kind,k,fraction,value,normalised\n") || !strings.Contains(errOut, "strategy  downloads") {
		t.Errorf("run -csv -: status %d, stdout %q, stderr %q; want the curves on stdout and the table on stderr", status, short(out), errOut)
	}
	if _, err := os.Stat("r.json"); err != nil {
		t.Errorf("run -csv - -o r.json did not write r.json: %v", err)
	}
	os.Remove("r.json")
	out, errOut, status = crawlsim(t, "run", "-json", "-o", "-", "g.edges")
	if status != 2 || out != "" || !strings.Contains(errOut, "-o - writes on stdout, where -json prints; choose one") {
		t.Errorf("run -json -o -: status %d, stdout %q, stderr %q; want a usage error", status, short(out), errOut)
	}
}

// TestWriteProtectedOutputIsKept: an existing file without write
// permission is not replaced, even by root whom the system would let: the
// command is refused before any work, the file keeps its bytes and mode,
// through a symbolic link too; and writeOutputs checks it again at
// write time.
func TestWriteProtectedOutputIsKept(t *testing.T) {
	files := inputFiles(t)
	files["ro.csv"] = []byte("keep me\n")
	os.WriteFile("ro.csv", files["ro.csv"], 0o444)
	if err := os.Symlink("ro.csv", "link.csv"); err != nil {
		t.Fatal(err)
	}
	files["link.csv"] = files["ro.csv"]
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"rank", "-o", "ro.csv", "g.edges"}, "-o ro.csv"},
		{[]string{"run", "-csv", "link.csv", "g.edges"}, "-csv link.csv"},
		{[]string{"gen", "-n", "20", "-o", "x.csr", "-urls-out", "ro.csv"}, "-urls-out ro.csv"},
	} {
		out, errOut, status := crawlsim(t, c.args...)
		if status != 1 || out != "" || !strings.Contains(errOut, c.flag+": the file is write-protected (-r--r--r--) and is not replaced") {
			t.Errorf("crawlsim %s: status %d, stdout %q, stderr %q; want status 1 and %s write-protected", strings.Join(c.args, " "), status, short(out), errOut, c.flag)
		}
		unchanged(t, files, c.args)
	}
	if st, _ := os.Stat("ro.csv"); st.Mode().Perm() != 0o444 {
		t.Errorf("ro.csv has mode %v, want 0444", st.Mode().Perm())
	}
	// Made read-only between the check and the write.
	e := &env{stdout: io.Discard, stderr: io.Discard}
	err := writeOutputs(context.Background(), e, output{path: "link.csv", write: func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }})
	if err == nil || !strings.Contains(err.Error(), "cannot write link.csv: the file is write-protected") {
		t.Errorf("writeOutputs on a write-protected file: err = %v", err)
	}
	unchanged(t, files, []string{"writeOutputs"})
}

// TestOutputInAFileIsRefusedAsNotAFolder: an output whose folder is an
// existing file (-svg g.edges/x.svg, reproduce -o g.edges or g.edges/rep) is refused
// saying that the path is a file, not that the folder does not exist,
// and nothing is written.
func TestOutputInAFileIsRefusedAsNotAFolder(t *testing.T) {
	files := inputFiles(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-svg", "seeds.txt/x.svg", "g.edges"}, "-svg seeds.txt/x.svg: seeds.txt is a file, not a folder"},
		{[]string{"rank", "-o", "seeds.txt/r.csv", "g.edges"}, "-o seeds.txt/r.csv: seeds.txt is a file, not a folder"},
		{[]string{"rank", "-o", "seeds.txt/a/r.csv", "g.edges"}, "-o seeds.txt/a/r.csv: seeds.txt is a file, not a folder"},
		{[]string{"reproduce", "-o", "seeds.txt", "002"}, "-o seeds.txt: that is a file; name a folder"},
		{[]string{"reproduce", "-o", "seeds.txt/rep", "002"}, "-o seeds.txt/rep: seeds.txt is a file, not a folder"},
		{[]string{"reproduce", "-o", "seeds.txt/a/rep", "002"}, "-o seeds.txt/a/rep: seeds.txt is a file, not a folder"},
	} {
		out, errOut, status := crawlsim(t, c.args...)
		if status != 2 || out != "" || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "does not exist") {
			t.Errorf("crawlsim %s: status %d, stdout %q, stderr %q; want status 2 and %q", strings.Join(c.args, " "), status, short(out), errOut, c.want)
		}
		unchanged(t, files, c.args)
	}
}

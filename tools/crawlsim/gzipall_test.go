package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestEveryOutputNamedGzIsGzip: every file a command writes is
// gzip-compressed when its name ends in .gz (in any letter case), not
// only convert's and gen's graphs: rank's scores and importance file,
// run's -o, -csv, -svg and -orders, refresh's -o, -csv and -svg, seeds'
// -svg. Each decompresses to what the output holds under its plain name
// (its start, for the outputs that carry a time). Before, rank -o r.gz
// wrote plain CSV under a .gz name.
func TestEveryOutputNamedGzIsGzip(t *testing.T) {
	inputFiles(t)
	for _, c := range []struct {
		args   []string // the command, with NAME where the output goes
		prefix string   // what the decompressed output starts with
		same   bool     // the output is the same, to the byte, under its plain name
	}{
		{[]string{"convert", "-o", "NAME.edges", "g.edges"}, "# crawlsim edge list: 3 pages", true},
		{[]string{"convert", "-urls", "u.urls", "-o", "x.edges", "-urls-out", "NAME.urls", "g.edges"}, "http://a.example/\n", true},
		{[]string{"gen", "-n", "50", "-o", "NAME.csr"}, "", true},
		{[]string{"gen", "-n", "50", "-o", "x.edges", "-urls-out", "NAME.urls"}, "http://", true},
		{[]string{"rank", "-o", "NAME.csv", "g.edges"}, "page,pagerank\n", true},
		{[]string{"rank", "-hits", "-o", "NAME.csv", "g.edges"}, "page,hub,authority\n", true},
		{[]string{"rank", "-o", "NAME.imp", "g.edges"}, "", true},
		{[]string{"run", "-strategies", "optimal,bfs", "-o", "NAME.json", "g.edges"}, "{", false},
		{[]string{"run", "-strategies", "optimal,bfs", "-csv", "NAME.csv", "g.edges"}, "strategy,kind,k,fraction,value,normalised\n", true},
		{[]string{"run", "-strategies", "optimal,bfs", "-svg", "NAME.svg", "g.edges"}, "<svg", true},
		{[]string{"run", "-strategies", "optimal,bfs", "-orders", "NAME.csv", "g.edges"}, "strategy,position,page", false},
		{[]string{"refresh", "-sites", "20", "-o", "NAME.json"}, "{", false},
		{[]string{"refresh", "-sites", "20", "-csv", "NAME.csv"}, "policy,time,fresh", true},
		{[]string{"refresh", "-sites", "20", "-svg", "NAME.svg"}, "<svg", true},
		{[]string{"seeds", "-urls", "u.urls", "-k", "1", "-svg", "NAME.svg", "g.edges"}, "<svg", true},
	} {
		name := func(ext string) []string {
			args := make([]string, len(c.args))
			for k, a := range c.args {
				args[k] = strings.Replace(a, "NAME", "out", 1) + ext
				if !strings.Contains(a, "NAME") {
					args[k] = a
				}
			}
			return args
		}
		plainArgs, gzArgs, upperArgs := name(""), name(".gz"), name(".GZ")
		var plainName, gzName, upperName string
		for k, a := range c.args {
			if strings.Contains(a, "NAME") {
				plainName, gzName, upperName = plainArgs[k], gzArgs[k], upperArgs[k]
			}
		}
		mustRun(t, plainArgs...)
		mustRun(t, gzArgs...)
		mustRun(t, upperArgs...)
		want, err := os.ReadFile(plainName)
		if err != nil {
			t.Fatal(err)
		}
		for _, zipped := range []string{gzName, upperName} {
			got := gunzipFile(t, zipped)
			if !bytes.HasPrefix(got, []byte(c.prefix)) {
				t.Errorf("crawlsim %s: %s decompresses to %q..., want it to start with %q", strings.Join(c.args, " "), zipped, short(string(got)), c.prefix)
			}
			if c.same && !bytes.Equal(got, want) {
				t.Errorf("crawlsim %s: %s decompresses to %d bytes, not the %d of %s", strings.Join(c.args, " "), zipped, len(got), len(want), plainName)
			}
		}
		for _, f := range []string{plainName, gzName, upperName, "x.edges"} {
			os.Remove(f)
		}
	}
	// The gzip-compressed importance file reads back as one.
	mustRun(t, "rank", "-o", "scores.imp.gz", "g.edges")
	if _, errOut, status := crawlsim(t, "run", "-strategies", "optimal,bfs", "-importance-file", "scores.imp.gz", "g.edges"); status != 0 {
		t.Errorf("rank -o scores.imp.gz does not read back as an importance file: status %d, %s", status, errOut)
	}
}

// TestPlainTextOutputNamedGzIsRefused: an output that crawlsim reads back
// and whose reader does not decompress (a saved scenario, a seed list) is
// refused under a .gz name before any work, saying why and what to do;
// it was written as plain text under the .gz name.
func TestPlainTextOutputNamedGzIsRefused(t *testing.T) {
	files := inputFiles(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-save-scenario", "s.json.gz", "g.edges"}, "-save-scenario s.json.gz: a scenario is written as plain text, which -scenario reads (it does not decompress gzip); name it without .gz"},
		{[]string{"refresh", "-save-scenario", "s.json.GZ"}, "-save-scenario s.json.GZ: a scenario is written as plain text, which -scenario reads (it does not decompress gzip); name it without .gz"},
		{[]string{"seeds", "-urls", "u.urls", "-o", "s.txt.gz", "g.edges"}, "-o s.txt.gz: a seed list is written as plain text, which -seeds list:FILE reads (it does not decompress gzip); name it without .gz"},
	} {
		out, errOut, status := crawlsim(t, c.args...)
		if status != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("crawlsim %s: status %d, stdout %q, stderr %q; want status 2, no output and %q", strings.Join(c.args, " "), status, short(out), errOut, c.want)
		}
		unchanged(t, files, c.args)
	}
}

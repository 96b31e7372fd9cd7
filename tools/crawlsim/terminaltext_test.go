package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestTerminalSafe(t *testing.T) {
	for _, c := range []struct{ in, safe, text string }{
		{"plain label", "plain label", "plain label"},
		{"bfs\x1b[31mred", `bfs\x1b[31mred`, `bfs\x1b[31mred`},
		{"a\tb\nc\r\a", `a\tb\nc\r\a`, "a\tb\nc\\r\\a"},
		{"\u009b31m CSI", `\x9b31m CSI`, `\x9b31m CSI`},     // C1 control
		{"bad \xff byte", `bad \xff byte`, `bad \xff byte`}, // not UTF-8
		{"del\x7f", `del\x7f`, `del\x7f`},
		{"right\u202eleft", `right\u202eleft`, `right\u202eleft`}, // bidirectional override
		{"Bücher 東京 — ≤ µs\u00a0ok \\x1b", "Bücher 東京 — ≤ µs\u00a0ok \\x1b", "Bücher 東京 — ≤ µs\u00a0ok \\x1b"},
		{"\U000e0001tag", `\U000e0001tag`, `\U000e0001tag`},
	} {
		if got := terminalSafe(c.in); got != c.safe {
			t.Errorf("terminalSafe(%q) = %q, want %q", c.in, got, c.safe)
		}
		if got := terminalText(c.in); got != c.text {
			t.Errorf("terminalText(%q) = %q, want %q", c.in, got, c.text)
		}
	}
}

// TestInputTextIsEscapedOnTheTerminal: labels, page names, URLs and file
// names that came from inputs are printed with their control characters
// escaped, in tables and in error messages, so that an ESC sequence
// cannot recolour the terminal; JSON and CSV outputs keep the bytes.
func TestInputTextIsEscapedOnTheTerminal(t *testing.T) {
	inputFiles(t)
	const red = "\x1b[31m"
	os.WriteFile("u.urls", []byte("http://a.example/"+red+"\nhttp://a.example/x\nhttp://b.example/"+red+"\n"), 0o644)
	os.WriteFile("labels.edges", []byte("a"+red+"b c\nc a"+red+"b\nc d\n"), 0o644)
	os.WriteFile("x"+red+".edges", []byte("0 1\n"), 0o644)
	os.WriteFile("red.json", []byte(`{"version": 1, "graph": {"file": "g.edges"}, "seeds": "top-pagerank:1", "strategies": [{"id": "bfs", "label": "bfs\u001b[31mred"}]}`), 0o644)
	for _, c := range []struct {
		args []string
		want string // on stdout
	}{
		{[]string{"run", "-scenario", "red.json", "-o", "r.json"}, `bfs\x1b[31mred`},
		{[]string{"rank", "-top", "3", "-o", "labels.csv", "labels.edges"}, `a\x1b[31mb`},
		{[]string{"rank", "-top", "3", "-urls", "u.urls", "g.edges"}, `http://a.example/\x1b[31m`},
		{[]string{"seeds", "-k", "2", "-urls", "u.urls", "g.edges"}, `http://b.example/\x1b[31m`},
		{[]string{"info", "x" + red + ".edges"}, `x\x1b[31m.edges`},
		{[]string{"convert", "-o", "y" + red + ".csr", "x" + red + ".edges"}, `wrote y\x1b[31m.csr`},
	} {
		out, errOut, status := crawlsim(t, c.args...)
		if status != 0 || strings.ContainsAny(out+errOut, "\x1b") || !strings.Contains(out, c.want) {
			t.Errorf("crawlsim %q: status %d, stdout %q, stderr %q; want %q and no ESC", c.args, status, out, errOut, c.want)
		}
	}
	_, errOut, status := crawlsim(t, "info", "missing"+red+".edges")
	if status != 1 || strings.Contains(errOut, "\x1b") || !strings.Contains(errOut, `missing\x1b[31m.edges`) {
		t.Errorf("a missing file with ESC in its name: status %d, stderr %q", status, errOut)
	}
	// Data keeps its bytes.
	var res struct {
		Strategies []struct{ Label string } `json:"strategies"`
	}
	if b, err := os.ReadFile("r.json"); err != nil || json.Unmarshal(b, &res) != nil || len(res.Strategies) != 1 || res.Strategies[0].Label != "bfs"+red+"red" {
		t.Errorf("r.json does not keep the label's bytes: %+v, %v", res, err)
	}
	if b, _ := os.ReadFile("labels.csv"); !strings.Contains(string(b), "a"+red+"b,") {
		t.Errorf("labels.csv does not keep the page names' bytes: %q", b)
	}
}

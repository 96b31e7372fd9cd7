package formcheck

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// zeros are rules as the engine's catalogue gives them.
var zeros = []model.ZeroRule{
	{Path: "graph.generate.hosts", Want: "1 to the number of pages", Default: "one host per 200 pages"},
	{Path: "graph.generate.mean_out_degree", Want: "a positive mean, at most (pages-1)/2", Default: "8"},
	{Path: "politeness.connections", Want: "1 or more connections", Default: "1"},
}

// TestReaders: each reader returns the value read and refuses what does
// not read, under the field's label, with the text as typed; blank is 0
// (nil); a 0 whose path has a rule is refused in the rule's words.
func TestReaders(t *testing.T) {
	for _, c := range []struct {
		read func(*Errors) any
		want any
		err  string
	}{
		{func(e *Errors) any { return e.Seed("seed", " 7 ") }, uint64(7), ""},
		{func(e *Errors) any { return e.Seed("seed", "") }, uint64(model.DefaultRandomSeed), ""},
		{func(e *Errors) any { return e.Seed("seed", "-1") }, uint64(0), `seed: "-1" is not a whole number from 0 to 18,446,744,073,709,551,615`},
		{func(e *Errors) any { return e.Seed("seed", TypedNotANumber) }, uint64(0), "seed: what is typed is not a number"},
		{func(e *Errors) any { return e.Count("budget", "budget", "2e4") }, int64(20000), ""},
		{func(e *Errors) any { return e.Count("budget", "budget", "0") }, int64(0), ""},
		{func(e *Errors) any { return e.Count("budget", "budget", "2.5") }, int64(0), `budget: "2.5" is not a whole number`},
		{func(e *Errors) any { return e.Count("budget", "budget", "0x1p4") }, int64(0), `budget: "0x1p4" is not a number`},
		{func(e *Errors) any { return e.Count("budget", "budget", "-1e99") }, int64(0), "budget: -1e99 is not allowed: want a number of at least 1"},
		{func(e *Errors) any { return e.Count("connections", "politeness.connections", "1e99") }, int64(0), "connections: 1e99 is too large: at most 10,000"},
		{func(e *Errors) any { return e.Count("connections", "politeness.connections", "0") }, int64(0),
			"connections: 0 is not allowed: want 1 or more connections; leave the field blank for the default"},
		{func(e *Errors) any { return e.CountUpTo("hosts", "graph.generate.hosts", "3e3", 2000) }, int64(0), "hosts: 3e3 is too large: at most 2,000"},
		// A scenario's count is the engine's to judge (Generator, or the
		// worker's refusal: "-connections 20000 is not a number of
		// connections: want 1 to 10,000"); only one beyond a 64-bit
		// whole number is refused here, with the field's limit.
		{func(e *Errors) any { return e.ScenarioCount("hosts", "graph.generate.hosts", "3e3", 2000) }, int64(3000), ""},
		{func(e *Errors) any { return e.ScenarioCount("hosts", "graph.generate.hosts", "1e99", 2000) }, int64(0), "hosts: 1e99 is too large: at most 2,000"},
		{func(e *Errors) any { return e.Count("connections", "politeness.connections", "2e4") }, int64(20000), ""},
		{func(e *Errors) any { return *e.Real("wait", "1.5") }, 1.5, ""},
		{func(e *Errors) any { return e.Real("wait", " ") == nil }, true, ""},
		{func(e *Errors) any { return e.Real("wait", "abc") == nil }, true, `wait: "abc" is not a number`},
		{func(e *Errors) any { return e.Positive("degree", "graph.generate.mean_out_degree", "0") }, 0.0,
			"degree: 0 is not allowed: want a positive mean, at most (pages-1)/2; leave the field blank for the default"},
		{func(e *Errors) any { return e.Positive("degree", "graph.generate.mean_out_degree", "") }, 0.0, ""},
	} {
		e := Errors{Zeros: zeros}
		got := c.read(&e)
		err := e.Err()
		if got != c.want || (err == nil) != (c.err == "") || err != nil && err.Error() != c.err {
			t.Errorf("read %v, %v; want %v, %q", got, err, c.want, c.err)
		}
	}
}

// TestErrorsOnePerLine: every refusal is kept, one per line, in order.
func TestErrorsOnePerLine(t *testing.T) {
	var e Errors
	if e.Err() != nil {
		t.Fatal("no refusal is an error")
	}
	e.Bad("a", "first %d", 1)
	e.NotANumber("b", "x")
	if got := e.Err().Error(); got != "a: first 1\nb: \"x\" is not a number" {
		t.Errorf("got %q", got)
	}
}

// TestZeroWant: a path with a rule says what the field accepts; one
// without has none.
func TestZeroWant(t *testing.T) {
	if want, ok := ZeroWant(zeros, "politeness.connections"); !ok || !strings.HasPrefix(want, "1 or more") {
		t.Errorf("ZeroWant(connections) = %q, %v", want, ok)
	}
	if _, ok := ZeroWant(zeros, "random_seed"); ok {
		t.Error("ZeroWant(random_seed) found a rule")
	}
}

package main

import (
	"testing"
)

// TestScenarioProblemNamesItsSetter: a problem of a field is said after
// the flag that set it, the flag before the value ("-wait -1 is ...");
// a field the scenario file set is placed in the file, even beside a
// flag of the same part (-latency beside the file's wait), which did
// not set it and whose value it is not.
func TestScenarioProblemNamesItsSetter(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFile(t, ".", "wait.json", `{"politeness":{"connections":2,"wait":-1}}`)
	writeFile(t, ".", "model.json", `{"politeness":{"connections":2,"bandwidth_model":"bogus"}}`)
	writeFile(t, ".", "intra.json", `{"graph":{"generate":{"pages":400,"intra_host_share":2}}}`)
	for _, c := range []struct {
		status int // 2 for a flag's value, 1 for a file's
		args   []string
		want   string
	}{
		{2, []string{"run", "-n", "400", "-connections", "2", "-wait", "-1"}, "crawlsim run: -wait -1 is not a number of seconds from 0 to 1,000,000"},
		{2, []string{"run", "-n", "400", "-intra", "2"}, "crawlsim run: -intra 2 is out of range: want a number from 0 to 1"},
		{1, []string{"run", "-scenario", "wait.json", "-latency", "0.5"}, "crawlsim run: wait.json:1:39: politeness.wait: -1 is not a number of seconds"},
		{1, []string{"run", "-scenario", "model.json", "-latency", "0.5"}, `crawlsim run: model.json:1:50: politeness.bandwidth_model: "bogus" is not a bandwidth model`},
		{1, []string{"run", "-scenario", "intra.json", "-n", "400"}, "crawlsim run: intra.json:1:54: graph.generate.intra_host_share: intra-host share 2 is out of range"},
	} {
		checkFails(t, c.status, c.args, c.want)
	}
}

// TestWithFieldName: a problem charged to a flag of the field's part,
// not the field's own, names the field when it starts with the value.
func TestWithFieldName(t *testing.T) {
	for _, c := range []struct{ field, msg, want string }{
		{"politeness.wait", "-1 is not a number of seconds", "wait -1 is not a number of seconds"},
		{"politeness.bandwidth_model", `"x" is not a bandwidth model`, `bandwidth_model "x" is not a bandwidth model`},
		{"graph.generate.mean_out_degree", "mean out-degree 8 is too large for 3 pages", "mean out-degree 8 is too large for 3 pages"},
		{"seeds", "expected top-pagerank:K", "expected top-pagerank:K"},
	} {
		if got := withFieldName(c.field, c.msg); got != c.want {
			t.Errorf("withFieldName(%q, %q) = %q; want %q", c.field, c.msg, got, c.want)
		}
	}
}

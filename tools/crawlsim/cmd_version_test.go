package main

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestVersion: crawlsim version prints the build Go records in the binary
// (the test binary's here: the module, the Go version and the platform),
// -json the same as model.Build, and --version is version.
func TestVersion(t *testing.T) {
	out, _, status := crawlsim(t, "version")
	platform := runtime.GOOS + "/" + runtime.GOARCH
	if status != 0 || !strings.Contains(out, "go        "+runtime.Version()+" "+platform+"\n") || !strings.HasPrefix(out, "crawlsim  ") {
		t.Errorf("version: status %d, output\n%s\nwant the version first and the line go %s %s", status, out, runtime.Version(), platform)
	}
	if again, _, _ := crawlsim(t, "--version"); again != out {
		t.Errorf("--version printed\n%s\nwant what version prints\n%s", again, out)
	}
	js, _, status := crawlsim(t, "version", "-json")
	var b model.Build
	if err := json.Unmarshal([]byte(js), &b); status != 0 || err != nil || b.Go != runtime.Version() || b.Platform != platform || b.Version == "" {
		t.Errorf("version -json: status %d, %v, %+v", status, err, b)
	}
	checkFails(t, 2, []string{"version", "now"}, `crawlsim version: takes no arguments, got ["now"]`)
}

// TestWriteBuild: a build from a repository prints its commit, the
// commit's time and whether the working copy was modified.
func TestWriteBuild(t *testing.T) {
	var out strings.Builder
	e := &env{stdout: &out}
	b := model.Build{Module: "github.com/crawlsim/crawlsim", Version: "v0.0.0-20261130175327-f3936b7eb2c2+dirty",
		Revision: "f3936b7eb2c216f9c2082f70ff1892bc75bc2413", Time: "2026-11-30T17:53:27Z", Modified: true, Go: "go1.25.1", Platform: "linux/amd64"}
	if err := writeBuild(e, b); err != nil {
		t.Fatal(err)
	}
	want := `crawlsim  v0.0.0-20261130175327-f3936b7eb2c2+dirty
module    github.com/crawlsim/crawlsim
commit    f3936b7eb2c216f9c2082f70ff1892bc75bc2413
time      2026-11-30T17:53:27Z
modified  true
go        go1.25.1 linux/amd64
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// TestWriteBuildWithoutCommit: a build without the commit (go run, or
// -buildvcs=false) says the commit was not recorded, rather than leaving
// out the line the help promises.
func TestWriteBuildWithoutCommit(t *testing.T) {
	var out strings.Builder
	e := &env{stdout: &out}
	b := model.Build{Module: "github.com/crawlsim/crawlsim", Version: "(devel)", Go: "go1.25.1", Platform: "linux/amd64"}
	if err := writeBuild(e, b); err != nil {
		t.Fatal(err)
	}
	want := `crawlsim  (devel)
module    github.com/crawlsim/crawlsim
commit    not recorded (go run, -buildvcs=false or no git checkout)
go        go1.25.1 linux/amd64
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// TestInstantCommandsEndQuietly: strategies and version, which only
// print, write nothing on stderr ("crawlsim version: done in 0s" was
// noise after a version), and their help says -quiet has nothing to
// silence, while a command that works still ends with its line.
func TestInstantCommandsEndQuietly(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"strategies"}, {"strategies", "-json", "-quiet"}} {
		if _, errOut, status := crawlsim(t, args...); status != 0 || errOut != "" {
			t.Errorf("crawlsim %v: status %d, stderr %q; want 0 and nothing", args, status, errOut)
		}
	}
	// Their help does not promise progress that -quiet would silence.
	for _, name := range []string{"version", "strategies"} {
		if out, _, _ := crawlsim(t, "help", name); !strings.Contains(out, "this one writes no progress") || strings.Contains(out, "write no progress on stderr") {
			t.Errorf("help %s: -quiet's help is not the one of a command that only prints:\n%s", name, out)
		}
	}
	dir := t.TempDir()
	if _, errOut, _ := crawlsim(t, "gen", "-n", "20", "-o", dir+"/g.edges"); !strings.Contains(errOut, "crawlsim gen: done in") {
		t.Errorf("gen: stderr %q; want its done line", errOut)
	}
}

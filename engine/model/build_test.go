package model

import (
	"runtime/debug"
	"testing"
)

// TestBuildOf checks the build read from Go's build information: the
// commit, its time and the modified flag from the vcs settings, the
// platform from GOOS and GOARCH, and "(devel)" for a version not recorded.
func TestBuildOf(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Path: "github.com/crawlsim/crawlsim"},
		Settings: []debug.BuildSetting{{Key: "GOARCH", Value: "wasm"}, {Key: "GOOS", Value: "js"},
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-11-30T18:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	want := Build{Module: "github.com/crawlsim/crawlsim", Version: "(devel)", Revision: "0123456789abcdef0123456789abcdef01234567",
		Time: "2026-11-30T18:00:00Z", Modified: true, Go: "go1.25.1", Platform: "js/wasm"}
	b := BuildOf(bi)
	if b != want {
		t.Errorf("BuildOf: %+v\nwant %+v", b, want)
	}
	if got, want := b.Short(), "(devel), commit 0123456789ab of 2026-11-30T18:00:00Z, modified, go1.25.1"; got != want {
		t.Errorf("Short: %q; want %q", got, want)
	}
	bi.Main.Version, bi.Settings = "v1.2.0", nil
	if got, want := BuildOf(bi).Short(), "v1.2.0, go1.25.1"; got != want {
		t.Errorf("Short without vcs settings: %q; want %q", got, want)
	}
}

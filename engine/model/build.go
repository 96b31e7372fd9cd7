package model

import (
	"runtime/debug"
	"strings"
)

// Build is the identity of a crawlsim binary, as Go records it in the
// binary (runtime/debug.ReadBuildInfo): what `crawlsim version` prints and
// the page's About panel shows, so that a result can be traced to the
// build that made it.
type Build struct {
	// Module is the main module's path ("github.com/crawlsim/crawlsim").
	Module string `json:"module"`
	// Version is the module's version: a release tag, a pseudo-version,
	// or "(devel)" for a build from a working copy.
	Version string `json:"version"`
	// Revision and Time are the version control commit the binary was
	// built from and its time (RFC 3339); empty when the build recorded
	// none (go build -buildvcs=false, or outside a repository).
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	// Modified reports a build from a working copy with changes not
	// committed.
	Modified bool `json:"modified,omitempty"`
	// Go is the Go toolchain's version ("go1.25.1"), and Platform the
	// target ("linux/amd64", "js/wasm").
	Go       string `json:"go"`
	Platform string `json:"platform,omitempty"`
}

// ReadBuild returns the running binary's Build; ok is false when the
// binary holds no build information.
func ReadBuild() (b Build, ok bool) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Build{}, false
	}
	return BuildOf(bi), true
}

// BuildOf returns the Build that bi records.
func BuildOf(bi *debug.BuildInfo) Build {
	b := Build{Module: bi.Main.Path, Version: bi.Main.Version, Go: bi.GoVersion}
	var goos, goarch string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		case "GOOS":
			goos = s.Value
		case "GOARCH":
			goarch = s.Value
		}
	}
	if goos != "" && goarch != "" {
		b.Platform = goos + "/" + goarch
	}
	if b.Version == "" {
		b.Version = "(devel)"
	}
	return b
}

// Short is the build in one line: the version, the commit's first 12
// hex digits and its time, "modified" when it was, and the Go version
// ("(devel), commit 0123456789ab of 2026-11-30T18:00:00Z, modified, go1.25.1").
func (b Build) Short() string {
	parts := []string{b.Version}
	if b.Revision != "" {
		rev := b.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		c := "commit " + rev
		if b.Time != "" {
			c += " of " + b.Time
		}
		parts = append(parts, c)
	}
	if b.Modified {
		parts = append(parts, "modified")
	}
	if b.Go != "" {
		parts = append(parts, b.Go)
	}
	return strings.Join(parts, ", ")
}

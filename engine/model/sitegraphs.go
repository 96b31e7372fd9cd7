package model

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// SiteGraphsFile is the name of the list of the graphs a site carries
// (SiteGraphs, as JSON), at the root of the site, beside index.html.
const SiteGraphsFile = "graphs.json"

// SiteGraphsDir is the folder of a site that holds its graphs: every
// file a SiteGraph names is inside it.
const SiteGraphsDir = "graphs"

// SiteGraphs is the list of the graphs a site carries (serve.go -graph),
// which the page offers in its Graph panel. A scenario names one by its
// path in the site (Source.File "graphs/cs-stanford.edges", Source.URLs
// "graphs/cs-stanford.urls"), and the page reads its files from the
// site, its own origin.
type SiteGraphs struct {
	Graphs []SiteGraph `json:"graphs"`
}

// SiteGraph is one graph of a site: its files, by their paths in the
// site, and its statistics.
type SiteGraph struct {
	// File is the graph file (a BVGraph's NAME.graph).
	File string `json:"file"`
	// Extra are the graph's other files: a BVGraph's NAME.properties
	// and, when there is one, NAME.offsets.
	Extra []string `json:"extra,omitempty"`
	// URLs is the URL list, "" when there is none.
	URLs string `json:"urls,omitempty"`
	// Bytes is the size of all its files together, the URL list's too.
	Bytes int64 `json:"bytes"`
	// Stats are the graph's statistics, as graph.ComputeStats gives them
	// (with its URL list's hosts).
	Stats GraphStats `json:"stats"`
}

// Files returns the paths of all the graph's files: File, Extra, then
// URLs when there is one.
func (g SiteGraph) Files() []string {
	files := append([]string{g.File}, g.Extra...)
	if g.URLs != "" {
		files = append(files, g.URLs)
	}
	return files
}

// IsSitePath reports whether a graph's file name is a path in the site
// (it has a folder: SiteGraphsDir) rather than the name of a file the
// user uploads, which never has one.
func IsSitePath(name string) bool { return strings.Contains(name, "/") }

// CheckSitePath checks that p names a file inside the site's graphs
// folder: "graphs/NAME" or "graphs/FOLDER/NAME", slash-separated, with no
// empty, "." or ".." element, no element starting with a dot (the site's
// server refuses those), no backslash, colon or NUL. A path that would
// leave the folder, or the site, is refused with an error that says so.
func CheckSitePath(p string) error {
	if p == "" {
		return errors.New("an empty path is not a file of the site")
	}
	rest, ok := strings.CutPrefix(p, SiteGraphsDir+"/")
	if !ok || rest == "" {
		return fmt.Errorf("%q is not a file in the site's %s/ folder", p, SiteGraphsDir)
	}
	if strings.ContainsAny(p, "\\:\x00") || !fs.ValidPath(p) {
		return fmt.Errorf("%q escapes the site's %s/ folder or is not a plain path (no .., no backslash, no colon)", p, SiteGraphsDir)
	}
	for _, el := range strings.Split(rest, "/") {
		if strings.HasPrefix(el, ".") {
			return fmt.Errorf("%q has an element starting with a dot, which the site does not serve", p)
		}
	}
	return nil
}

package model

import (
	"io/fs"
	"path"
	"strings"
	"testing"
)

func TestCheckSitePath(t *testing.T) {
	for _, p := range []string{"graphs/cs-stanford.edges", "graphs/2001/cs-stanford.graph", "graphs/a b.edges.gz"} {
		if err := CheckSitePath(p); err != nil {
			t.Errorf("CheckSitePath(%q) = %v", p, err)
		}
		if !IsSitePath(p) {
			t.Errorf("IsSitePath(%q) = false", p)
		}
	}
	for _, p := range []string{
		"", "cs-stanford.edges", "graphs/", "graphs", "/graphs/x.edges", "graphs/../index.html", "graphs/a/../../x",
		"graphs//x", "graphs/./x", "graphs/.hidden", "graphs/a/.git/x", `graphs/a\x`, "graphs/c:x", "https://example.org/graphs/x",
		"other/x.edges", "graphs/x\x00",
	} {
		if err := CheckSitePath(p); err == nil {
			t.Errorf("CheckSitePath(%q) took it", p)
		}
	}
	if IsSitePath("cs-stanford.edges") {
		t.Error("an uploaded file's name is a site path")
	}
}

// FuzzCheckSitePath: a path CheckSitePath takes is a clean, valid path
// inside the site's graphs folder, with no element starting with a dot.
func FuzzCheckSitePath(f *testing.F) {
	for _, p := range []string{"graphs/cs-stanford.edges", "graphs/a/b.graph", "graphs/../x", "graphs/.x", "x", "graphs//x", `graphs/a\b`} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if CheckSitePath(p) != nil {
			return
		}
		if !fs.ValidPath(p) || path.Clean(p) != p || !strings.HasPrefix(p, SiteGraphsDir+"/") || !IsSitePath(p) {
			t.Fatalf("CheckSitePath took %q", p)
		}
		for _, el := range strings.Split(p, "/") {
			if el == "" || strings.HasPrefix(el, ".") {
				t.Fatalf("CheckSitePath took %q, with the element %q", p, el)
			}
		}
	})
}

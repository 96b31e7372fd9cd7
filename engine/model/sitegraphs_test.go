package model

import "testing"

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

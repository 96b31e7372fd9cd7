package graph_test

import (
	"net/netip"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// referenceHostCheck is the last test of graph.HostName written plainly:
// an IP address as netip parses it, else dot-separated labels of
// lower-case letters, digits, '-' and '_' that neither start nor end
// with '-'.
func referenceHostCheck(h string) bool {
	if _, err := netip.ParseAddr(h); err == nil {
		return true
	}
	if !strings.Contains(h, ".") {
		return false
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				return false
			}
		}
	}
	return true
}

// TestHostNameAgreesWithAPlainCheck draws host parts from the characters
// that decide the check (letters, digits, dots, colons, '-', '%') and
// compares HostName's verdict on http://HOST/ with the plain check's.
func TestHostNameAgreesWithAPlainCheck(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := rapid.StringOfN(rapid.SampledFrom([]rune("ab09.-:_%fe")), 1, 24, -1).Draw(t, "host")
		if strings.ContainsAny(h, ":") || h == "localhost" {
			// A colon is a port separator in a URL; IPv6 literals
			// come in brackets and are tested below.
			return
		}
		name, ok := graph.HostName("http://" + h + "/")
		want := strings.TrimSuffix(h, ".")
		wantOK := want != "" && referenceHostCheck(want)
		if ok != wantOK || ok && name != want {
			t.Fatalf("HostName(http://%s/) = %q, %v; the plain check says %q, %v", h, name, ok, want, wantOK)
		}
	})
}

func TestHostNameAddresses(t *testing.T) {
	for url, want := range map[string]string{
		"http://192.168.0.1/":         "192.168.0.1",
		"http://192.168.0.1:8080/x":   "192.168.0.1",
		"http://[fe80::1]/":           "fe80::1",
		"http://[fe80::1]:80/":        "fe80::1",
		"http://1.2.3/":               "1.2.3",
		"http://www.example.com/":     "www.example.com",
		"http://www.example.com./":    "www.example.com",
		"http://www..example.com/":    "",
		"http://example.com../":       "",
		"http://.example.com/":        "",
		"http://-a.example.com/":      "",
		"http://a-.example.com/":      "",
		"http://under_score.example/": "under_score.example",
	} {
		got, ok := graph.HostName(url)
		if ok != (want != "") || got != want {
			t.Errorf("HostName(%s) = %q, %v; want %q", url, got, ok, want)
		}
	}
}

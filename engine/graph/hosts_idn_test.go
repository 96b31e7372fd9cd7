package graph

import "testing"

// TestHostNameInternationalised: a host name in Unicode (IDNA 2008, UTS
// #46 as browsers apply it) is a host, written in its ASCII (punycode)
// form, so that "bücher.de" and "xn--bcher-kva.de" are one host. The
// punycode forms come from RFC 3492's algorithm as implemented by
// golang.org/x/net/idna and agree with Python's "bücher".encode("idna").
func TestHostNameInternationalised(t *testing.T) {
	cases := []struct {
		url, host string
		ok        bool
	}{
		{"http://bücher.de/", "xn--bcher-kva.de", true},
		{"http://BÜCHER.DE/", "xn--bcher-kva.de", true},
		{"http://xn--bcher-kva.de/", "xn--bcher-kva.de", true},
		{"https://user@münchen.example:8080/a?b", "xn--mnchen-3ya.example", true},
		// An ideographic full stop separates labels as "." does.
		{"http://bücher。de/", "xn--bcher-kva.de", true},
		{"http://例え.テスト/", "xn--r8jz45g.xn--zckzah", true},
		{"bücher.de/katalog", "xn--bcher-kva.de", true},
		// Still no host: no dot, a space, a disallowed character.
		{"http://bücher/", "", false},
		{"http://bü cher.de/", "", false},
		{"http://bücher\u2028.de/", "", false},
		{"http://\xff\xfe.de/", "", false},
	}
	for _, c := range cases {
		host, ok := HostName(c.url)
		if host != c.host || ok != c.ok {
			t.Errorf("HostName(%q) = %q, %v; want %q, %v", c.url, host, ok, c.host, c.ok)
		}
	}
	h := HostsFromURLs([]string{"http://bücher.de/a", "http://xn--bcher-kva.de/b", "http://BÜCHER.de/c"})
	if len(h.Names) != 1 || h.Names[0] != "xn--bcher-kva.de" || h.Unparsed != 0 {
		t.Fatalf("hosts %+v: want the one host xn--bcher-kva.de", h)
	}
}

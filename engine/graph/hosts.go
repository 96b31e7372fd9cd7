package graph

import (
	"fmt"
	"net/netip"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// HostName returns the lower-cased host name of a URL, and false when the
// URL has none that can be parsed. Only the authority is read, so a broken
// path or query (an invalid %-escape, say) does not hide a good host. A
// missing scheme is read as http, so "www.example.org/a" has host
// "www.example.org". A host name must be an IP address, "localhost", or a
// dotted DNS name of letters, digits, hyphens and underscores:
// "http://www1/x" has no parseable host, nor has "mailto:a@b.org".
// An internationalised name ("bücher.de") is mapped and converted to its
// ASCII form as browsers look it up (UTS #46 with IDNA 2008,
// idna.Lookup), so it reads "xn--bcher-kva.de", the same host as the URL
// that spells it so; a name that conversion refuses has no host.
func HostName(rawURL string) (string, bool) {
	s := strings.TrimSpace(rawURL)
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	} else if hasOpaqueScheme(s) {
		return "", false // mailto:, javascript: and the like name no host
	} else {
		s = strings.TrimPrefix(s, "//")
	}
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		s = s[i+1:] // user information
	}
	h := s
	if strings.HasPrefix(h, "[") { // an IPv6 literal, perhaps with a port
		end := strings.IndexByte(h, ']')
		if end < 0 {
			return "", false
		}
		if rest := h[end+1:]; rest != "" && !isPort(rest) {
			return "", false
		}
		h = h[1:end]
		if a, err := netip.ParseAddr(h); err != nil || !a.Is6() {
			return "", false
		}
		return strings.ToLower(h), true
	}
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		if !isPort(h[i:]) {
			return "", false
		}
		h = h[:i]
	}
	if !isASCII(h) {
		if !utf8.ValidString(h) {
			return "", false
		}
		a, err := idna.Lookup.ToASCII(h)
		if err != nil {
			return "", false
		}
		h = a
	}
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	if h == "" {
		return "", false
	}
	if h == "localhost" {
		return h, true
	}
	if mayBeAddr(h) {
		if _, err := netip.ParseAddr(h); err == nil {
			return h, true
		}
	}
	if !strings.Contains(h, ".") {
		return "", false
	}
	for rest := h; rest != ""; {
		label, after, more := strings.Cut(rest, ".")
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' || more && after == "" {
			return "", false
		}
		rest = after
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				return "", false
			}
		}
	}
	return h, true
}

// mayBeAddr reports whether h may be an IP address for netip.ParseAddr:
// an IPv4 address holds only digits and dots, an IPv6 one a colon. Host
// names fail the test, so that the URLs of a large graph do not each
// build ParseAddr's error.
func mayBeAddr(h string) bool {
	for i := 0; i < len(h); i++ {
		if c := h[i]; c == ':' {
			return true
		} else if c != '.' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// isASCII reports whether s holds only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// isPort reports whether s is ":" followed by at most five digits (an empty
// port is allowed, as in "http://a.org:/").
func isPort(s string) bool {
	if s == "" || s[0] != ':' || len(s) > 6 {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// hasOpaqueScheme reports whether s starts with a URL scheme followed by
// something other than a port number, as in "mailto:a@b.org".
func hasOpaqueScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == ':' && i > 0:
			return i+1 >= len(s) || s[i+1] < '0' || s[i+1] > '9'
		default:
			return false
		}
	}
	return false
}

// HostsFromURLs builds the host table of a URL list (one URL per page, in id
// order). Host ids follow the order in which hosts first appear. Pages whose
// URL has no parseable host (see HostName) share one host named NoHost, and
// their number is reported in Unparsed.
func HostsFromURLs(urls []string) *Hosts {
	b := NewHostsBuilder(len(urls))
	for i, u := range urls {
		b.Set(i, u)
	}
	return b.Hosts()
}

// HostsBuilder builds a host table page by page, for callers that work in
// bounded steps; HostsFromURLs is the one-call form. Pages must be set in
// increasing id order for host ids to follow first appearance. A host's
// name is copied when it is first seen, so the URLs given need not stay
// valid (or in memory) after the call: a reader may pass each line of a
// URL list from its reused buffer and keep 4 bytes a page and the names.
type HostsBuilder struct {
	ids   map[string]uint32
	hosts *Hosts
}

// NewHostsBuilder starts the host table of n pages.
func NewHostsBuilder(n int) *HostsBuilder {
	return &HostsBuilder{ids: make(map[string]uint32), hosts: &Hosts{Of: make([]uint32, n)}}
}

// Set gives page i the host of url.
func (b *HostsBuilder) Set(i int, url string) {
	b.hosts.Of[i] = b.hostOf(url)
}

// Add appends a page whose URL is url, after the pages the table has.
func (b *HostsBuilder) Add(url string) {
	b.hosts.Of = append(b.hosts.Of, b.hostOf(url))
}

// hostOf returns the id of url's host, adding the host when it is new.
func (b *HostsBuilder) hostOf(url string) uint32 {
	name, ok := HostName(url)
	if !ok {
		name = NoHost
		b.hosts.Unparsed++
	}
	id, seen := b.ids[name]
	if !seen {
		name = strings.Clone(name)
		id = uint32(len(b.hosts.Names))
		b.ids[name] = id
		b.hosts.Names = append(b.hosts.Names, name)
	}
	return id
}

// Hosts returns the table built so far.
func (b *HostsBuilder) Hosts() *Hosts { return b.hosts }

// WithURLs returns a shallow copy of g that carries the URL list and the host
// table derived from it. It fails when the list does not have one URL per
// page.
func (g *Graph) WithURLs(urls []string) (*Graph, error) {
	c := *g
	c.URLs = urls
	c.Hosts = HostsFromURLs(urls)
	if err := c.checkPageCount(len(urls), "URL list"); err != nil {
		return nil, err
	}
	return &c, nil
}

func (g *Graph) checkPageCount(k int, what string) error {
	if n := g.NumNodes(); k != n {
		return &CountError{What: what, Got: k, Want: n}
	}
	return nil
}

// CountError reports a per-page list whose length differs from the number
// of pages.
type CountError struct {
	What string // what the list is, e.g. "URL list"
	Got  int    // its length
	Want int    // the number of pages
}

func (e *CountError) Error() string {
	return fmt.Sprintf("graph: %s has %d entries, but the graph has %d pages", e.What, e.Got, e.Want)
}

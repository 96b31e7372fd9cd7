package seeds

import "strings"

// urlKey returns the form of a URL under which a seed list looks it up:
// its scheme and host lower-cased, which RFC 3986 makes case-insensitive
// (sections 3.1 and 3.2.2; the host table lower-cases hosts too,
// graph.HostName), the rest as it is, since the path, the query and the
// user information are case-sensitive. "HTTP://WWW.Example.ORG/Index"
// becomes "http://www.example.org/Index". A text without "://" is
// returned as it is.
func urlKey(u string) string {
	i := strings.Index(u, "://")
	if i < 0 {
		return u
	}
	authority := i + 3
	end := len(u)
	if j := strings.IndexAny(u[authority:], "/?#"); j >= 0 {
		end = authority + j
	}
	host := authority
	if at := strings.LastIndexByte(u[authority:end], '@'); at >= 0 {
		host = authority + at + 1
	}
	if !hasUpper(u[:i]) && !hasUpper(u[host:end]) {
		return u // the common case: no copy
	}
	return strings.ToLower(u[:i]) + u[i:host] + strings.ToLower(u[host:end]) + u[end:]
}

// hasUpper reports whether s holds an ASCII upper-case letter.
func hasUpper(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return 'A' <= r && r <= 'Z' }) >= 0
}

// urlTable finds a seed list's URLs among a graph's: a URL as a page has
// it names that page (the first page, if several have it, as before
// scheme and host were matched in either case); one that differs from
// every page's only in the case of its scheme or host (urlKey) names the
// page whose URL it folds to, unless two pages' URLs fold to it.
type urlTable struct {
	exact map[string]uint32
	// folded maps a URL's key to its first page and, in the second
	// place, another page of the same key (the first again when there is
	// none).
	folded map[string][2]uint32
}

// newURLTable indexes urls, the URL of each page.
func newURLTable(urls []string) *urlTable {
	t := &urlTable{exact: make(map[string]uint32, len(urls)), folded: make(map[string][2]uint32, len(urls))}
	for i, u := range urls {
		p := uint32(i)
		if _, dup := t.exact[u]; !dup {
			t.exact[u] = p
		}
		key := urlKey(u)
		if pages, dup := t.folded[key]; !dup {
			t.folded[key] = [2]uint32{p, p}
		} else if pages[0] == pages[1] && u != urls[pages[0]] {
			t.folded[key] = [2]uint32{pages[0], p}
		}
	}
	return t
}

// page returns the page a seed list's URL names, and other: page again,
// or another page of the same key when the URL matches no page exactly
// and two pages' URLs differ from it only in case (which the caller
// refuses as ambiguous); ok is false when no page has the URL.
func (t *urlTable) page(u string) (page, other uint32, ok bool) {
	if p, found := t.exact[u]; found {
		return p, p, true
	}
	pages, found := t.folded[urlKey(u)]
	return pages[0], pages[1], found
}

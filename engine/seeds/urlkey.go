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

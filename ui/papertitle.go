package main

import (
	"strings"
	"unicode"
)

// paperTitle names paper number (a protocol.Papers number) for a reader,
// by its short title and year from the catalogue's citation: "Crawling a
// country (2005)". The short title is the quoted title up to its colon;
// the year is the one that ends the citation outside parentheses, so a
// paper whose citation gives only the year of a paper it extends
// ("(extends their ..., DASFAA 2009)") is named without one. A number the
// catalogue does not cite, or a citation without a quoted title, is named
// fallback.
func paperTitle(number, fallback string) string {
	for _, p := range catalogue.Papers {
		if p.Number != number {
			continue
		}
		open := strings.IndexByte(p.Citation, '"')
		if open < 0 {
			return fallback
		}
		title, rest, ok := strings.Cut(p.Citation[open+1:], `"`)
		if !ok || title == "" {
			return fallback
		}
		if short, _, found := strings.Cut(title, ":"); found && short != "" {
			title = short
		}
		if year := citationYear(rest); year != "" {
			return title + " (" + year + ")"
		}
		return title
	}
	return fallback
}

// citationYear returns the four-digit year that ends the text of a
// citation after its title, parenthesised parts left out, or "" when it
// ends otherwise.
func citationYear(rest string) string {
	var b strings.Builder
	depth := 0
	for _, r := range rest {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	s := strings.TrimRight(b.String(), " .,")
	if len(s) < 4 {
		return ""
	}
	year := s[len(s)-4:]
	for _, r := range year {
		if !unicode.IsDigit(r) {
			return ""
		}
	}
	if len(s) > 4 && unicode.IsDigit(rune(s[len(s)-5])) {
		return ""
	}
	return year
}

// paperAuthors names paper number the short way a citation does, by its
// authors and year (model.Paper.Short, the engine's crawl.ShortCitation
// in the catalogue): "Cho and Schonfeld 2007", "Baeza-Yates et al. 2005",
// for the Papers picker, which must fit a phone's width (paperTitle's
// titles run to 78 characters). A number the catalogue does not cite, or
// cites with no short form, is named fallback.
func paperAuthors(number, fallback string) string {
	for _, p := range catalogue.Papers {
		if p.Number == number && p.Short != "" {
			return p.Short
		}
	}
	return fallback
}

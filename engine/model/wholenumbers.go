package model

import "github.com/crawlsim/crawlsim/engine/strictjson"

// isJSONNumber reports whether text is a number as JSON writes one (RFC
// 8259, section 6): -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?. It is
// written out rather than a regular expression, which would link the
// regexp package into the page's and the worker's WebAssembly (0.4 MB
// raw each; TestBinariesLinkNoRegexp).
func isJSONNumber(text string) bool {
	i := 0
	digits := func() int {
		start := i
		for i < len(text) && '0' <= text[i] && text[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < len(text) && text[i] == '-' {
		i++
	}
	switch {
	case i < len(text) && text[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(text) && text[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		i++
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(text)
}

// WholeNumber reads text, a number as JSON writes one ("1e3", "2.50e1",
// "-7"), as a whole number in digits ("1000", "25", "-7"), as a scenario
// file's counts are read: number says whether text is such a number
// (not "Inf", "0x10" or "1e"), whole whether it is a whole one (digits
// is "" when not: "1.5", "1.0000000000000001"). One of more than 21
// digits is written as 1 (or -1) and 21 zeros, beyond every integer type.
func WholeNumber(text string) (digits string, number, whole bool) {
	if !isJSONNumber(text) {
		return "", false, false
	}
	digits, whole = strictjson.WholeDigits(text)
	return digits, true, whole
}

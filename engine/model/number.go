package model

import (
	"math"
	"strconv"
	"strings"
)

// GroupDigits separates the thousands of every number of four digits or
// more in s with commas, as the command line and the page write counts
// and limits: "12345 (0.12345)" becomes "12,345 (0.12345)". It leaves
// alone the digits after a decimal point, in an exponent ("1e10000", "1e+1000") and
// in a word or name ("x1234", "fpr-1000"). It is for text the program
// writes; text a user typed (a value, a quoted item, a URL, a file name)
// is never passed through it.
func GroupDigits(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/3)
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		run := s[i:j]
		afterPoint := i > 0 && s[i-1] == '.'
		// A letter, or a sign after a letter, before the digits: a name
		// ("fpr-1000") or an exponent ("1e10000", "1e+1000", "1e-1000").
		inWord := i > 0 && (isLetter(s[i-1]) || (s[i-1] == '-' || s[i-1] == '+') && i > 1 && isLetter(s[i-2]))
		if len(run) > 3 && !afterPoint && !inWord {
			for k := range len(run) {
				if k > 0 && (len(run)-k)%3 == 0 {
					b.WriteByte(',')
				}
				b.WriteByte(run[k])
			}
		} else {
			b.WriteString(run)
		}
		i = j
	}
	return b.String()
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// MaxPages is the most pages a graph holds: page ids are uint32
// (graph.MaxNodes is this limit).
const MaxPages = 1<<32 - 1

// Count writes a whole number with thousands separators: 1048576 is
// "1,048,576".
func Count[N ~int | ~int64 | ~uint64](n N) string {
	if n < 0 {
		return GroupDigits(strconv.FormatInt(int64(n), 10))
	}
	return GroupDigits(strconv.FormatUint(uint64(n), 10))
}

// Number writes v with thousands separators, as short as reads back as
// v: 1e8 is "100,000,000", 9999.5 is "9,999.5". A number below 1 in size,
// or of 10^21 or more, or not finite, is written as strconv's 'g' format
// does ("0.85", "1e-10", "1e+300"), its zeros being no use to a reader.
func Number(v float64) string {
	if a := math.Abs(v); !(a >= 1 && a < 1e21) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return GroupDigits(strconv.FormatFloat(v, 'f', -1, 64))
}

// About writes v rounded to three significant digits, as Number does:
// 2.6049e8 is "260,000,000". It is for an estimate, never a limit.
func About(v float64) string {
	rounded, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 3, 64), 64)
	if err != nil {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	return Number(rounded)
}

// numbersInWords returns args with each int written by Count and each
// float64 by Number, for a message that says them with %s beside counts
// already grouped ("sites 2,000,000: want 1 to 1,048,576").
func numbersInWords(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case int:
			out[i] = Count(v)
		case float64:
			out[i] = Number(v)
		default:
			out[i] = a
		}
	}
	return out
}

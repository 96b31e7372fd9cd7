package model

// Counted writes a count and its noun, singular for exactly one and
// plural otherwise, the count with thousands separators as Count writes
// it: "1 page", "0 pages", "30,000 pages".
func Counted[N ~int | ~int64 | ~uint64](n N, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Count(n) + " " + many
}

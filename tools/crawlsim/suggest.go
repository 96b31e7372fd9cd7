package main

import (
	"fmt"
	"strings"
)

// closest returns the candidate a mistyped word most likely meant: the
// one at the smallest edit distance (insertions, deletions, changes and
// swaps of two neighbours count one each; case is ignored), if that is
// small for the word's length (1 up to 4 characters, 2 up to 8, 3
// beyond), the first such candidate on a tie; "" when none is that
// near or the word is a candidate.
func closest(word string, candidates []string) string {
	w := strings.ToLower(word)
	limit := 3
	switch n := len([]rune(w)); {
	case n <= 4:
		limit = 1
	case n <= 8:
		limit = 2
	}
	best, bestD := "", limit+1
	for _, c := range candidates {
		if c == word {
			return ""
		}
		if d := editDistance(w, strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b,
// by runes: the edits of closest.
func editDistance(a, b string) int {
	s, t := []rune(a), []rune(b)
	prev2 := make([]int, len(t)+1)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(t)]
}

// didYouMean is "; did you mean X?" with X the candidate closest to word
// (closest) written by format (as in "-%s" for a flag, "%q" for a
// name), or "" when none is near.
func didYouMean(word string, candidates []string, format string) string {
	c := closest(word, candidates)
	if c == "" {
		return ""
	}
	return "; did you mean " + fmt.Sprintf(format, c) + "?"
}

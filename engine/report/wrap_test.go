package report

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

func TestWrapWordsExample(t *testing.T) {
	got := WrapWords("  the cumulative\tPageRank of  bfs ", 16)
	want := []string{"the cumulative", "PageRank of bfs"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := WrapWords(" ", 10); !slices.Equal(got, []string{""}) {
		t.Errorf("blank text: got %q, want one empty line", got)
	}
}

// TestWrapWordsKeepsTheWords: the lines hold the text's words in order,
// each line within chars unless it is one word longer than that, and no
// line could have taken the next line's first word.
func TestWrapWordsKeepsTheWords(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		words := rapid.SliceOf(rapid.StringMatching(`[a-zé]{1,12}`)).Draw(t, "words")
		chars := rapid.IntRange(1, 30).Draw(t, "chars")
		lines := WrapWords(strings.Join(words, " "), chars)
		if got := strings.Fields(strings.Join(lines, " ")); !slices.Equal(got, words) && len(words) > 0 {
			t.Fatalf("lines %q do not hold the words %q", lines, words)
		}
		for i, l := range lines {
			if n := utf8.RuneCountInString(l); n > chars && strings.Contains(l, " ") {
				t.Fatalf("line %q has %d characters, more than %d", l, n, chars)
			}
			if i+1 < len(lines) {
				next := strings.Fields(lines[i+1])[0]
				if utf8.RuneCountInString(l)+1+utf8.RuneCountInString(next) <= chars {
					t.Fatalf("line %q could have taken %q (%d characters)", l, next, chars)
				}
			}
		}
	})
}

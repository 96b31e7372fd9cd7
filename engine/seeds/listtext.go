package seeds

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// The items of a list in the seed-set notation (list:A,B,C): separated by
// commas or white space, each written as it is, or as a quoted string
// (Go's, which reads JSON's escapes too) when it holds a comma or white
// space or starts with a quote. A seed list file's line may be a URL with
// a comma in it ("http://a.example/x?a=1,2"): quoted, it stays one item
// through a scenario's seeds field, which holds the list as text.

// isItemSeparator reports whether r separates the items of a list.
func isItemSeparator(r rune) bool { return r == ',' || unicode.IsSpace(r) }

// splitItems reads the items of a list. Errors name the item, counted
// from 1: a quoted item that is not closed, not a valid quoted string,
// empty, or followed by more than a separator.
func splitItems(text string) ([]string, error) {
	var items []string
	for i := 0; ; {
		i = len(text) - len(strings.TrimLeftFunc(text[i:], isItemSeparator))
		if i == len(text) {
			return items, nil
		}
		k := len(items) + 1
		if text[i] != '"' {
			end := strings.IndexFunc(text[i:], isItemSeparator)
			if end < 0 {
				end = len(text) - i
			}
			items = append(items, text[i:i+end])
			i += end
			continue
		}
		end := closingQuote(text, i)
		if end < 0 {
			return nil, fmt.Errorf("item %d: the quoted item has no closing quote", k)
		}
		item, err := strconv.Unquote(text[i : end+1])
		if err != nil {
			return nil, fmt.Errorf("item %d: the quoted item is not a valid quoted string: %w", k, err)
		}
		if item == "" {
			return nil, fmt.Errorf("item %d is empty", k)
		}
		i = end + 1
		if rest := text[i:]; strings.TrimLeftFunc(rest, isItemSeparator) == rest && rest != "" {
			glued := rest
			if cut := strings.IndexFunc(rest, isItemSeparator); cut >= 0 {
				glued = rest[:cut]
			}
			return nil, fmt.Errorf("item %d: %q after the closing quote; separate items with commas", k, glued)
		}
		items = append(items, item)
	}
}

// closingQuote returns the index of the quote that closes the quoted
// string opening at text[open], skipping escaped characters, or -1.
func closingQuote(text string, open int) int {
	for j := open + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return -1
}

// joinItems writes items as splitItems reads them back: separated by
// commas, each quoted when it must be (quoteItem).
func joinItems(items []string) string {
	var b strings.Builder
	for k, item := range items {
		if k > 0 {
			b.WriteByte(',')
		}
		if quoteItem(item) {
			b.WriteString(strconv.Quote(item))
		} else {
			b.WriteString(item)
		}
	}
	return b.String()
}

// quoteItem reports whether item must be quoted to be read back as one
// item: it is empty, holds a separator, or starts with a quote. Other
// items are written as they are, as they always were.
func quoteItem(item string) bool {
	return item == "" || item[0] == '"' || strings.ContainsFunc(item, isItemSeparator)
}

package report

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/model"
)

// importanceFact is the table header's importance line: the kind, damping
// and iterations of a computed importance (the scenario's damping), or,
// for an importance file, what the file says its vector is (kind, seeds
// of a personalized PageRank, damping, iterations) and its name. A vector
// that says nothing about itself (text or raw scores) is "from FILE".
func importanceFact(r *model.Result) string {
	imp := r.Importance
	iterations := model.Counted(imp.Iterations, "iteration", "iterations")
	if imp.File == "" {
		return importanceKind(r) + ", d=" + shortFloat(r.Scenario.Damping) + " (" + iterations + ")"
	}
	// Results written before the summary recorded a file's kind call
	// another engine's vector pagerank, with no iterations.
	if imp.Kind == model.ImportanceUnknown || (imp.Kind == model.ImportancePageRank && imp.Iterations == 0 && imp.Damping == 0) {
		return "from " + imp.File + " (a vector that does not say what it holds, taken to be PageRank)"
	}
	var b strings.Builder
	switch imp.Kind {
	case model.ImportanceHITSAuthorities:
		b.WriteString("HITS authorities")
	case model.ImportanceHITSHubs:
		b.WriteString("HITS hubs")
	default:
		b.WriteString(imp.Kind)
	}
	if imp.Seeds != "" {
		b.WriteString(", seeds " + seedsText(imp.Seeds))
	}
	if imp.Damping > 0 {
		b.WriteString(", d=" + shortFloat(imp.Damping))
	}
	b.WriteString(" (" + iterations + "), read from " + imp.File)
	return b.String()
}

// seedListShown is the most characters of a seed list's items that the
// header writes; a longer list is abbreviated.
const seedListShown = 72

// seedsText writes a seed set's notation for the header: whole, unless it
// is a list longer than seedListShown, whose first items are then written
// as they fit, followed by "…" and the count of items ("list:A,B,… (400
// items)"). The JSON keeps the whole list: the scenario needs it to be run
// again.
func seedsText(spec string) string {
	list, ok := strings.CutPrefix(spec, "list:")
	if !ok || utf8.RuneCountInString(list) <= seedListShown {
		return spec
	}
	items := listItems(list)
	shown, n := "", 0
	for _, item := range items {
		next := item
		if n > 0 {
			next = shown + "," + item
		}
		if utf8.RuneCountInString(next) > seedListShown {
			break
		}
		shown, n = next, n+1
	}
	switch {
	case n == len(items): // long only for its separators
		return spec
	case n == 0: // the first item alone is too long: cut it
		shown = string([]rune(items[0])[:seedListShown])
	default:
		shown += ","
	}
	return "list:" + shown + "… (" + model.Counted(len(items), "item", "items") + ")"
}

// listItems splits the items of a list in the seed-set notation (package
// seeds: separated by commas or white space, an item with either quoted
// as a Go string), each as written, quotes included. An unclosed quote
// runs to the end.
func listItems(text string) []string {
	separator := func(r rune) bool { return r == ',' || unicode.IsSpace(r) }
	var items []string
	for {
		text = strings.TrimLeftFunc(text, separator)
		if text == "" {
			return items
		}
		end := len(text)
		if text[0] == '"' {
			for i := 1; i < len(text); i++ {
				if text[i] == '\\' {
					i++
				} else if text[i] == '"' {
					end = i + 1
					break
				}
			}
		} else if cut := strings.IndexFunc(text, separator); cut >= 0 {
			end = cut
		}
		items = append(items, text[:end])
		text = text[end:]
	}
}

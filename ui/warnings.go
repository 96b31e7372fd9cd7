package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// A run's warnings are written for the command line's user (scenario's
// st.warn: "subject: what happened (what to do)"). The page rewrites those
// it knows for a student: a whole sentence that says what it means for the
// chart, naming strategies by their names. Unknown ones are shown as they
// are, with their first letter capitalised.

// The warnings the page rewrites, as words with holes (warningWords).
var (
	// "LABEL: the graph has no hosts, ..." (model.StrategyInfo.NoHostsWarning).
	noHostsStrategy = []any{text, ": the graph has no hosts, "}
	unreachable     = []any{"seeds: ", digits, " of the ", digits, " pages cannot be reached from the seeds; they hold ", number, " of the importance"}
	budgetTooLarge  = []any{"budget: ", digits, " is more than the ", digits, " pages reachable from the seeds"}
	guaranteesOther = []any{"importance: the guaranteed curves of ", text, " bound the personalized PageRank of the seeds"}
	tooManySeeds    = []any{"seeds: ", text, " asks for more pages than the graph's ", digits, "; all of them are seeds"}
)

// StudentWarning rewrites a warning of result r for a student.
func StudentWarning(w string, r *model.Result) string {
	if m, end, ok := warningWords(w, noHostsStrategy); ok {
		if id, ok := strategyOf(r, m[0]); ok {
			return noHostsSentence(m[0], id, w[end:])
		}
	}
	if strings.HasPrefix(w, "politeness: the graph has no hosts") {
		return politenessWithoutHosts
	}
	if m, _, ok := warningWords(w, unreachable); ok {
		share, _ := strconv.ParseFloat(m[2], 64)
		return fmt.Sprintf("%s of the %s pages cannot be reached by following links from the seeds. No crawler can download them, so no curve reaches the top: together they hold %s of the importance.",
			model.GroupDigits(m[0]), model.GroupDigits(m[1]), percentOf(share))
	}
	if m, _, ok := warningWords(w, budgetTooLarge); ok {
		return fmt.Sprintf("The budget of %s downloads is more than the %s pages the seeds lead to, so every crawl stops after %s downloads.",
			model.GroupDigits(m[0]), model.GroupDigits(m[1]), model.GroupDigits(m[1]))
	}
	if m, _, ok := warningWords(w, guaranteesOther); ok {
		return "The guarantees of " + m[0] + " promise a share of the seeds' personalized PageRank, but this run scores pages by plain PageRank, so the table leaves their guarantees out. Choose personalized PageRank as the importance to compare them."
	}
	if m, _, ok := warningWords(w, tooManySeeds); ok {
		return "You asked for more seeds than the graph's " + model.GroupDigits(m[1]) + " pages, so every page is a seed."
	}
	return capitalise(w)
}

// A hole of a warning's words (warningWords): what the text there may be.
type hole int

const (
	// digits is one or more ASCII digits, with the commas that separate
	// their thousands (model.Count).
	digits hole = iota
	// number is one or more of the characters of a number as Go's %v
	// writes a float: digits, '.', 'e', '+' and '-'.
	number
	// text is one or more characters other than a newline.
	text
)

// takes reports whether the hole may hold byte c.
func (h hole) takes(c byte) bool {
	switch h {
	case digits:
		return '0' <= c && c <= '9' || c == ','
	case number:
		return '0' <= c && c <= '9' || c == '.' || c == 'e' || c == '+' || c == '-'
	}
	return c != '\n'
}

// warningWords matches the start of warning w with words, literal strings
// and holes in turn, and returns what each hole holds and where the match
// ends. A hole holds as much as it can while the words after it still
// match, as a regular expression's greedy repetition does (the page drops
// package regexp, a quarter of a megabyte of WebAssembly, for this).
func warningWords(w string, words []any) (holes []string, end int, ok bool) {
	return matchWordsFrom(w, 0, words, nil)
}

// matchWordsFrom matches words against w from byte i; held are the holes
// matched before.
func matchWordsFrom(w string, i int, words []any, held []string) ([]string, int, bool) {
	if len(words) == 0 {
		return held, i, true
	}
	switch word := words[0].(type) {
	case string:
		if !strings.HasPrefix(w[i:], word) {
			return nil, 0, false
		}
		return matchWordsFrom(w, i+len(word), words[1:], held)
	case hole:
		longest := i
		for longest < len(w) && word.takes(w[longest]) {
			longest++
		}
		for j := longest; j > i; j-- {
			if m, end, ok := matchWordsFrom(w, j, words[1:], append(held[:len(held):len(held)], w[i:j])); ok {
				return m, end, true
			}
		}
	}
	return nil, 0, false
}

// noHostsSentence says for a student what strategy id, labelled label,
// does on a graph without hosts: its registration's sentence
// (model.StrategyInfo.NoHostsExplained) with its name, or else one made of
// rest, its warning after "the graph has no hosts, "
// (model.StrategyInfo.NoHostsWarning). The strategies panel says it too,
// beside the strategy.
func noHostsSentence(label, id, rest string) string {
	if info, ok := lookupStrategy(id); ok && info.NoHostsExplained != "" {
		return strings.ReplaceAll(info.NoHostsExplained, model.NamePlaceholder, named(label, id))
	}
	return "This graph has no hosts, so " + named(label, id) + " cannot tell sites apart: " + rest + "."
}

// politenessWithoutHosts says for a student what politeness does on a
// graph without hosts.
const politenessWithoutHosts = "This graph has no hosts, so politeness treats every page as part of one site: each download waits for the one before, and the simulated times are as slow as they can be. Load a URL list with the graph to give pages their sites."

// strategyOf finds the strategy of r with the label.
func strategyOf(r *model.Result, label string) (string, bool) {
	if r == nil {
		return "", false
	}
	for _, s := range r.Strategies {
		if s.Label == label {
			return s.ID, true
		}
	}
	return "", false
}

// named names a strategy for a sentence: its registry name, lower case
// when it is a plain phrase ("larger sites first", "Fractional PageRank"),
// with its label when that is not its id ("larger sites first (lsf)").
func named(label, id string) string {
	info, ok := lookupStrategy(id)
	if !ok {
		return label
	}
	name := info.Name
	if rest := name[1:]; strings.ToLower(rest) == rest {
		name = strings.ToLower(name[:1]) + name[1:]
	}
	if label != id {
		return name + " (" + label + ")"
	}
	return name
}

// percentOf writes a share as a percentage with up to three significant
// figures.
func percentOf(share float64) string {
	return strconv.FormatFloat(100*share, 'g', 3, 64) + "%"
}

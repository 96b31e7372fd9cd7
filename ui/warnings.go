package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// A run's warnings are written for the command line's user (scenario's
// st.warn: "subject: what happened (what to do)"). The page rewrites those
// it knows for a student: a whole sentence that says what it means for the
// chart, naming strategies by their names. Unknown ones are shown as they
// are, with their first letter capitalised.

var (
	// "LABEL: the graph has no hosts, ..." (crawl.Info.NoHostsWarning).
	noHostsStrategy = regexp.MustCompile(`^(.+): the graph has no hosts, `)
	unreachable     = regexp.MustCompile(`^seeds: (\d+) of the (\d+) pages cannot be reached from the seeds; they hold ([0-9.e+-]+) of the importance`)
	budgetTooLarge  = regexp.MustCompile(`^budget: (\d+) is more than the (\d+) pages reachable from the seeds`)
	guaranteesOther = regexp.MustCompile(`^importance: the guaranteed curves of (.+) bound the personalized PageRank of the seeds`)
	tooManySeeds    = regexp.MustCompile(`^seeds: (.+) asks for more pages than the graph's (\d+); all of them are seeds`)
)

// StudentWarning rewrites a warning of result r for a student.
func StudentWarning(w string, r *scenario.Result) string {
	if m := noHostsStrategy.FindStringSubmatch(w); m != nil {
		if id, ok := strategyOf(r, m[1]); ok {
			return noHostsSentence(m[1], id, strings.TrimPrefix(w, m[0]))
		}
	}
	if strings.HasPrefix(w, "politeness: the graph has no hosts") {
		return politenessWithoutHosts
	}
	if m := unreachable.FindStringSubmatch(w); m != nil {
		share, _ := strconv.ParseFloat(m[3], 64)
		return fmt.Sprintf("%s of the %s pages cannot be reached by following links from the seeds. No crawler can download them, so no curve reaches the top: together they hold %s of the importance.",
			groupDigits(m[1]), groupDigits(m[2]), percentOf(share))
	}
	if m := budgetTooLarge.FindStringSubmatch(w); m != nil {
		return fmt.Sprintf("The budget of %s downloads is more than the %s pages the seeds lead to, so every crawl stops after %s downloads.",
			groupDigits(m[1]), groupDigits(m[2]), groupDigits(m[2]))
	}
	if m := guaranteesOther.FindStringSubmatch(w); m != nil {
		return "The guarantees of " + m[1] + " promise a share of the seeds' personalized PageRank, but this run scores pages by plain PageRank, so the table shows n/a for them. Choose personalized PageRank as the importance to compare the guarantees."
	}
	if m := tooManySeeds.FindStringSubmatch(w); m != nil {
		return "You asked for more seeds than the graph's " + groupDigits(m[2]) + " pages, so every page is a seed."
	}
	return capitalise(w)
}

// noHostsSentence says for a student what strategy id, labelled label,
// does on a graph without hosts; rest is its warning after "the graph has
// no hosts, " (crawl.Info.NoHostsWarning). The strategies panel says it
// too, beside the strategy.
func noHostsSentence(label, id, rest string) string {
	switch id {
	case "larger-sites-first":
		return "This graph has no hosts, so " + named(label, id) + " behaves exactly like breadth-first: every page seems to come from one site. Load a URL list with the graph to give pages their sites."
	case "fpr-m":
		return "This graph has no hosts, so every link looks like a link within one site and " + named(label, id) + " behaves exactly like Fractional PageRank. Load a URL list with the graph to give pages their sites."
	}
	return "This graph has no hosts, so " + named(label, id) + " cannot tell sites apart: " + rest + "."
}

// politenessWithoutHosts says for a student what politeness does on a
// graph without hosts.
const politenessWithoutHosts = "This graph has no hosts, so politeness treats every page as part of one site: each download waits for the one before, and the simulated times are as slow as they can be. Load a URL list with the graph to give pages their sites."

// strategyOf finds the strategy of r with the label.
func strategyOf(r *scenario.Result, label string) (string, bool) {
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
	info, ok := crawl.Lookup(id)
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

package main

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
)

func strategiesCommand() *command {
	return &command{
		name:    "strategies",
		instant: true,
		args:    "",
		summary: `List the crawl-ordering strategies that run compares.
Each line gives the strategy's id (what -strategies takes), its name, the
paper and section it comes from (by authors and year; the list's footer
cites the papers in full, with their links), its parameters with their
defaults, and notes: what it needs (hosts, a previous snapshot) and
whether it draws a reference or a guaranteed curve. The footer also gives
the page's presets, each paper's comparison, as the flags of a run. -v
adds what each strategy and parameter does (a one-line summary, then the
details); -json prints the strategies as JSON, each with the keys id,
name, paper, section, summary, doc (the details) and params (each with
name, doc, default, min and max, and integer when true), and guaranteed,
needs_hosts, needs_previous and reference when true (the footer's
citations and presets are in the table alone).`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			verbose := fs.Bool("v", false, "also describe each strategy and parameter")
			asJSON := fs.Bool("json", false, "print the strategies as JSON instead of a table")
			return func(ctx context.Context, e *env, args []string) error {
				if len(args) != 0 {
					return usagef("takes no arguments, got %q", args)
				}
				if *asJSON && *verbose {
					return usagef("-v is for the table; -json always holds the descriptions")
				}
				list := crawl.Strategies()
				if *asJSON {
					listed := make([]listedStrategy, len(list))
					for i, info := range list {
						listed[i].StrategyInfo = info.StrategyInfo
					}
					return writeJSON(e.stdout, listed)
				}
				return printStrategies(e, list, *verbose)
			}
		},
	}
}

// listedStrategy is a strategy as strategies -json lists it: its
// description (model.StrategyInfo) without the fields that place it in
// listings and presets, schedule it, or warn about it, which the page's
// catalogue (tools/catalogue) holds. Each hidden field is one of the same
// JSON name at a shallower depth, which encoding/json prefers to the
// embedded one, and which omitzero always leaves out.
type listedStrategy struct {
	crawl.StrategyInfo
	NoHostsWarning   struct{} `json:"no_hosts_warning,omitzero"`
	NoHostsExplained struct{} `json:"no_hosts_explained,omitzero"`
	Rank             struct{} `json:"rank,omitzero"`
	Presets          struct{} `json:"presets,omitzero"`
	Cost             struct{} `json:"cost,omitzero"`
}

// printStrategies writes the registry as a table, with descriptions when
// verbose, and the papers the registry cites (crawl.Papers).
func printStrategies(e *env, list []crawl.Info, verbose bool) error {
	rows := [][]string{{"id", "name", "source", "params", "notes"}}
	for _, s := range list {
		rows = append(rows, []string{s.ID, s.Name, strategySource(s), paramDefaults(s.Params), strategyNotes(s)})
	}
	var b strings.Builder
	report.WriteColumns(&b, rows, []bool{true, true, true, true, true})
	if verbose {
		for _, s := range list {
			fmt.Fprintf(&b, "\n%s: %s (%s)\n  %s\n  %s\n", s.ID, s.Name, strategySource(s), s.Summary, s.Doc)
			if s.NeedsHosts {
				fmt.Fprintf(&b, "  Needs hosts %s; without them, %s.\n", hostsGivenBy, withoutHosts(s))
			}
			for _, p := range s.Params {
				fmt.Fprintf(&b, "  %s=%s: %s (%s)\n", p.Name, formatParam(p.Default), p.Doc, p.Range())
			}
		}
	}
	b.WriteString("\npapers:\n")
	papers := crawl.Papers()
	slices.SortFunc(papers, func(p, q crawl.Paper) int {
		return strings.Compare(crawl.ShortCitation(p.Number), crawl.ShortCitation(q.Number))
	})
	for _, p := range papers {
		fmt.Fprintf(&b, "  %s: %s\n    %s\n", crawl.ShortCitation(p.Number), p.Citation, p.URL)
	}
	b.WriteString("\npresets (the page's buttons), as run's flags:\n")
	for _, p := range model.PaperPresets() {
		fmt.Fprintf(&b, "  %s (%s): -importance %s -strategies %s\n", p.Name, crawl.ShortCitation(p.Paper), p.Importance, strings.Join(crawl.Preset(p.ID), ","))
	}
	if !verbose {
		b.WriteString("\ncrawlsim strategies -v describes each one; crawlsim run -strategies ID,ID:PARAM=VALUE,... compares them\n")
	}
	_, err := fmt.Fprint(e.stdout, b.String())
	return err
}

// strategySource cites where a strategy comes from, as the page's
// tooltips do (model.StrategySource).
func strategySource(s crawl.Info) string {
	return model.StrategySource(s.StrategyInfo, crawl.AllPapers())
}

// paramDefaults writes "name=default name=default".
func paramDefaults(ps []crawl.Param) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Name + "=" + formatParam(p.Default)
	}
	return strings.Join(parts, " ")
}

func formatParam(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// strategyNotes says what is special about a strategy.
func strategyNotes(s crawl.Info) string {
	var notes []string
	if s.Reference {
		notes = append(notes, "reference curve")
	}
	if s.Guaranteed {
		notes = append(notes, "guaranteed curve")
	}
	if s.NeedsPrevious {
		notes = append(notes, "needs -previous or -evolve")
	}
	if s.NeedsHosts {
		notes = append(notes, "needs hosts "+hostsGivenBy)
	}
	return strings.Join(notes, ", ")
}

// hostsGivenBy says what gives a graph its hosts on the command line:
// run's warning on a graph without them (crawl.Info.NoHostsWarning)
// says "give a URL list", which -urls gives; an edge list whose labels
// are all URLs has them too.
const hostsGivenBy = "(from -urls, URL labels or a generated graph)"

// withoutHosts says what a strategy that needs hosts does on a graph
// without them: its NoHostsWarning, which run prints, without the words
// that say the graph has none and where hosts come from.
func withoutHosts(s crawl.Info) string {
	rest, found := strings.CutPrefix(s.NoHostsWarning, "the graph has no hosts, so ")
	if !found {
		return s.NoHostsWarning
	}
	return strings.TrimSuffix(rest, " (give a URL list for hosts)")
}

package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrPartsDisagree says that the parts of a comparison run in parallel do
// not agree about what they share (the graph, its importance, the seeds,
// the warnings about them), which the same engine on the same scenario
// never does: the parts then come from different scenarios, graphs or
// builds.
var ErrPartsDisagree = errors.New("the parts of the comparison disagree about the graph, its importance, its seeds or its warnings")

// Merge puts together the results of a comparison of the normalized
// scenario norm run in parts (Split, Env.Only): results[p] is the result
// of the run of parts[p]. It returns the Result one run of norm gives, to
// the byte (MarshalResult): the shared fields of the parts, which must
// agree, every strategy's result in norm's order, and the warnings in a
// run's order: those of the shared stages first (the same in every
// part), then those about each strategy's own figures ("strategy LABEL:
// ...", which a run gives last, strategy by strategy).
func Merge(norm Scenario, parts [][]int, results []*Result) (*Result, error) {
	n := len(norm.Strategies)
	if len(parts) == 0 || len(parts) != len(results) {
		return nil, fmt.Errorf("scenario: merge of %d results for %d parts", len(results), len(parts))
	}
	seen := make([]bool, n)
	for p, part := range parts {
		if results[p] == nil {
			return nil, fmt.Errorf("scenario: merge: part %d has no result", p+1)
		}
		for j, i := range part {
			if i < 0 || i >= n || seen[i] || j > 0 && i <= part[j-1] {
				return nil, fmt.Errorf("scenario: merge: part %d lists strategy %d, which is not a new index of the %d strategies in increasing order", p+1, i, n)
			}
			seen[i] = true
		}
	}
	if i := slices.Index(seen, false); i >= 0 {
		return nil, fmt.Errorf("scenario: merge: no part runs strategy %d (%s)", i, norm.Strategies[i].Label)
	}
	want, err := json.Marshal(norm)
	if err != nil {
		return nil, fmt.Errorf("scenario: merge: %w", err)
	}
	var shared0 []byte
	var sharedWarnings []string
	figures := make([][]string, n) // each strategy's own warnings
	strategies := make([]StrategyResult, n)
	for p, part := range parts {
		r := results[p]
		if len(r.Strategies) != len(part) {
			return nil, fmt.Errorf("scenario: merge: part %d holds %d strategies, want %d", p+1, len(r.Strategies), len(part))
		}
		for j, i := range part {
			if got := r.Strategies[j]; got.Label != norm.Strategies[i].Label || got.ID != norm.Strategies[i].ID {
				return nil, fmt.Errorf("scenario: merge: part %d holds %s (%s) where strategy %d is %s (%s)", p+1, got.Label, got.ID, i, norm.Strategies[i].Label, norm.Strategies[i].ID)
			}
			strategies[i] = r.Strategies[j]
		}
		sc, err := json.Marshal(r.Scenario)
		if err != nil {
			return nil, fmt.Errorf("scenario: merge: %w", err)
		}
		if !bytes.Equal(sc, want) {
			return nil, fmt.Errorf("scenario: merge: part %d ran another scenario: %w", p+1, ErrPartsDisagree)
		}
		shared, err := sharedFields(r)
		if err != nil {
			return nil, err
		}
		ws := r.Warnings
		end := len(ws)
		for j := len(part) - 1; j >= 0; j-- {
			prefix := "strategy " + norm.Strategies[part[j]].Label + ": "
			start := end
			for start > 0 && strings.HasPrefix(ws[start-1], prefix) {
				start--
			}
			figures[part[j]] = ws[start:end]
			end = start
		}
		if p == 0 {
			shared0, sharedWarnings = shared, ws[:end]
			continue
		}
		if !bytes.Equal(shared, shared0) || !slices.Equal(ws[:end], sharedWarnings) {
			return nil, fmt.Errorf("scenario: merge: parts 1 and %d: %w", p+1, ErrPartsDisagree)
		}
	}
	out := *results[0]
	out.Strategies = strategies
	out.Warnings = slices.Concat(append([][]string{sharedWarnings}, figures...)...)
	if len(out.Warnings) == 0 {
		out.Warnings = nil
	}
	return &out, nil
}

// sharedFields returns the JSON of what the parts of a comparison share:
// the result without its strategies and warnings.
func sharedFields(r *Result) ([]byte, error) {
	c := *r
	c.Strategies, c.Warnings = nil, nil
	data, err := json.Marshal(&c)
	if err != nil {
		return nil, fmt.Errorf("scenario: merge: %w", err)
	}
	return data, nil
}

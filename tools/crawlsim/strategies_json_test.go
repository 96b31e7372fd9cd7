package main

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestStrategiesJSONFields checks the fields strategies -json gives each
// strategy: its description (what it is, where it comes from, its
// parameters and what it needs), the same keys as before crawl.Info
// embedded model.StrategyInfo, whose placement in listings and presets,
// cost and warnings the page's catalogue holds instead.
func TestStrategiesJSONFields(t *testing.T) {
	var list []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(mustRun(t, "strategies", "-json")), &list); err != nil {
		t.Fatal(err)
	}
	described := []string{"id", "name", "paper", "section", "summary", "doc", "params", "guaranteed", "needs_previous", "reference"}
	for _, entry := range list {
		for key := range entry {
			if !slices.Contains(described, key) {
				t.Errorf("strategies -json gives %s the field %q; want only %v", entry["id"], key, described)
			}
		}
	}
}

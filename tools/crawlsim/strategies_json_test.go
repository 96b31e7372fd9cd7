package main

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
)

// TestStrategiesJSONFields checks the fields strategies -json gives each
// strategy: its description (what it is, where it comes from, its
// parameters and what it needs: hosts, a previous snapshot), not the
// placement in listings and presets, cost and warnings of
// model.StrategyInfo, which the page's catalogue holds instead.
func TestStrategiesJSONFields(t *testing.T) {
	var list []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(mustRun(t, "strategies", "-json")), &list); err != nil {
		t.Fatal(err)
	}
	described := []string{"id", "name", "paper", "section", "summary", "doc", "params", "guaranteed", "needs_hosts", "needs_previous", "reference"}
	needsHosts := map[string]bool{}
	for _, entry := range list {
		for key := range entry {
			if !slices.Contains(described, key) {
				t.Errorf("strategies -json gives %s the field %q; want only %v", entry["id"], key, described)
			}
		}
		var id string
		if err := json.Unmarshal(entry["id"], &id); err != nil {
			t.Fatal(err)
		}
		needsHosts[id] = string(entry["needs_hosts"]) == "true"
	}
	// A reader of the JSON can tell which strategies need hosts, as the
	// table's notes tell.
	for _, s := range crawl.Strategies() {
		if needsHosts[s.ID] != s.NeedsHosts {
			t.Errorf("strategies -json says needs_hosts %v for %s; its registration says %v", needsHosts[s.ID], s.ID, s.NeedsHosts)
		}
	}
}

// TestStrategiesHelpNamesTheJSONKeys: the help of strategies names, as
// written in the JSON, every key that strategies -json gives a strategy or
// a parameter (among them doc and params), so that a reader of the help
// can find them there.
func TestStrategiesHelpNamesTheJSONKeys(t *testing.T) {
	help, _, status := crawlsim(t, "help", "strategies")
	if status != 0 {
		t.Fatalf("help strategies: status %d", status)
	}
	out := []byte(mustRun(t, "strategies", "-json"))
	var entries []map[string]json.RawMessage
	if err := json.Unmarshal(out, &entries); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, entry := range entries {
		for key := range entry {
			keys[key] = true
		}
		var params []map[string]json.RawMessage
		if raw, ok := entry["params"]; ok {
			if err := json.Unmarshal(raw, &params); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range params {
			for key := range p {
				keys[key] = true
			}
		}
	}
	for _, key := range []string{"doc", "params", "min", "max"} {
		if !keys[key] {
			t.Fatalf("strategies -json gives no key %q:\n%s", key, out)
		}
	}
	// The sentence that lists the keys, not the rest of the help, where
	// "doc" or "name" may stand as words.
	_, keysSaid, found := strings.Cut(strings.Join(strings.Fields(help), " "), "-json prints the strategies as JSON")
	keysSaid, _, _ = strings.Cut(keysSaid, ".")
	if !found {
		t.Fatalf("crawlsim help strategies does not say what -json prints:\n%s", help)
	}
	for key := range keys {
		if !regexp.MustCompile(`(^|[^a-z_])` + key + `([^a-z_]|$)`).MatchString(keysSaid) {
			t.Errorf("crawlsim help strategies does not name the key %q of strategies -json among them: %q", key, keysSaid)
		}
	}
}

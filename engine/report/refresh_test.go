package report

import (
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestRefreshRowsColumns: visits are counts with separated thousands,
// and each traffic column is written in one unit with one number of
// decimals (it mixed MB and GB, and wrote 242547 visits).
func TestRefreshRowsColumns(t *testing.T) {
	r := &model.RefreshResult{Outcomes: []model.RefreshOutcome{
		{Label: "fixed", Visits: 242547, CentralBytes: 1.2e9, MigrantBytes: 3e8},
		{Label: "change", Visits: 6000, CentralBytes: 3e8, MigrantBytes: 2.5e6},
	}}
	head, rows := RefreshRows(r)
	col := func(name string) []string {
		k := slices.Index(head, name)
		var out []string
		for _, row := range rows {
			out = append(out, row[k])
		}
		return out
	}
	for name, want := range map[string][]string{
		"visits":    {"242,547", "6,000"},
		"central":   {"1.200 GB", "0.300 GB"},
		"migrating": {"300.00 MB", "2.50 MB"},
	} {
		if got := col(name); !slices.Equal(got, want) {
			t.Errorf("%s column %q, want %q", name, got, want)
		}
	}
	if got := bytesColumn([]float64{5e3, 12}); !slices.Equal(got, []string{"5.0000 kB", "0.0120 kB"}) {
		t.Errorf("bytesColumn = %q", got)
	}
}

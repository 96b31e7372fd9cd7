package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestRefreshRowsColumns: visits are counts with separated thousands,
// each traffic column is written in one unit with one number of
// decimals (it mixed MB and GB, and wrote 242547 visits), and times have
// two decimals below 10^9 units, three digits and an exponent above (a
// horizon of 10^150 gave an interval of 150 digits).
func TestRefreshRowsColumns(t *testing.T) {
	r := &model.RefreshResult{Outcomes: []model.RefreshOutcome{
		{Label: "fixed", Visits: 242547, CentralBytes: 1.2e9, MigrantBytes: 3e8, MeanAge: 12.345, MeanInterval: 999999999.99},
		{Label: "change", Visits: 6000, CentralBytes: 3e8, MigrantBytes: 2.5e6, MeanAge: 7.99999999999999948e149, MeanInterval: 1e9},
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
		"mean age":  {"12.35", "8e+149"},
		"interval":  {"999999999.99", "1e+09"},
		"visits":    {"242,547", "6,000"},
		"central":   {"1.200 GB", "0.300 GB"},
		"migrating": {"300.00 MB", "2.50 MB"},
	} {
		if got := col(name); !slices.Equal(got, want) {
			t.Errorf("%s column %q, want %q", name, got, want)
		}
	}
	if got := BytesColumn([]float64{5e3, 12}); !slices.Equal(got, []string{"5.0000 kB", "0.0120 kB"}) {
		t.Errorf("BytesColumn = %q", got)
	}
}

// TestRefreshTableGroupsThousands: the table's description of the web
// separates thousands as its rows do (it wrote "1000 sites over 1000
// units of time; 100 users, 2000 visits per unit" above "100,000"
// visits).
func TestRefreshTableGroupsThousands(t *testing.T) {
	r := &model.RefreshResult{Refresh: model.Refresh{Simulation: model.DefaultRefreshParams()}}
	r.Refresh.Simulation.Users = 25000
	r.Refresh.Simulation.Horizon = 1500.5
	var b strings.Builder
	if err := RefreshTable(&b, r); err != nil {
		t.Fatal(err)
	}
	want := "web         1,000 sites over 1,500.5 units of time; change rates 0.01 to 1 per unit (log-uniform); 25,000 users, 2,000 visits per unit (Zipf 1)\n"
	if first, _, _ := strings.Cut(b.String(), "\n"); first+"\n" != want {
		t.Errorf("first line %q, want %q", first+"\n", want)
	}
}

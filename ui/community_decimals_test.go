package main

import (
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestSeedRowsSameDecimalsInAColumn: the hub and authority scores of the
// community seeds table have as many decimals within a column, enough for
// four significant digits of its smallest score, so that the figures line
// up; the table showed 0.189 above 0.1116 and 1 above 0.9177.
func TestSeedRowsSameDecimalsInAColumn(t *testing.T) {
	st := &model.Result{SeedStudy: &model.SeedStudyResult{
		Names: []string{"a.example/", "b.example/", "c.example/"},
		Community: &model.CommunityResult{Cores: []model.Core{
			{Hub: 0.189, Authority: 1, Hubs: []uint32{1}, Authorities: []uint32{2, 3}},
			{Hub: 0.1116, Authority: 0.9177, Hubs: []uint32{4}, Authorities: []uint32{5}},
			{Hub: 0.012346, Authority: 0, Hubs: []uint32{6}, Authorities: []uint32{7}},
		}},
	}}
	rows := seedRows(st)
	var hubs, auths []string
	for _, r := range rows {
		hubs, auths = append(hubs, r[1]), append(auths, r[2])
	}
	if want := []string{"0.18900", "0.11160", "0.01235"}; !slices.Equal(hubs, want) {
		t.Errorf("hub column %q, want %q", hubs, want)
	}
	if want := []string{"1.0000", "0.9177", "0.0000"}; !slices.Equal(auths, want) {
		t.Errorf("authority column %q, want %q", auths, want)
	}
}

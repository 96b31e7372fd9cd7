package report

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestPageSizesText checks the words for each way of sizing the pages,
// the default sigma (model.DefaultPageSizeSigma, 1) where none is given.
func TestPageSizesText(t *testing.T) {
	quarter := 0.25
	for _, tc := range []struct {
		ps   *model.PageSizes
		want string
	}{
		{nil, ""},
		{&model.PageSizes{File: "sizes.txt"}, "read from sizes.txt"},
		{&model.PageSizes{Distribution: model.PageSizeLogNormal}, "log-normal (sigma 1, seed 0)"},
		{&model.PageSizes{Distribution: model.PageSizeLogNormal, Sigma: &quarter, Seed: 7}, "log-normal (sigma 0.25, seed 7)"},
	} {
		if got := PageSizesText(tc.ps); got != tc.want {
			t.Errorf("PageSizesText(%+v) = %q, want %q", tc.ps, got, tc.want)
		}
	}
}

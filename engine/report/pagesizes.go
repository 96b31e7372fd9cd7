package report

import (
	"strconv"

	"github.com/crawlsim/crawlsim/engine/model"
)

// PageSizesText says how the politeness clock sizes the pages when
// model.Politeness.PageSizes is set (docs/algorithms.md section 5): "read
// from FILE", or the distribution they are drawn from with its sigma and
// seed, as in "log-normal (sigma 0.5, seed 7)"; "" when ps is nil, every
// page then having the page size. The run's table and the page's
// differences of a pinned run both say it in these words.
func PageSizesText(ps *model.PageSizes) string {
	switch {
	case ps == nil:
		return ""
	case ps.File != "":
		return "read from " + ps.File
	}
	name := ps.Distribution
	if name == model.PageSizeLogNormal {
		name = "log-normal"
	}
	sigma := model.DefaultPageSizeSigma
	if ps.Sigma != nil {
		sigma = *ps.Sigma
	}
	return name + " (sigma " + model.Number(sigma) + ", seed " + strconv.FormatUint(ps.Seed, 10) + ")"
}

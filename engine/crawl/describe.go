package crawl

import (
	"maps"
	"slices"

	"github.com/crawlsim/crawlsim/engine/model"
)

// StrategyInfo returns the strategy's description as data: every field of
// its registration but New, for a program that runs no crawl (the page's
// model.Catalogue). Its slices and map are copies.
func (info Info) StrategyInfo() model.StrategyInfo {
	return model.StrategyInfo{
		ID:             info.ID,
		Name:           info.Name,
		Paper:          info.Paper,
		Section:        info.Section,
		Summary:        info.Summary,
		Doc:            info.Doc,
		Params:         slices.Clone(info.Params),
		Guaranteed:     info.Guaranteed,
		NeedsPrevious:  info.NeedsPrevious,
		Reference:      info.Reference,
		NeedsHosts:     info.NeedsHosts,
		NoHostsWarning: info.NoHostsWarning,
		Rank:           info.Rank,
		Presets:        maps.Clone(info.Presets),
		Cost:           info.Cost,
	}
}

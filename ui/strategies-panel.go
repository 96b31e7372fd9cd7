package main

import (
	"strconv"

	"github.com/crawlsim/crawlsim/engine/crawl"
)

// StrategiesPanel picks the strategies to compare from the registry, with
// their parameters, and offers a preset per paper.
type StrategiesPanel struct {
	App *App
}

// Title is a strategy's tooltip: what it does and where it comes from.
func (c *StrategiesPanel) Title(info crawl.Info) string {
	return info.Name + " (paper " + info.Paper + ", " + info.Section + "): " + info.Doc
}

// More says that a strategy is also compared with the other parameters of
// the scenario it came from (a permalink that lists it more than once).
func (c *StrategiesPanel) More(s StrategyChoice) string {
	if len(s.More) == 1 {
		return "and once more with the link's other parameters"
	}
	return "and " + strconv.Itoa(len(s.More)) + " more times with the link's other parameters"
}

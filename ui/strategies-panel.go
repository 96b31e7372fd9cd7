package main

import "github.com/crawlsim/crawlsim/engine/crawl"

// StrategiesPanel picks the strategies to compare from the registry, with
// their parameters, and offers a preset per paper.
type StrategiesPanel struct {
	App *App
}

// Title is a strategy's tooltip: what it does and where it comes from.
func (c *StrategiesPanel) Title(info crawl.Info) string {
	return info.Name + " (paper " + info.Paper + ", " + info.Section + "): " + info.Doc
}

package main

// SharePanel offers the result for download (CSV curves, JSON result, SVG
// chart, and the crawls' download order as CSV, which the worker keeps
// until the next run), the permalink of the scenario, and the snippet that embeds the
// page in another one.
type SharePanel struct {
	App *App
}

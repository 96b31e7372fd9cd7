package main

// SharePanel offers the result for download (CSV curves, JSON result, SVG
// chart), the permalink of the scenario, and the snippet that embeds the
// page in another one.
type SharePanel struct {
	App *App
}

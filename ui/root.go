package main

import (
	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/wasm/page"
)

// Root is the page: the panels of the scenario on the left, the run, chart,
// table and downloads on the right; in embed mode only the run button and
// the chart (docs/architecture.md, "The page and its workers").
type Root struct {
	// App is the page's state, made by main from the page's address.
	App *App
}

// Init starts the worker once the page is mounted.
func (c *Root) Init(ctx vugu.InitCtx) {
	c.App.Start(ctx.EventEnv())
}

// Compute keeps the form in the tab's storage before every render
// (keepDraft).
func (c *Root) Compute() { c.App.keepDraft() }

// Class is the page's CSS class: "embed" in embed mode.
func (c *Root) Class() string {
	class := "crawlsim"
	if c.App.Embed {
		class += " embed"
	}
	if c.App.Stale() {
		class += " stale"
	}
	return class
}

// MessagesClass is the CSS class of the page's messages (its error and
// notice): hidden when there is none. The block stays in the page even
// then: Vugu's renderer matches elements by their place among their
// siblings, so a block that came and went moved every element after it,
// and the file inputs were made anew, empty, losing the files picked
// (TestFileInputsKeepTheirPlace).
func (c *Root) MessagesClass() string {
	if c.App.BannerError() == "" && c.App.Notice == "" {
		return "messages hidden"
	}
	return "messages"
}

// Jump moves the focus to a panel of the page, without changing the
// address (its fragment holds the scenario).
func (c *Root) Jump(event vugu.DOMEvent, id string) {
	event.PreventDefault()
	page.Focus(id)
}

package main

import (
	"fmt"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// fileLink is a permalink of a scenario on an upload whose files the page
// does not hold: its fragment (the scenario, without embed) and the files
// it names. The page asks for them until the next run (askForFiles).
type fileLink struct{ fragment, file, urls string }

// askForFiles takes the permalink of s, a scenario on an upload the page
// does not hold, now in the form: the notice asks for its files, and the
// form's file stays empty until they are chosen. Embed mode shows no
// Graph panel, so there the notice says the scenario needs the files and
// links to the full page with the link's scenario (NoticeLink), where
// they can be chosen.
func (a *App) askForFiles(s model.Scenario) {
	l := &fileLink{file: a.Form.File, urls: a.Form.URLs}
	if frag, err := EncodePermalink(s); err == nil {
		l.fragment = frag
	}
	a.fileLink = l
	a.Notice = uploadNotice(l.file, l.urls)
	if a.Embed {
		a.Notice = embedUploadNotice(l.file, l.urls)
	}
	a.Form.File, a.Form.URLs = "", ""
}

// uploadNotice asks for the files of a permalink's scenario on an
// upload, the graph file and the URL list urls if any, in the Graph
// panel's words: Run loads the files chosen there (run_picked.go).
func uploadNotice(file, urls string) string {
	if urls == "" {
		return fmt.Sprintf("This link's scenario runs on the file %s: choose it as the graph file in the Graph panel, then press Run.", file)
	}
	return fmt.Sprintf("This link's scenario runs on the file %s with the URL list %s: choose them in the Graph panel (graph file, URL list), then press Run.", file, urls)
}

// embedUploadNotice is uploadNotice in embed mode, which cannot load
// files: the link that follows it (NoticeLink) opens the full page.
func embedUploadNotice(file, urls string) string {
	if urls == "" {
		return fmt.Sprintf("This scenario runs on the file %s, which the embedded page cannot load.", file)
	}
	return fmt.Sprintf("This scenario runs on the file %s with the URL list %s, which the embedded page cannot load.", file, urls)
}

// NoticeLink is the address the notice links to: in embed mode, while
// the notice asks for a link's files, the full page with the link's
// scenario; "" otherwise.
func (a *App) NoticeLink() string {
	l := a.fileLink
	if !a.Embed || l == nil || !noticeStarts(a.Notice, embedUploadNotice(l.file, l.urls)) {
		return ""
	}
	return a.FullPageURL()
}

// NoticeLinkText is the text of the notice's link (NoticeLink).
func (a *App) NoticeLinkText() string {
	return "Open the full page to choose " + a.linkFiles()
}

// linkFiles is "them" when the link whose files the page asks for names a
// URL list besides its graph file, else "it".
func (a *App) linkFiles() string {
	if a.fileLink != nil && a.fileLink.urls != "" {
		return "them"
	}
	return "it"
}

// FullPageURL is the address of the full page, for the embed mode's
// links: with the scenario of a link whose files the page asks for, or
// else of the last run (the permalink).
func (a *App) FullPageURL() string {
	if a.fileLink != nil && a.fileLink.fragment != "" {
		return page.PageURL() + "#" + a.fileLink.fragment
	}
	if a.Permalink != "" {
		return a.Permalink
	}
	return page.PageURL()
}

// embedCannotRun reports whether Run cannot run in embed mode, which
// shows no file inputs, because the form's scenario is on an upload the
// page does not hold; it then says so, pointing at the full page, and
// keeps the notice whose link opens it.
func (a *App) embedCannotRun() bool {
	if !a.Embed || a.Form.Source != SourceUpload || a.Form.File != "" {
		return false
	}
	a.Error = ""
	a.FormError = "The embedded page cannot load files: open the full page to choose " + a.linkFiles() + " and run this scenario."
	return true
}

// EmbedFileNote is the line under the Share panel's embed snippet when
// the scenario shared runs on an uploaded file, which readers of the
// embed must have too: the embed cannot load files, and asks them to
// open the full page and choose theirs (embedUploadNotice). "" for a
// generated graph.
func (a *App) EmbedFileNote() string {
	g := a.permalinkGraph
	switch {
	case g.File == "" || model.IsSitePath(g.File):
		// A graph of the site: the embed reads it too.
		return ""
	case g.URLs == "":
		return fmt.Sprintf("Runs on your file %s: the embed cannot load it, so it asks readers to open the full page and choose their copy.", g.File)
	}
	return fmt.Sprintf("Runs on your files %s and %s: the embed cannot load them, so it asks readers to open the full page and choose their copies.", g.File, g.URLs)
}

package main

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// The form's edits that were not run live only in the form: the address
// holds the last run's scenario. So that a reload, or a tab the browser
// discarded and loads again, does not lose them, the page keeps the form
// in the tab's session storage (page.SaveDraft) with the address's
// fragment it was edited on; a load of the same address finds it
// (NewApp), shows it in the form and still opens on the address's
// comparison. The tests replace these three.
var (
	saveDraft   = page.SaveDraft
	readDraft   = page.Draft
	pageAddress = page.Address
)

// draft is what the tab's storage keeps: the form and the fragment of the
// address it was edited on.
type draft struct {
	Base string    `json:"base"`
	Form draftForm `json:"form"`
}

// draftForm is a Form without what the page takes from its catalogue and
// its address (the strategies' descriptions, the base scenario).
type draftForm struct {
	Source                                          string
	Pages, Hosts, Degree, Intra, GenSeed            string
	File, URLs                                      string
	Importance, Trust, Seeds, RandomSeed, Budget    string
	Relative, Timed, SharedLink                     bool
	Connections, Wait, Latency, PageSize, Bandwidth string
	Strategies                                      []draftStrategy
}

// draftStrategy is a StrategyChoice by its strategy's id.
type draftStrategy struct {
	ID     string
	On     bool
	Params map[string]string
	Label  string
	More   []model.Strategy
}

// sameGraph reports whether the edits e can go in form: they are on a
// generated web, which needs no files, or on form's kind of graph and
// its files: the page holds no others.
func (e draftForm) sameGraph(form Form) bool {
	return e.Source == SourceGenerate || e.Source == form.Source && e.File == form.File && e.URLs == form.URLs
}

// draftText is the text kept for form f edited on the address's fragment
// base.
func draftText(base string, f Form) string {
	d := draft{Base: base, Form: draftForm{
		Source: f.Source, Pages: f.Pages, Hosts: f.Hosts, Degree: f.Degree, Intra: f.Intra, GenSeed: f.GenSeed,
		File: f.File, URLs: f.URLs, Importance: f.Importance, Trust: f.Trust, Seeds: f.Seeds,
		RandomSeed: f.RandomSeed, Budget: f.Budget, Relative: f.Relative, Timed: f.Timed, SharedLink: f.SharedLink,
		Connections: f.Connections, Wait: f.Wait, Latency: f.Latency, PageSize: f.PageSize, Bandwidth: f.Bandwidth,
	}}
	for _, c := range f.Strategies {
		d.Form.Strategies = append(d.Form.Strategies, draftStrategy{ID: c.Info.ID, On: c.On, Params: c.Params, Label: c.Label, More: c.More})
	}
	b, err := json.Marshal(d)
	if err != nil {
		return ""
	}
	return string(b)
}

// formOfDraft returns form with the edits of the kept text when they were
// made on the address's fragment base, and whether they change it. Edits
// on another kind of graph than form's, or on other files (uploaded, or
// of the site), are not taken: the page would not hold their files.
func formOfDraft(text, base string, form Form) (Form, bool) {
	e, ok := draftOn(text, base)
	if !ok || !e.sameGraph(form) {
		return form, false
	}
	f := form
	f.Source, f.Pages, f.Hosts, f.Degree, f.Intra, f.GenSeed = e.Source, e.Pages, e.Hosts, e.Degree, e.Intra, e.GenSeed
	f.File, f.URLs = e.File, e.URLs
	f.Importance, f.Trust, f.Seeds, f.RandomSeed, f.Budget = e.Importance, e.Trust, e.Seeds, e.RandomSeed, e.Budget
	f.Relative, f.Timed, f.SharedLink = e.Relative, e.Timed, e.SharedLink
	f.Connections, f.Wait, f.Latency, f.PageSize, f.Bandwidth = e.Connections, e.Wait, e.Latency, e.PageSize, e.Bandwidth
	f.Strategies = slices.Clone(form.Strategies)
	for i, c := range f.Strategies {
		for _, s := range e.Strategies {
			if s.ID == c.Info.ID {
				c.On, c.Params, c.Label, c.More = s.On, maps.Clone(s.Params), s.Label, s.More
				if c.Params == nil {
					c.Params = map[string]string{}
				}
				f.Strategies[i] = c
			}
		}
	}
	return f, draftText(base, f) != draftText(base, form)
}

// draftOn returns the edits of the kept text when they were made on the
// address's fragment base.
func draftOn(text, base string) (draftForm, bool) {
	var d draft
	if text == "" || json.Unmarshal([]byte(text), &d) != nil || d.Base != base {
		return draftForm{}, false
	}
	return d.Form, true
}

// draftNotice says that the form shows edits kept from the page's last
// visit at this address (a reload, or Back and Forward to it),
// draftFileNotice the same where the address's scenario waits for its
// file (no result, no opening run); draftLostNotice that they were on
// files the address does not name.
const (
	draftNotice     = "The form keeps the changes you made here earlier and had not run; the results are of the address's scenario until you run them."
	draftFileNotice = "The form keeps the changes you made here earlier and had not run."
	draftLostNotice = "The changes you made here earlier and had not run were made on another graph's files, which this address does not name, so the form shows the address's scenario."
)

// restoreDraft shows in the form the edits kept for the address's
// fragment, if any; the opening run still runs the address's scenario
// (opening), until the user runs the form (RunForm).
func (a *App) restoreDraft(fragment string) {
	if a.Embed {
		return
	}
	form := a.formAsKept()
	awaiting := a.awaitingFile()
	text := readDraft()
	f, changed := formOfDraft(text, fragment, form)
	if !changed {
		if e, ok := draftOn(text, fragment); ok && !e.sameGraph(form) {
			a.Notice = joinNotices(a.Notice, draftLostNotice)
		}
		return
	}
	if awaiting && f.Source == SourceUpload {
		// still to be chosen
		f.File, f.URLs = "", ""
	}
	notice := draftFileNotice
	if s, err := a.Form.Scenario(); err == nil {
		a.opening, notice = &s, draftNotice
	}
	a.Form = f
	a.Notice = joinNotices(a.Notice, notice)
}

// formAsKept is the form as its draft keeps it: while it waits for a
// link's files (askForFiles), which leaves its own empty until they are
// chosen, with their names, so that a reload finds the edits on the
// link's graph.
func (a *App) formAsKept() Form {
	f := a.Form
	if a.awaitingFile() {
		f.File, f.URLs = a.fileLink.file, a.fileLink.urls
	}
	return f
}

// keepDraft keeps the form in the tab's storage when it changed since it
// was last kept; the page calls it before every render (Root.Compute).
// While another address waits for the worker (AddressChanged), the form
// still holds what was edited on the address before: it is not kept as
// the new address's draft.
func (a *App) keepDraft() {
	if a.Embed || a.waitingLink != nil {
		return
	}
	_, fragment := pageAddress()
	text := draftText(fragment, a.formAsKept())
	if text == a.draftKept {
		return
	}
	// Kept or not (a browser may refuse the storage), it is not tried
	// again until the form changes.
	a.draftKept = text
	saveDraft(text)
}

// replacedEdits are the form's edits not run that a link put in the
// address replaced (applyWaitingLink), kept until the user puts them back
// in the form (RestoreEdits), runs the form, or another link comes.
type replacedEdits struct {
	// text is the edited form as draftText writes it, base the fragment
	// of the address it was edited on.
	text, base string
	// restorable says whether the linked form can take them back: they
	// are on the same kind of graph, and the same files (formOfDraft).
	restorable bool
	// restored says that they are back in the form.
	restored bool
}

// The notices of the edits a link replaced (EditsNotice).
const (
	editsReplacedNotice = "The linked scenario replaced the changes you had not run in the form."
	editsLostNotice     = editsReplacedNotice + " They were made on another graph, which the form no longer names, so they cannot be put back."
	editsRestoredNotice = "Your changes are back in the form; the results are of the linked scenario until you run them."
)

// editsNotRun returns the form as draftText writes it, with the fragment
// of the address it was edited on (the base of the draft kept last),
// when it differs from that address's scenario; "", "" when it holds
// that scenario, or in embed mode, which shows no form.
func (a *App) editsNotRun() (text, base string) {
	var d draft
	if a.Embed || a.draftKept == "" || json.Unmarshal([]byte(a.draftKept), &d) != nil {
		return "", ""
	}
	s, ok, err := DecodePermalink(d.Base)
	if err != nil {
		return "", ""
	}
	if !ok {
		if s, err = DefaultForm().Scenario(); err != nil {
			return "", ""
		}
	}
	if a.showsScenario(s) {
		return "", ""
	}
	return draftText(d.Base, a.Form), d.Base
}

// takeReplacedEdits keeps the edits text made on the address base that
// the form of a link (already in a.Form) replaced, and says so beside the
// form (EditsNotice); none ("") forgets the edits a link replaced before.
// Edits that the linked form holds already were not lost.
func (a *App) takeReplacedEdits(text, base string) {
	a.replaced = nil
	var d draft
	if text == "" || a.Embed || json.Unmarshal([]byte(text), &d) != nil {
		return
	}
	_, changed := formOfDraft(text, base, a.Form)
	if !changed && d.Form.sameGraph(a.Form) {
		return
	}
	a.replaced = &replacedEdits{text: text, base: base, restorable: changed}
}

// EditsNotice says, beside the form, that a link replaced the edits not
// run in the form (and whether they can be put back), or that they are
// back; "" when no link did.
func (a *App) EditsNotice() string {
	switch r := a.replaced; {
	case r == nil:
		return ""
	case r.restored:
		return editsRestoredNotice
	case r.restorable:
		return editsReplacedNotice
	}
	return editsLostNotice
}

// CanRestoreEdits reports whether the edits a link replaced can be put
// back in the form (RestoreEdits).
func (a *App) CanRestoreEdits() bool {
	return a.replaced != nil && a.replaced.restorable && !a.replaced.restored
}

// RestoreEdits puts the edits a link replaced back in the form, without
// running them, and gives the focus to the notice that says so (the
// button pressed goes away).
func (a *App) RestoreEdits() {
	if !a.CanRestoreEdits() {
		return
	}
	a.Form, _ = formOfDraft(a.replaced.text, a.replaced.base, a.Form)
	a.replaced.restored = true
	focusElement(editsNoticeID)
}

// editsNoticeID is the id of the notice of the edits a link replaced.
const editsNoticeID = "edits-replaced"

// focusElement gives an element of the page the focus (page.FocusInView);
// the tests replace it.
var focusElement = page.FocusInView

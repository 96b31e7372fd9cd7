package main

import (
	"errors"
	"net/url"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// setFragment puts a fragment in the page's address (page.SetFragment);
// the tests replace it to see what the page sets.
var setFragment = page.SetFragment

// linkError says that the page's address holds a permalink it cannot
// read, err, and what the page shows instead, in one sentence; the page
// keeps the address (keepAddress) so that the user can copy the link and
// mend it.
func linkError(err error, shown string) string {
	msg := err.Error()
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg + "; " + shown + ", and the address keeps the link until you run something."
}

// embedOf reports whether the page's address asks for the embed mode:
// ?embed=1 (or true) in the query, or #embed first in the fragment;
// fragment says whether the fragment asked.
func embedOf(query, frag string) (embed, fragment bool) {
	q, _ := url.ParseQuery(query)
	fragment = frag == "embed" || strings.HasPrefix(frag, "embed&")
	return q.Get("embed") == "1" || q.Get("embed") == "true" || fragment, fragment
}

// watchAddress applies the permalinks put in the page's address while it
// is open (AddressChanged).
func (a *App) watchAddress() {
	page.OnAddressChange(func() {
		query, fragment := page.Address()
		a.env.Lock()
		defer a.env.UnlockRender()
		a.AddressChanged(query, fragment)
	})
}

// AddressChanged applies the page's new address (query and fragment,
// without ? and #), when the user put another link there: a permalink of
// another scenario than the form's is applied as a fresh load would apply
// it (the form, the embed mode, the notice of an upload, a run), at once
// when the worker is idle, else once it is (applyWaitingLink), said
// meanwhile; a link the page cannot read is refused with the error a load
// gives, and the form keeps its scenario. The page's own permalink, which
// setPermalink puts there without this event, changes nothing.
func (a *App) AddressChanged(query, fragment string) {
	embed, embedFragment := embedOf(query, fragment)
	s, ok, err := DecodePermalink(fragment)
	switch {
	case err != nil:
		a.dropWaitingLink()
		a.Error, a.keepAddress = linkError(err, "the page keeps the scenario it shows"), true
		return
	case !ok || a.showsScenario(s):
		// Back to the page's own permalink (or to none): a link that
		// waited is forgotten.
		a.dropWaitingLink()
		a.keepAddress = false
		a.Embed, a.embedFragment = embed, embedFragment
		if ok {
			a.Notice = joinNotices(a.Notice, a.applyLinkView(fragment))
		}
		return
	}
	a.waitingLink = &waitingLink{s: s, embed: embed, embedFragment: embedFragment, fragment: fragment}
	if a.WorkerBusy() {
		// The run going on must not put its scenario in the address
		// over the link when it is accepted.
		a.keepAddress = true
		a.Notice = waitingNotice
		if a.Running() {
			a.Notice = waitingNoticeRun
		}
		return
	}
	a.applyWaitingLink()
}

// The notices of a link that waits for the worker (AddressChanged):
// waitingNoticeRun while a comparison runs, which the run bar's Cancel
// stops; waitingNotice while a panel's job does (the line beside Run
// says where to cancel it).
const (
	waitingNotice    = "The address holds another scenario: the page shows and runs it once the worker is done."
	waitingNoticeRun = "The address holds another scenario: the page shows and runs it once the worker is done (Cancel to stop the run now)."
)

// dropWaitingLink forgets the link that waited for the worker, and its
// notice.
func (a *App) dropWaitingLink() {
	if a.waitingLink == nil {
		return
	}
	a.waitingLink = nil
	if a.Notice == waitingNotice || a.Notice == waitingNoticeRun {
		a.Notice = ""
	}
}

// waitingLink is a permalink put in the page's address, to apply once the
// worker is idle.
type waitingLink struct {
	s                    model.Scenario
	embed, embedFragment bool
	// fragment is the link's fragment, which holds the chart's view
	// (viewOf).
	fragment string
}

// showsScenario reports whether the form holds scenario s: the page's
// own permalink in its address.
func (a *App) showsScenario(s model.Scenario) bool {
	cur, err := a.Form.Scenario()
	if err != nil {
		return false
	}
	form, _ := FormOfLink(s)
	linked, err := form.Scenario()
	return err == nil && sameScenario(cur, linked)
}

// sameScenario reports whether a and b are the same scenario, written out.
func sameScenario(a, b model.Scenario) bool {
	ea, errA := EncodePermalink(a)
	eb, errB := EncodePermalink(b)
	return errA == nil && errB == nil && ea == eb
}

// applyWaitingLink applies the link waiting for an idle worker
// (AddressChanged) as a fresh load does: the form shows its scenario, and
// runs it, unless it runs on a file the page does not hold, which the
// notice asks for.
func (a *App) applyWaitingLink() {
	l := a.waitingLink
	if l == nil || a.WorkerBusy() {
		return
	}
	a.waitingLink = nil
	held := a.Form.Source == SourceUpload && a.q.Upload != nil && a.Form.File != ""
	file, urls := a.Form.File, a.Form.URLs
	edits, editedOn := a.editsNotRun()
	var notice string
	a.Form, notice = FormOfLink(l.s)
	a.Embed, a.embedFragment = l.embed, l.embedFragment
	a.Notice, a.FormError, a.fileLink = "", "", nil
	notice = joinNotices(notice, a.applyLinkView(l.fragment))
	// The notice of what the form leaves out of the link stays beside
	// the upload's notice, and once the link runs; so does the notice
	// of the edits the link replaced.
	defer func() {
		a.Notice = joinNotices(a.Notice, notice)
		a.takeReplacedEdits(edits, editedOn)
	}()
	if !a.q.Dead() {
		// A dead worker's message stays: it says to reload the page.
		a.Error = ""
	}
	if a.Form.Source == SourceUpload && (!held || file != a.Form.File || urls != a.Form.URLs) {
		a.askForFiles(l.s)
		a.markLinked()
		return
	}
	if a.q.Dead() {
		a.markLinked()
		return
	}
	a.RunForm()
}

// viewFragment is the fragment's part that keeps the x axis x and the
// logarithmic scale logX (report.ViewFragment, which crawlsim run -link
// writes too): "" for the default view, else "&x=count&log=1" or part of
// it.
func viewFragment(x string, logX bool) string { return report.ViewFragment(x, logX) }

// viewOf reads the chart's view of a permalink fragment (report.LinkView,
// which crawlsim run -scenario reads too): an x axis the chart does not
// draw is the default, and so is a scale other than log=1 (log=0, the
// linear default, is said by no notice); notice says that the link asked
// for a view the page does not know ("" when it did not).
func viewOf(fragment string) (x string, logX bool, notice string) {
	x, logX, unknown := report.LinkView(fragment)
	if len(unknown) > 0 {
		notice = "The link's chart view " + strings.Join(unknown, " and ") + " is not one the page knows; the chart shows the default."
	}
	return x, logX, notice
}

// showPermalink makes the scenario of the last run (scenarioFragment)
// with the chart's view the permalink, and the page's address unless the
// page keeps the address (keepAddress). The view is the one the chart
// shows that scenario's result in: a scenario without politeness has no
// time, so its chart is against the fraction (drawChart).
func (a *App) showPermalink() {
	if a.scenarioFragment == "" {
		return
	}
	x := a.XAxis
	if x == report.XTime && !a.permalinkTimed {
		x = report.XFraction
	}
	frag := a.scenarioFragment + viewFragment(x, a.LogX)
	a.Permalink = page.PageURL() + "#" + frag
	if a.keepAddress {
		return
	}
	if a.embedFragment {
		frag = "embed&" + frag
	}
	if err := setFragment(frag); err != nil && !errors.Is(err, page.ErrNotInBrowser) {
		a.Notice = "The page's address could not be changed (" + err.Error() + "); the permalink below holds the scenario."
	}
}

// applyLinkView shows the chart as the permalink fragment asks
// (viewOf), redrawing it; it returns viewOf's notice of a view the page
// does not know.
func (a *App) applyLinkView(fragment string) string {
	x, logX, notice := viewOf(fragment)
	if x != a.XAxis || logX != a.LogX {
		a.XAxis, a.LogX = x, logX
		a.drawChart()
	}
	return notice
}

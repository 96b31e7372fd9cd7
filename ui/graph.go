package main

import (
	"errors"
	"fmt"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/ui/formcheck"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// Ids of the page's file inputs, from which pickUpload takes the files.
const (
	graphInputID = "graph-file"
	urlsInputID  = "urls-file"
)

// Loading reports whether a load or generate is in flight, or the
// download of a graph of the site.
func (a *App) Loading() bool { return a.q.Has(a.q.GraphReq) || a.siteFetching }

// graphPending is the pending request of a load or generate.
func (a *App) graphPending(kind string) *workerqueue.Pending {
	panel := a.panelAsks
	return &workerqueue.Pending{
		Done: func(r protocol.Response) {
			a.Graph = r.Graph
			a.Facts = graphFacts(a.Graph, a.Result)
			if kind == protocol.KindLoad {
				a.Form.Source, a.Form.File, a.Form.URLs = SourceUpload, r.Graph.Name, r.Graph.URLs
				if model.IsSitePath(r.Graph.Name) {
					a.Form.Source = SourceSite
				}
				a.q.UploadPages, a.q.UploadLinks = int64(r.Graph.Stats.Pages), r.Graph.Stats.Links
				a.syncHelpers()
				a.markHelpers()
			}
			a.runPending()
		},
		Failed: func(msg string) {
			a.q.DropRun()
			a.Error, a.panelErr = msg, ""
			if panel {
				a.panelErr = msg
			}
		},
	}
}

// PanelError is the error shown in the Graph panel, under its buttons:
// the page's error when it is the failure of a load or generate that
// the panel's Load or Generate asked for, or the form's error when
// Generate refused the fields; "" otherwise (and in embed mode, which
// has no panel). The banner over the page shows every other error
// (BannerError), and the run bar every other form error. On a phone
// both are a screen or more above the panel's buttons, out of sight of
// the user who pressed one.
func (a *App) PanelError() string {
	switch {
	case a.Embed:
		return ""
	case a.Error != "" && a.Error == a.panelErr:
		return a.Error
	case a.FormError != "" && a.FormError == a.panelFormErr && !a.refusalOutdated():
		return a.FormError
	}
	return ""
}

// RunBarFormError is the form's error as the run bar shows it: FormError,
// unless the Graph panel shows it (PanelError).
func (a *App) RunBarFormError() string {
	if a.FormError == a.panelFormErr && a.PanelError() != "" || a.refusalOutdated() {
		return ""
	}
	return a.FormError
}

// BannerError is the error shown over the page: the page's error, unless
// the Graph panel shows it (PanelError).
func (a *App) BannerError() string {
	if a.Error == a.panelErr && a.PanelError() != "" {
		return ""
	}
	return a.Error
}

// Generate generates the form's graph in the worker, for its statistics.
func (a *App) Generate() {
	a.Error, a.FormError = "", ""
	// Its refusal marks the inputs it names anew, as Run's does: an
	// input changed since the last refusal and refused again is marked.
	a.marks = fieldMarks{}
	f := a.Form
	f.Source = SourceGenerate
	s, err := f.Setting()
	if err != nil {
		a.FormError, a.panelFormErr = err.Error(), err.Error()
		return
	}
	req := a.q.Request(protocol.KindGenerate)
	req.Generate = s.Graph.Generate
	a.panelAsks = true
	defer func() { a.panelAsks = false }()
	if err := a.q.Start(req, a.graphPending(protocol.KindGenerate)); err != nil {
		a.Error, a.panelErr = err.Error(), err.Error()
		return
	}
	a.Form.Source = SourceGenerate
	a.q.GraphReq, a.q.GraphKind = req.ID, protocol.KindGenerate
}

// LoadFiles sends the files picked in the file inputs to the worker, and
// to the helpers. The browser reads them while the page goes on, so the
// sending happens on a goroutine of its own.
func (a *App) LoadFiles() {
	a.Error, a.FormError = "", ""
	if a.q.Worker == nil || !a.q.Ready {
		a.Error, a.panelErr = workerqueue.ErrNoWorker.Error(), workerqueue.ErrNoWorker.Error()
		return
	}
	if a.q.Busy() {
		a.Error, a.panelErr = workerqueue.ErrBusy.Error(), workerqueue.ErrBusy.Error()
		return
	}
	a.panelAsks = true
	defer func() { a.panelAsks = false }()
	// The files are taken from the inputs now, in the click's handler: the
	// render that follows it may empty the inputs before the goroutine
	// that sends them runs (TestPageUpload failed so about one load in
	// three). The helpers get the same files, now and when they start;
	// a first worker started again after a failure, or that refused them,
	// is sent the upload it accepted last (uploadAnswered).
	u, err := pickUpload(graphInputID, urlsInputID)
	switch {
	case errors.Is(err, page.ErrNoGraphFile):
		// Refused in Run's words (Form.setting), by the button.
		a.FormError = noGraphFileRefusal()
		a.panelFormErr = a.FormError
		return
	case err != nil:
		// The inputs could not be read: said as it is, by the button.
		a.Error, a.panelErr = err.Error(), err.Error()
		return
	}
	a.takeUpload(u)
}

// noGraphFileRefusal is the form's refusal of a Run or a Load with no
// graph file chosen, as Form.Scenario writes it.
func noGraphFileRefusal() string {
	errs := &formcheck.Errors{}
	errs.Bad("graph", noGraphFile)
	return errs.Err().Error()
}

// takeUpload sends the upload u taken from the inputs to the first
// worker and the helpers. It is the upload to send again (App.upload)
// only once the first worker has accepted it.
func (a *App) takeUpload(u *page.Upload) {
	a.picked, a.q.Sending, a.q.Uploads = u, u, a.q.Uploads+1
	a.loadHelpers(func(*workerqueue.Helper) bool { return true })
	a.sendUpload(u)
}

// uploadAnswered takes the first worker's answer to the load of the
// upload on its way (q.Sending), or its loss: accepted, it is the upload
// to send again; refused or lost, the helpers that hold or load it hold
// no file, and are sent the upload the first worker accepted before, if
// any. refused says the first worker read it and refused it: the worker
// dropped the upload it held before reading this one (session.Session
// does), and is sent the accepted one again, as a restarted worker is.
func (a *App) uploadAnswered(u *page.Upload, accepted, refused bool) {
	if u == nil || u != a.q.Sending {
		return
	}
	a.q.Sending = nil
	if accepted {
		a.q.Upload, a.q.UploadGen = u, a.q.Uploads
	}
	a.firstWorkerAnswered(accepted)
	if accepted {
		return
	}
	if a.picked == u {
		// Files refused or not sent are not taken: a Run with them
		// still picked loads them again (loadPickedFirst) and says
		// why they are refused, rather than run on the upload before.
		a.picked = a.q.Upload
	}
	for _, h := range a.q.Helpers {
		if h.Gen != a.q.UploadGen {
			// A load in flight finds the upload changed when it ends.
			h.HoldsNothing()
		}
	}
	a.loadHelpers(func(h *workerqueue.Helper) bool { return h.Gen != a.q.UploadGen })
	if refused && a.q.Upload != nil {
		a.resendUpload()
	}
}

// resendUpload sends the upload the first worker accepted last to it
// again (after a restart, or a load it refused); a Run pressed meanwhile
// waits for it (workerqueue.Queue.Resending).
func (a *App) resendUpload() {
	a.sendUpload(a.q.Upload)
	a.q.ResendReq = a.q.GraphReq
}

// sendUpload sends the upload u to the first worker, which is ready and
// idle, on a goroutine of its own.
func (a *App) sendUpload(u *page.Upload) {
	req := a.q.Request(protocol.KindLoad)
	panel := a.panelAsks
	p := a.graphPending(protocol.KindLoad)
	done, failed := p.Done, p.Failed
	p.Done = func(r protocol.Response) {
		a.uploadAnswered(u, true, false)
		done(r)
	}
	p.Failed = func(msg string) {
		a.uploadAnswered(u, false, true)
		failed(msg)
	}
	a.q.Register(req.ID, p)
	a.q.GraphReq, a.q.GraphKind = req.ID, protocol.KindLoad
	w := a.q.Worker
	go func() {
		// The files' names reach the form with the worker's answer
		// (KindGraph), once the graph read well.
		_, err := w.SendUpload(req, u, protocol.DefaultMemoryBudget/2)
		if err == nil {
			return
		}
		a.env.Lock()
		defer a.env.UnlockRender()
		if a.q.Has(req.ID) {
			a.q.Unregister(req.ID)
			a.q.DropRun()
		}
		// The worker was not sent the files, and holds what it held.
		a.uploadAnswered(u, false, false)
		// The worker is idle again: a link that waited for it applies.
		// Applying it clears the page's error, so the failure is said
		// after it, unless the link's run has an error of its own.
		a.applyWaitingLink()
		if a.Error == "" {
			a.Error, a.panelErr = err.Error(), ""
			if panel {
				a.panelErr = a.Error
			}
		}
	}()
}

// factWarning labels a fact that is a warning of the graph's reading
// (graphFacts); the facts table marks its row (SourcePanel.FactClass).
const factWarning = "warning"

// graphFacts are the statistics of graph g, with what its reading warned
// of, or else of the result's graph, as label and value pairs.
func graphFacts(g *protocol.GraphInfo, r *model.Result) [][2]string {
	var facts [][2]string
	if g != nil {
		st := g.Stats
		facts = append(facts, [2]string{"graph", g.Name}, [2]string{"pages", model.Count(st.Pages)},
			[2]string{"links", model.Count(st.Links)}, [2]string{"dangling pages", model.Count(st.Dangling)})
		if st.Hosts > 0 {
			facts = append(facts, [2]string{"hosts", model.Count(st.Hosts)},
				[2]string{"intra / inter-host links", intraInterText(int64(st.IntraHost), int64(st.InterHost), st.IntraHostShare())})
		} else {
			facts = append(facts, [2]string{"hosts", "none (give a URL list for hosts)"})
		}
		for _, w := range g.Warnings {
			facts = append(facts, [2]string{factWarning, w})
		}
		return facts
	}
	if r != nil {
		g := r.Graph
		facts = append(facts, [2]string{"graph", g.SourceName}, [2]string{"pages", model.Count(g.Pages)},
			[2]string{"links", model.Count(g.Links)}, [2]string{"dangling pages", model.Count(g.Dangling)},
		)
		if g.Hosts == 0 {
			facts = append(facts, [2]string{"hosts", "none (give a URL list for hosts)"})
		} else {
			facts = append(facts, [2]string{"hosts", model.Count(g.Hosts)})
		}
		if g.Links > 0 && g.Hosts > 0 {
			facts = append(facts, [2]string{"intra / inter-host links", intraInterText(g.Links-g.InterHost, g.InterHost, float64(g.Links-g.InterHost)/float64(g.Links))})
		}
	}
	return facts
}

// intraInterText writes the links within hosts and between them, and the
// share within: "12,000 / 3,456 (77.6% intra)".
func intraInterText(intra, inter int64, share float64) string {
	return fmt.Sprintf("%s / %s (%.1f%% intra)", model.Count(intra), model.Count(inter), 100*share)
}

package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/ui/formcheck"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
	"github.com/vugu/vugu"
)

// addressSet records the fragments the page puts in its address for the
// rest of the test.
func addressSet(t *testing.T) *[]string { return recordedFragments(t, &setFragment) }

// recordedFragments replaces the hook that puts a fragment in the page's
// address (setFragment, pushFragment) for the test, with one that records
// them, and returns the record.
func recordedFragments(t *testing.T, hook *func(string) error) *[]string {
	t.Helper()
	var set []string
	old := *hook
	*hook = func(fragment string) error {
		set = append(set, fragment)
		return nil
	}
	t.Cleanup(func() { *hook = old })
	return &set
}

// answerRun answers the last run w was sent with a result.
func answerRun(t *testing.T, a *App, w *fakeWorker) {
	t.Helper()
	if lastRun(w) == nil {
		t.Fatalf("the worker's last request is not a run: %+v", w.sent)
	}
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
}

// TestDamagedLinkKeepsTheAddress: a permalink the page cannot read is said
// in one sentence (it said "…was it cut short?; the default scenario…"),
// and the address keeps it while the default scenario runs, so that the
// user can copy and mend it, until the user runs something.
func TestDamagedLinkKeepsTheAddress(t *testing.T) {
	set := addressSet(t)
	a, w := NewApp("", "s=eJyrVkrOz0nNTc0rSUxXslIqS8wpTtWpTs"), &fakeWorker{}
	if !strings.Contains(a.Error, "damaged") || !strings.Contains(a.Error, "default scenario") ||
		strings.Contains(a.Error, "?;") || strings.Count(a.Error, ".") != 1 || !strings.HasSuffix(a.Error, ".") {
		t.Errorf("the damaged link's message %q is not one sentence that says it is damaged and what is shown", a.Error)
	}
	a.q.Worker = w
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	answerRun(t, a, w)
	if len(*set) != 0 || a.Permalink == "" {
		t.Errorf("the default scenario's run set the address to %q (permalink %q); want the damaged link kept", *set, a.Permalink)
	}
	a.Run()
	answerRun(t, a, w)
	if len(*set) != 1 || !strings.HasPrefix((*set)[0], permalinkKey) {
		t.Errorf("the user's run set the address to %q; want its permalink", *set)
	}
}

// otherLink is the fragment of a permalink of the default scenario on a
// graph of pages pages with the seeds given.
func otherLink(t *testing.T, pages int, seeds string) string {
	t.Helper()
	s := defaultScenario()
	s.Graph.Generate.Pages, s.Seeds = pages, seeds
	frag, err := EncodePermalink(s)
	if err != nil {
		t.Fatal(err)
	}
	return frag
}

// TestPastedLinkApplies: a permalink put in the address of the open page
// (a paste into the address bar, Back) is applied as a fresh load would
// apply it: the form, the embed mode and a run; a fragment that holds the
// form's own scenario (the page's own permalink) changes nothing. Before,
// the page did not listen, and only a reload applied the link.
func TestPastedLinkApplies(t *testing.T) {
	a, w := readyApp(t)
	set := addressSet(t)
	a.env = &quietEnv{}
	a.AddressChanged("", "embed&"+otherLink(t, 3000, "random:5"))
	if a.Form.Pages != "3000" || a.Form.Seeds != "random:5" || !a.Embed {
		t.Errorf("after the paste the form has pages %q, seeds %q, embed %v", a.Form.Pages, a.Form.Seeds, a.Embed)
	}
	s := lastRun(w)
	if s == nil || s.Graph.Generate.Pages != 3000 || s.Seeds != "random:5" {
		t.Fatalf("after the paste the worker was last sent %+v", w.sent[len(w.sent)-1])
	}
	answerRun(t, a, w)
	if len(*set) != 1 || !strings.HasPrefix((*set)[0], "embed&"+permalinkKey) {
		t.Errorf("the pasted link's run set the address to %q", *set)
	}
	sent := len(w.sent)
	a.AddressChanged("", (*set)[0])
	a.AddressChanged("", "embed&"+otherLink(t, 3000, "random:5"))
	if len(w.sent) != sent || a.Notice != "" || a.Error != "" {
		t.Errorf("the page's own scenario in the address: sent %+v, notice %q, error %q", w.sent[sent:], a.Notice, a.Error)
	}
}

// TestPastedLinkWaitsForTheRun: a permalink pasted while a comparison runs
// is applied once it ended, and said meanwhile; the run's end does not
// put its own scenario in the address over the pasted link.
func TestPastedLinkWaitsForTheRun(t *testing.T) {
	a, w := readyApp(t)
	set := addressSet(t)
	a.env = &quietEnv{}
	a.Run()
	running := len(w.sent)
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	if a.Form.Pages == "3000" || len(w.sent) != running || !strings.Contains(a.Notice, "once") {
		t.Errorf("pasted while running: pages %q, sent %d requests more, notice %q", a.Form.Pages, len(w.sent)-running, a.Notice)
	}
	a.Deliver(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
	if len(*set) != 0 {
		t.Errorf("the run's end set the address to %q over the pasted link", *set)
	}
	if s := lastRun(w); a.Form.Pages != "3000" || s == nil || s.Graph.Generate.Pages != 3000 {
		t.Fatalf("after the run the form has pages %q and the worker was last sent %+v", a.Form.Pages, w.sent[len(w.sent)-1])
	}
	answerRun(t, a, w)
	if len(*set) != 1 {
		t.Errorf("the pasted link's run set the address to %q", *set)
	}
}

// TestPastedDamagedLink: a damaged permalink pasted is refused with the
// error a load gives, and the form keeps what it holds.
func TestPastedDamagedLink(t *testing.T) {
	const damaged = "s=eJyrVkrOz0nNTc0rSUxXslIqS8wpTtWpTs"
	a, w := readyApp(t)
	a.env = &quietEnv{}
	a.Form.Pages = "1234"
	sent := len(w.sent)
	a.AddressChanged("", damaged)
	atLoad := NewApp("", damaged).Error
	cause := atLoad[:strings.Index(atLoad, ";")]
	if !strings.HasPrefix(a.Error, cause+";") || a.Form.Pages != "1234" || len(w.sent) != sent {
		t.Errorf("the damaged link pasted: error %q (at load: %q), pages %q, %d requests sent", a.Error, atLoad, a.Form.Pages, len(w.sent)-sent)
	}
}

// TestPastedUploadLink: a permalink of an upload pasted asks for its file,
// as at load, and runs nothing.
func TestPastedUploadLink(t *testing.T) {
	a, w := readyApp(t)
	a.env = &quietEnv{}
	sent := len(w.sent)
	a.AddressChanged("", uploadLink(t, "g.edges", ""))
	if a.Form.Source != SourceUpload || a.Notice != uploadNotice("g.edges", "") || len(w.sent) != sent {
		t.Errorf("the upload's link pasted: source %q, notice %q, %d requests sent", a.Form.Source, a.Notice, len(w.sent)-sent)
	}
}

// FuzzPermalink feeds NewApp any URL fragment, as a reader who follows a
// damaged or hand-made link does (an input that starts with "{" is taken
// for a scenario's JSON and put in a link as the page does): the page never panics, a fragment it
// cannot read is an error and the default scenario, and the form a
// permalink gives builds every panel. A scenario the form accepts goes
// through its own permalink and the form again unchanged.
func FuzzPermalink(f *testing.F) {
	def, err := DefaultForm().Scenario()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []model.Scenario{def, sampleScenario()} {
		frag, err := EncodePermalink(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(frag)
		f.Add("embed&" + frag)
		f.Add(frag[:len(frag)/2])
		f.Add(frag + "&x=count&log=1")
		f.Add("embed&" + frag + "&x=time&x=nope&log=0")
	}
	for _, json := range []string{
		`{"version":1,"graph":{"file":"g.edges","urls":"g.urls"},"strategies":[{"id":"bfs"}]}`,
		`{"version":1,"graph":{"generate":{"pages":-5}},"strategies":[{"id":"nope","params":{"m":1e300}}],"politeness":{"connections":0}}`,
		`{"version":1,"strategies":[{"id":"fpr-m"},{"id":"fpr-m","label":"x","params":{"m":3}}],"budget":{"fraction":2}}`,
	} {
		f.Add(json)
	}
	f.Add("s=")
	f.Add("s=!!!")
	f.Add("embed")
	f.Add("s=AAAA&s=BBBB")
	f.Fuzz(func(t *testing.T, fragment string) {
		if strings.HasPrefix(fragment, "{") {
			// A scenario's JSON: the link holds it, deflated, so that
			// the fuzzer reaches the form with any scenario.
			var err error
			if fragment, err = model.PermalinkFragment([]byte(fragment)); err != nil {
				t.Fatal(err)
			}
		}
		s, ok, decodeErr := DecodePermalink(fragment)
		a := NewApp("", fragment)
		if decodeErr != nil && a.Error == "" {
			t.Fatalf("%q: decode error %v, but the page says nothing", fragment, decodeErr)
		}
		env, err := vugu.NewBuildEnv()
		if err != nil {
			t.Fatal(err)
		}
		// Every panel builds (Root itself starts the worker).
		for _, panel := range []vugu.Builder{&SourcePanel{App: a}, &SeedsPanel{App: a}, &StrategiesPanel{App: a},
			&PolitenessPanel{App: a}, &RunPanel{App: a}, &ChartView{App: a}, &MetricsTable{App: a}, &TimeTable{App: a},
			&SharePanel{App: a}, &CommunityPanel{App: a}, &RefreshPanel{App: a}, &PapersPanel{App: a}} {
			env.RunBuild(panel)
		}
		if x := a.XAxis; x != report.XFraction && x != report.XCount && x != report.XTime {
			t.Fatalf("%q: the chart's x axis is %q", fragment, x)
		}
		if !ok || decodeErr != nil {
			return
		}
		if s.Graph.File != "" && a.Form.File != "" {
			t.Fatalf("a permalink of an upload filled the file field with %q before the upload", a.Form.File)
		}
		first, err := a.Form.Scenario()
		if err != nil {
			return // the form says what is wrong; Run is refused
		}
		frag, err := EncodePermalink(first)
		if err != nil {
			t.Fatalf("the form's scenario has no permalink: %v", err)
		}
		again := NewApp("", frag)
		if again.Error != "" {
			t.Fatalf("the form's own permalink is refused: %s", again.Error)
		}
		second, err := again.Form.Scenario()
		if err != nil {
			t.Fatalf("the form's own permalink gives a form the page refuses: %v", err)
		}
		if a, b := mustMarshalScenario(t, first), mustMarshalScenario(t, second); a != b {
			t.Fatalf("through the form's own permalink\n%s\nbecame\n%s", a, b)
		}
	})
}

// mustMarshalScenario is the JSON of s.
func mustMarshalScenario(t *testing.T, s model.Scenario) string {
	t.Helper()
	data, err := model.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestPermalinkOfUntimedRunHasNoTimeAxis: with the time axis chosen, a
// run without politeness draws its chart against the fraction (it has
// no time), and the permalink and the address said "&x=time&log=1",
// a view the chart did not show. They say the view the chart shows.
func TestPermalinkOfUntimedRunHasNoTimeAxis(t *testing.T) {
	set := addressSet(t)
	a, w := readyApp(t)
	a.XAxis, a.LogX = report.XTime, true
	a.Run()
	answerRun(t, a, w)
	if a.XAxis != report.XFraction {
		t.Fatalf("the untimed chart is drawn against %q", a.XAxis)
	}
	last := (*set)[len(*set)-1]
	for _, got := range []string{last, a.Permalink} {
		if strings.Contains(got, "x=time") || !strings.HasSuffix(got, "&log=1") {
			t.Errorf("the link %q does not say the chart's view (fraction, log)", got)
		}
	}
}

// TestGenerateMarksLikeRun: Generate refused the fields as Run did but
// left the marks Run made, so an input changed since (its mark gone) and
// refused again was not marked.
func TestGenerateMarksLikeRun(t *testing.T) {
	a, _ := readyApp(t)
	// "1e" typed, then "2e": the box holds no number both times, the
	// same refusal.
	a.Form.Pages = formcheck.TypedNotANumber
	a.Run()
	pages := &Field{Value: numberBox(&a.Form.Pages), Invalid: a.InvalidInputs(), AttrMap: map[string]any{"id": "gen-pages"}}
	if !a.InvalidInputs()["gen-pages"] {
		t.Fatalf("Run's refusal %q marks %v", a.FormError, a.InvalidInputs())
	}
	pages.HandleChange("", true)
	a.Generate()
	if !strings.HasPrefix(a.FormError, "pages: ") || !a.InvalidInputs()["gen-pages"] {
		t.Errorf("Generate's refusal %q marks %v; want pages", a.FormError, a.InvalidInputs())
	}
}

// TestLinkViewUnknown: a link's chart view the page does not know (x=foo,
// log=2) was ignored without a word; the chart shows the default view
// and the notice says so.
func TestLinkViewUnknown(t *testing.T) {
	a := NewApp("", otherLink(t, 3000, "random:5")+"&x=foo&log=2")
	if a.XAxis != report.XFraction || a.LogX {
		t.Errorf("the link opens with x axis %q, log %v", a.XAxis, a.LogX)
	}
	for _, want := range []string{"x=foo", "log=2", "shows the default"} {
		if !strings.Contains(a.Notice, want) {
			t.Errorf("the notice %q does not say %q", a.Notice, want)
		}
	}
	b := NewApp("", otherLink(t, 3000, "random:5")+"&x=count&log=1")
	if b.Notice != "" || b.XAxis != report.XCount || !b.LogX {
		t.Errorf("a known view: notice %q, x axis %q, log %v", b.Notice, b.XAxis, b.LogX)
	}
	// log=0 writes the linear default.
	c := NewApp("", otherLink(t, 3000, "random:5")+"&x=count&log=0")
	if c.Notice != "" || c.XAxis != report.XCount || c.LogX {
		t.Errorf("log=0: notice %q, x axis %q, log %v", c.Notice, c.XAxis, c.LogX)
	}
}

// TestBackForgetsTheWaitingLink: a link pasted while a run goes waits
// for it; going back to the page's own permalink before the run ends
// forgets that link and its notice (the run's end applied the link the
// user left, and wrote it over the address).
func TestBackForgetsTheWaitingLink(t *testing.T) {
	a, w := readyApp(t)
	addressSet(t)
	a.env = &quietEnv{}
	own, err := EncodePermalink(mustScenario(t, a.Form))
	if err != nil {
		t.Fatal(err)
	}
	a.Run()
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	if !strings.Contains(a.Notice, "once the worker is done") {
		t.Fatalf("pasted while running: notice %q", a.Notice)
	}
	a.AddressChanged("", own)
	if a.Notice != "" {
		t.Errorf("back to the page's own link: notice %q", a.Notice)
	}
	a.Deliver(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
	if a.Form.Pages == "3000" || a.Running() {
		t.Errorf("the link left applied at the run's end: pages %q, running %v", a.Form.Pages, a.Running())
	}
}

// TestDamagedLinkDropsTheWaitingOne: a damaged link pasted after a link
// that waits for the run forgets the waiting one and says only what the
// damaged one gives (both notices were shown, the first promising a
// switch that never came).
func TestDamagedLinkDropsTheWaitingOne(t *testing.T) {
	a, w := readyApp(t)
	addressSet(t)
	a.env = &quietEnv{}
	a.Run()
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	a.AddressChanged("", "s=!!!")
	if a.Notice != "" || !strings.Contains(a.Error, "keeps the scenario it shows") {
		t.Errorf("notice %q, error %q", a.Notice, a.Error)
	}
	a.Deliver(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
	if a.Form.Pages == "3000" {
		t.Error("the forgotten link was applied at the run's end")
	}
}

// TestWaitingNoticeDuringAPanelsJob: while a panel's job keeps the worker
// busy, the waiting link's notice does not point at the run bar's Cancel,
// which is disabled then.
func TestWaitingNoticeDuringAPanelsJob(t *testing.T) {
	a, w := readyApp(t)
	addressSet(t)
	a.env = &quietEnv{}
	a.Papers.Run(a.Form)
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	if a.Running() || !strings.Contains(a.Notice, "once the worker is done") || strings.Contains(a.Notice, "Cancel") {
		t.Errorf("running %v, notice %q", a.Running(), a.Notice)
	}
	a.Deliver(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindCancelled}))
	if a.Form.Pages != "3000" || !a.Running() {
		t.Errorf("after the job: pages %q, running %v", a.Form.Pages, a.Running())
	}
}

// TestLinkKeepsADeadWorkersMessage: a link applied once the worker has
// failed for good changes the form, and the message that says to reload
// the page stays (it was wiped, and nothing ran or said why).
func TestLinkKeepsADeadWorkersMessage(t *testing.T) {
	a, _ := readyApp(t)
	addressSet(t)
	a.env = &quietEnv{}
	killWorker(&a.q)
	a.Error = "The worker failed again; reload the page."
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	if a.Form.Pages != "3000" || a.Error != "The worker failed again; reload the page." {
		t.Errorf("pages %q, error %q", a.Form.Pages, a.Error)
	}
}

// TestRefusedPickIsNotTaken: files picked and refused by the worker are
// not taken as loaded: the next Run with them still picked sends them
// again (and the worker's refusal is said again), rather than saying no
// file is chosen or running on the upload loaded before.
func TestRefusedPickIsNotTaken(t *testing.T) {
	var picked *page.Upload
	pickedFiles(t, &picked)
	a, w := NewApp("", uploadLink(t, "g.edges", "g.urls")), &fakeWorker{files: make(chan sentFiles, 2)}
	a.q.Worker = w
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	picked = &page.Upload{}
	for try := range 2 {
		a.Run()
		f := sentUpload(t, w)
		if f.upload != picked {
			t.Fatalf("Run %d sent upload %p, want the picked %p", try+1, f.upload, picked)
		}
		a.handle(pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindError, Error: "g.edges:3: bad line"}))
		if a.Error != "g.edges:3: bad line" || a.Running() || a.Loading() {
			t.Fatalf("after refusal %d: error %q, running %v, loading %v", try+1, a.Error, a.Running(), a.Loading())
		}
	}
}

// mustScenario is the scenario of the form f.
func mustScenario(t *testing.T, f Form) model.Scenario {
	t.Helper()
	s, err := f.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRefusalKeepsTheMarkOfBefore: a scenario refused after a cancelled
// run says the cancel again, and one refused by the first worker alone,
// after a helper failed and the comparison fell back to one worker,
// leaves a current result unmarked (the fall-back's second start took
// the parallel run's mark for the one before).
func TestRefusalKeepsTheMarkOfBefore(t *testing.T) {
	refusal := func(id int64) page.Event {
		return pageEvent(protocol.Response{ID: id, Kind: protocol.KindError, Error: "seeds: bad",
			Fields: []protocol.FieldError{{Field: "seeds", Message: "bad"}}})
	}
	a, w := readyApp(t)
	a.Run()
	a.Cancel()
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-2].ID, Kind: protocol.KindCancelled}))
	a.Run()
	a.handle(refusal(w.sent[len(w.sent)-1].ID))
	if note := a.StaleNote(); !strings.HasPrefix(note, "Run cancelled") {
		t.Errorf("a refusal after a cancel: the note says %q", note)
	}

	first, second := &fakeWorker{}, &fakeWorker{}
	b := parallelApp(t, first, second)
	b.Run()
	if b.q.UsedWorkers != 2 {
		t.Fatalf("ran in %d workers", b.q.UsedWorkers)
	}
	b.handleHelper(b.q.Helpers[0], pageEvent(protocol.Response{ID: second.sent[len(second.sent)-1].ID, Kind: protocol.KindError, Error: "out of memory"}))
	if !b.Running() || b.q.UsedWorkers != 1 {
		t.Fatalf("after the helper's failure: running %v in %d workers", b.Running(), b.q.UsedWorkers)
	}
	b.handle(refusal(first.sent[len(first.sent)-1].ID))
	if b.Stale() || b.StaleNote() != "" {
		t.Errorf("a current result is marked after the refusal: %q", b.StaleNote())
	}
}

// commandLineLink returns the fragment of the link crawlsim run -link
// writes (tools/crawlsim/pagelink.go) for s, normalized as -save-scenario
// writes it, with the chart's view x, logX: the scenario as a link
// carries it (model.PermalinkScenario), its JSON deflated
// (model.PermalinkFragment), then the view (report.ViewFragment).
func commandLineLink(t *testing.T, s model.Scenario, x string, logX bool) (model.Scenario, string) {
	t.Helper()
	norm, err := scenario.Normalize(s)
	if err != nil {
		t.Fatal(err)
	}
	data, err := model.Marshal(model.PermalinkScenario(norm))
	if err != nil {
		t.Fatal(err)
	}
	frag, err := model.PermalinkFragment(data)
	if err != nil {
		t.Fatal(err)
	}
	return norm, frag + report.ViewFragment(x, logX)
}

// TestCommandLineLinkOpens: the page opens a link of crawlsim run -link
// as the command line's scenario and chart view, without a notice, and
// its opening run is that scenario (normalized as the worker normalizes
// it); on a graph file the page asks for the file and its URL list by
// the names the link gives them, their base names.
func TestCommandLineLinkOpens(t *testing.T) {
	s := scenario.Default()
	s.Graph.Generate.Pages, s.Seeds, s.Importance = 3000, "random:5", model.ImportancePersonalized
	s.Strategies = []model.Strategy{{ID: "optimal"}, {ID: "rankmass"}, {ID: "fpr-m", Params: model.Values{"m": 3}}}
	s.Politeness = &model.Politeness{Connections: 2}
	norm, frag := commandLineLink(t, s, report.XTime, true)
	a, w := NewApp("", frag), &fakeWorker{}
	if a.Error != "" || a.Notice != "" || a.XAxis != report.XTime || !a.LogX {
		t.Errorf("the link opens with error %q, notice %q, x axis %q, log %v", a.Error, a.Notice, a.XAxis, a.LogX)
	}
	a.q.Worker = w
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	run := lastRun(w)
	if run == nil {
		t.Fatal("the link did not run")
	}
	ran, err := scenario.Normalize(*run)
	if err != nil {
		t.Fatal(err)
	}
	if !sameScenario(ran, norm) {
		a, _ := model.Marshal(ran)
		b, _ := model.Marshal(norm)
		t.Errorf("the page runs\n%s\nthe command line's scenario is\n%s", a, b)
	}

	s.Graph = model.Source{File: "/data/cs-stanford.edges", URLs: "../data/cs-stanford.urls"}
	_, frag = commandLineLink(t, s, report.XFraction, false)
	b := NewApp("", frag)
	if b.Form.Source != SourceUpload || b.Notice != uploadNotice("cs-stanford.edges", "cs-stanford.urls") || b.Error != "" {
		t.Errorf("a link on a graph file: source %q, notice %q, error %q", b.Form.Source, b.Notice, b.Error)
	}
}

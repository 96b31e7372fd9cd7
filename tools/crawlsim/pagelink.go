package main

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// defaultLinkBase is the page's address that run -link's links start
// with unless -link-base says otherwise: where `go run serve.go` serves
// the page (tools/site, -addr 127.0.0.1:8080).
const defaultLinkBase = "http://127.0.0.1:8080/"

// pageLink returns the link of the page at base that opens sc with the
// chart's view x, logX, as the page's own permalink holds them: base,
// "#", the scenario (model.PermalinkFragment of its JSON, its graph file
// named as an upload: model.PermalinkScenario), then the view
// (report.ViewFragment).
func pageLink(base string, sc scenario.Scenario, x string, logX bool) (string, error) {
	data, err := scenario.Marshal(model.PermalinkScenario(sc))
	if err != nil {
		return "", err
	}
	frag, err := model.PermalinkFragment(data)
	if err != nil {
		return "", err
	}
	return base + "#" + frag + report.ViewFragment(x, logX), nil
}

// checkLinkBase checks -link-base: an http or https address (the page
// runs only when served, its WebAssembly fetched) with a host, and
// without a fragment, where the link puts the scenario.
func checkLinkBase(base string) error {
	u, err := url.Parse(base)
	if err != nil {
		return usagef("-link-base %s: not an address (%v); give the page's address, such as %s", terminalSafe(base), causeOfURL(err), defaultLinkBase)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return usagef("-link-base %s: want an http:// or https:// address, where the page is served (go run serve.go serves it at %s)", terminalSafe(base), defaultLinkBase)
	case u.Host == "":
		return usagef("-link-base %s: the address has no host; give the page's address, such as %s", terminalSafe(base), defaultLinkBase)
	case strings.Contains(base, "#"):
		return usagef("-link-base %s: give the page's address without a fragment: the link puts the scenario after \"#\"", terminalSafe(base))
	}
	return nil
}

// causeOfURL is the reason url.Parse gives, without its repetition of
// the address.
func causeOfURL(err error) error {
	var e *url.Error
	if errors.As(err, &e) {
		return e.Err
	}
	return err
}

// linkFragment is the fragment of a link given to -scenario: the part
// after "#", or the whole value when it is the fragment alone ("s=...").
func linkFragment(value string) string {
	if _, after, found := strings.Cut(value, "#"); found {
		return after
	}
	return value
}

// linkView is the chart's view that a -scenario link keeps
// (report.LinkView): its x axis, its logarithmic scale, and the parts of
// the view crawlsim does not know.
type linkView struct {
	x       string
	logX    bool
	unknown []string
}

// chartView returns the chart's view of run's -svg and -link: the x axis
// and the logarithmic scale, as -svg-x and -svg-log give them, else as
// the -scenario link keeps them (report.LinkView), else the default
// (fraction, linear). As on the page, a link's time axis is the fraction
// for a scenario without the politeness clock, which has no time.
func (f *runFlags) chartView(sc scenario.Scenario, set map[string]bool) (x string, logX bool) {
	x = report.XFraction
	if f.fromLink {
		x, logX = f.linkView.x, f.linkView.logX
		if x == report.XTime && sc.Politeness == nil {
			x = report.XFraction
		}
	}
	if set["svg-x"] {
		x = f.svgX
	}
	if set["svg-log"] {
		logX = f.svgLog
	}
	return x, logX
}

// guarantees reports whether the -svg chart draws the guaranteed curves:
// as -svg-guarantees says, else as the page draws them, when the
// importance is personalized (the PageRank they bound).
func (f *runFlags) guarantees(res *scenario.Result, set map[string]bool) bool {
	if set["svg-guarantees"] {
		return f.svgGuar
	}
	return res.Scenario.Importance == model.ImportancePersonalized
}

// linkNotes says on stderr what the page does with run's -link when it
// opens it on a graph file (it asks for the files), and that the
// -scenario link's chart view holds parts that -svg and -link ignore.
func (f *runFlags) linkNotes(e *env, sc scenario.Scenario) {
	var uses []string
	if f.svgOut != "" {
		uses = append(uses, "-svg")
	}
	if f.link != "" {
		uses = append(uses, "-link")
	}
	if len(uses) > 0 && len(f.linkView.unknown) > 0 {
		parts := make([]string, len(f.linkView.unknown))
		for i, p := range f.linkView.unknown {
			parts[i] = terminalSafe(p)
		}
		fmt.Fprintf(e.stderr, "note: -scenario: the link's chart view %s is not one crawlsim knows; %s %s the default view\n",
			strings.Join(parts, " and "), strings.Join(uses, " and "), verbOf(len(uses), "uses", "use"))
	}
	if f.link == "" {
		return
	}
	g := model.PermalinkScenario(sc).Graph
	switch {
	case g.File == "" || model.CheckSitePath(g.File) == nil:
	case g.URLs == "":
		fmt.Fprintf(e.stderr, "note: -link: the page opens the link asking for the graph file %s, to be chosen in its Graph panel, then runs it\n", terminalSafe(g.File))
	default:
		fmt.Fprintf(e.stderr, "note: -link: the page opens the link asking for the graph file %s and the URL list %s, to be chosen in its Graph panel, then runs it\n",
			terminalSafe(g.File), terminalSafe(g.URLs))
	}
}

// verbOf is one or many for n subjects.
func verbOf(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

package report

import "strings"

// The parts of a page link's fragment, after its scenario's
// (model.PermalinkFragment), that keep the chart's view: its x axis when
// not the default ("x=count", "x=time") and its logarithmic scale
// ("log=1"). A link without them opens with the default view. The page
// writes and reads them, and so does crawlsim run (-scenario LINK, -link).
const (
	linkAxisKey = "x="
	linkLogPart = "log=1"
	// linkLinearPart is the linear default said out loud: read, never
	// written.
	linkLinearPart = "log=0"
)

// ViewFragment returns the part of a link's fragment that keeps the x
// axis x and the logarithmic scale logX: "" for the default view
// (XFraction, or "", on a linear scale), else "&x=count&log=1" or part of
// it, to append to the scenario's part.
func ViewFragment(x string, logX bool) string {
	var part string
	if x != XFraction && x != "" {
		part += "&" + linkAxisKey + x
	}
	if logX {
		part += "&" + linkLogPart
	}
	return part
}

// LinkView reads the chart's view that a link's fragment keeps
// (ViewFragment), its parts separated by "&": x is XFraction unless a
// part names another axis the chart draws (the last one wins), logX is
// whether a part is log=1 (log=0 is the linear default). unknown lists,
// in their order, the parts that name an axis or a scale the chart does
// not know ("x=log", "log=2"), which the view ignores: the page says so
// in a notice, crawlsim run in a note.
func LinkView(fragment string) (x string, logX bool, unknown []string) {
	x = XFraction
	for _, part := range strings.Split(fragment, "&") {
		v, isAxis := strings.CutPrefix(part, linkAxisKey)
		switch {
		case isAxis && (v == XCount || v == XTime || v == XFraction):
			x = v
		case part == linkLogPart:
			logX = true
		case part == linkLinearPart:
		case isAxis || strings.HasPrefix(part, "log="):
			unknown = append(unknown, part)
		}
	}
	return x, logX, unknown
}

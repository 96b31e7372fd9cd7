package main

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/ui/formcheck"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// Community is the state of the Community seeds panel: community seeds
// extracted and evaluated in the worker (a scenario with a seed study and
// no strategy), and what is shown of the study.
type Community struct {
	// panelRequest is the extraction in flight and the panel's error.
	panelRequest
	// K and Density are the panel's fields as typed.
	K, Density string
	// Study is the last seed study; DepthSVG, Head, Rows and Summary are
	// drawn from it once, when it arrives.
	Study    *model.Result
	DepthSVG string
	Head     []string
	Rows     [][]string
	Summary  string
	// drawnWidth is the width DepthSVG was drawn for (its box's, draw).
	drawnWidth int
}

// newCommunity returns the panel's state with its default fields.
func newCommunity(q *workerqueue.Requests) Community {
	return Community{panelRequest: panelRequest{q: q}, K: "10", Density: "100"}
}

// Spec is the community seed set of the panel's fields, or an error
// naming the field that is wrong as labelled, with its value as typed:
// the seeds a whole number of at least 1, the cover density a percentage
// above 0 and at most 100 (seeds.CommunityOptions), blank for 100.
func (c *Community) Spec() (string, error) {
	k, err := formcheck.CommunitySeeds(c.K)
	if err != nil {
		return "", err
	}
	spec := "community:" + strconv.Itoa(k)
	d := strings.TrimSpace(c.Density)
	if d == "" || d == "100" {
		return spec, nil
	}
	const want = "want a percentage above 0 and at most 100; leave the field blank for the default, 100"
	if d == formcheck.TypedNotANumber {
		return "", errors.New("cover density: what is typed is not a number")
	}
	v, err := strconv.ParseFloat(d, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return "", fmt.Errorf("cover density: %q is not a number", c.Density)
	case v == 0:
		return "", fmt.Errorf("cover density: 0 is not allowed: %s", want)
	case err != nil || !(v > 0 && v <= 100):
		return "", fmt.Errorf("cover density: %s: %s", d, want)
	}
	return spec + ",density=" + d, nil
}

// Extract extracts community seeds from the graph of form f in the worker
// and evaluates them against random and top-PageRank seeds (Daneshpajouh et al. 2008).
// The study uses the form's graph, importance and random seed; it compares
// no strategy, so the form's choice of strategies does not matter.
func (c *Community) Extract(f Form) {
	c.Error = ""
	spec, err := c.Spec()
	if err != nil {
		c.Error = err.Error()
		return
	}
	s, err := f.Setting()
	if err != nil {
		c.Error = err.Error()
		return
	}
	s.Seeds, s.Strategies = spec, []model.Strategy{}
	s.Budget, s.Politeness = 0, nil
	s.SeedStudy = &model.SeedStudy{} // the default samples, as paper 003 on the Papers panel takes
	// The worker normalises the study; what it refuses is shown as Error.
	req := c.q.Request(protocol.KindRun)
	req.Scenario = &s
	c.start(req, &workerqueue.Pending{Done: c.done})
}

// done takes the seed study's result and draws what the panel shows of
// it, its chart at its box's width (draw).
func (c *Community) done(r protocol.Response) {
	res, err := reader.ParseResult(bytes.NewReader(r.Result), "the worker's result")
	if err != nil {
		c.Error = err.Error()
		return
	}
	c.Study = res
	c.Head, c.Rows = seedRows(res)
	c.Summary = seedsSummary(res)
	c.draw()
}

// Seeds is the seed set of the last study, "" when there is none.
func (c *Community) Seeds() string {
	if c.Study == nil {
		return ""
	}
	return c.Study.Scenario.Seeds
}

// seedRows are the extracted seeds and their cores, the command line's
// table (report.CommunityRows) without its numbers, so that the seed's
// name heads each row (the column that stays in view while the table
// scrolls): name, hub score, core authority score, hubs, authorities and
// density of the core, each score column with one number of decimals so
// that its figures line up.
func seedRows(st *model.Result) (head []string, rows [][]string) {
	if st == nil {
		return nil, nil
	}
	head, rows = report.CommunityRows(st.SeedStudy)
	if head == nil {
		return nil, nil
	}
	for i := range rows {
		rows[i] = rows[i][1:]
	}
	return head[1:], rows
}

// SeedCellClass is the class of column i of the community seeds table:
// the seed's name is a label, the rest numbers.
func SeedCellClass(i int) string {
	if i == 0 {
		return "label"
	}
	return "num"
}

// seedsSummary says what the study found, in a sentence or two.
func seedsSummary(st *model.Result) string {
	if st == nil || st.SeedStudy == nil {
		return ""
	}
	ev := st.SeedStudy.Evaluation
	out := fmt.Sprintf("Average connected distance of the graph: %.2f, estimated from %s sampled pages.", ev.AverageDistance, model.Count(ev.DistanceSamples))
	if c := ev.Cores; c.Pairs > 0 {
		out = fmt.Sprintf("Distances between the %d cores: min %d, mean %.2f, max %d. ", c.Cores, c.Min, c.Mean, c.Max) + out
	}
	for _, p := range ev.Profiles {
		out += fmt.Sprintf(" From %s: %s reached, holding %.3f of the importance.", p.Name, model.Counted(int64(p.Reached), "page", "pages"), p.Importance)
	}
	return out
}

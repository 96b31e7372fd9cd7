package session

import (
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
)

// loadedGraph is the graph of the last upload, read when it arrived to
// check it: runs on it take it from here (scenario.Env.Loaded) instead of
// reading the files again, so that a comparison's time goes to its
// strategies. It is memory a run would take anyway (scenario.RunBytes
// counts the graph), held between runs.
type loadedGraph struct {
	file, urls string
	format     graphio.Format
	g          *graph.Graph
	labels     *graphio.Labels
}

// loaded is the runs' scenario.Env.Loaded: the upload's graph, when the
// scenario names its files and reads them in the same format.
func (s *Session) loaded(file, urls, format string) (*graph.Graph, *graphio.Labels, bool) {
	l := s.graph
	if l == nil || file != l.file || urls != l.urls {
		return nil, nil, false
	}
	if f, err := graphio.ParseFormat(format); err != nil || f != l.format {
		return nil, nil, false
	}
	return l.g, l.labels, true
}

// bytes estimates the memory l holds: the graph's arrays, its hosts and
// URLs, and the file's labels (a string's header and its bytes each).
func (l *loadedGraph) bytes() int64 {
	if l == nil {
		return 0
	}
	strs := func(ss []string) int64 {
		n := 16 * int64(len(ss))
		for _, s := range ss {
			n += int64(len(s))
		}
		return n
	}
	g := l.g
	n := 8*int64(len(g.Offsets)) + 4*int64(len(g.Targets)) + strs(g.URLs)
	if h := g.Hosts; h != nil {
		n += 4*int64(len(h.Of)) + strs(h.Names)
	}
	if lb := l.labels; lb != nil {
		n += 8*int64(len(lb.IDs)) + strs(lb.Names)
	}
	return n
}

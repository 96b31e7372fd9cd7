package graph

import (
	"cmp"
	"slices"

	"github.com/crawlsim/crawlsim/engine/model"
)

// DegreeStats summarises a degree distribution (model.DegreeStats).
type DegreeStats = model.DegreeStats

// HostSize is a host with its number of pages (model.HostSize).
type HostSize = model.HostSize

// Stats describes a graph: its size, degrees and host structure
// (model.GraphStats).
type Stats = model.GraphStats

// ComputeStats returns the statistics of g in O(n+m) time, listing up to
// topHosts of the largest hosts (largest first, ties by host id).
func ComputeStats(g *Graph, topHosts int) Stats {
	n := g.NumNodes()
	s := Stats{Pages: n, Links: g.NumArcs()}
	out := make([]uint32, n)
	in := make([]uint32, n)
	var hostOf []uint32
	if g.Hosts != nil {
		hostOf = g.Hosts.Of
	}
	g.ForEachList(func(i uint32, links []uint32) {
		out[i] = uint32(len(links))
		if len(links) == 0 {
			s.Dangling++
		}
		for _, t := range links {
			in[t]++
			if t == i {
				s.SelfLoops++
			}
			if hostOf != nil {
				if hostOf[t] == hostOf[i] {
					s.IntraHost++
				} else {
					s.InterHost++
				}
			}
		}
	})
	s.OutDegree = degreeStats(out, s.Links)
	s.InDegree = degreeStats(in, s.Links)
	if g.Hosts == nil {
		return s
	}
	h := g.Hosts
	s.Hosts = len(h.Names)
	s.UnparsedURLs = h.Unparsed
	sizes := make([]int, len(h.Names))
	for _, hi := range h.Of {
		sizes[hi]++
	}
	order := make([]int, len(sizes))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(sizes[b], sizes[a]) })
	for _, k := range order[:min(topHosts, len(order))] {
		s.LargestHosts = append(s.LargestHosts, HostSize{Name: h.Names[k], Pages: sizes[k]})
	}
	if len(order) > 0 && n > 0 {
		s.LargestHostShare = float64(sizes[order[0]]) / float64(n)
	}
	return s
}

// degreeStats computes min, max, mean and median of degrees whose sum is
// total, with a counting pass instead of a sort (degrees are below n).
func degreeStats(deg []uint32, total int64) DegreeStats {
	n := len(deg)
	if n == 0 {
		return DegreeStats{}
	}
	lo, hi := deg[0], deg[0]
	for _, d := range deg {
		lo, hi = min(lo, d), max(hi, d)
	}
	count := make([]int, hi-lo+1)
	for _, d := range deg {
		count[d-lo]++
	}
	// kth returns the k-th smallest degree, 0-based.
	kth := func(k int) float64 {
		seen := 0
		for v, c := range count {
			seen += c
			if seen > k {
				return float64(uint32(v) + lo)
			}
		}
		return float64(hi)
	}
	median := kth(n / 2)
	if n%2 == 0 {
		median = (kth(n/2-1) + median) / 2
	}
	return DegreeStats{Min: int(lo), Max: int(hi), Mean: float64(total) / float64(n), Median: median}
}

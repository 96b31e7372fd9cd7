package rank

import "fmt"

// UniformTeleport returns the trust vector of n pages that is uniform over
// the given pages and 0 elsewhere: the RankMass paper's default trust
// (Cho and Schonfeld 2007, section 2; docs/algorithms.md section 1 "Personalized PageRank"). A page
// listed twice counts once. An empty list or an id outside 0..n-1 is an
// error.
func UniformTeleport(n int, pages []uint32) ([]float64, error) {
	if len(pages) == 0 {
		return nil, fmt.Errorf("rank: a trust vector needs at least one page")
	}
	for k, id := range pages {
		if uint64(id) >= uint64(max(n, 0)) {
			return nil, fmt.Errorf("rank: trusted page %d (entry %d of the list) is outside the graph's pages 0..%d", id, k, n-1)
		}
	}
	t := make([]float64, n)
	distinct := 0
	for _, id := range pages {
		if t[id] == 0 {
			t[id] = 1
			distinct++
		}
	}
	share := 1 / float64(distinct)
	for _, id := range pages {
		t[id] = share
	}
	return t, nil
}

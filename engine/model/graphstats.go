package model

// DegreeStats summarises a degree distribution.
type DegreeStats struct {
	Min    int     `json:"min"`    // smallest degree
	Max    int     `json:"max"`    // largest degree
	Mean   float64 `json:"mean"`   // links / pages
	Median float64 `json:"median"` // the middle degree, or the mean of the two middle ones
}

// HostSize is a host with its number of pages.
type HostSize struct {
	Name  string `json:"name"`  // the host name
	Pages int    `json:"pages"` // how many pages it has
}

// GraphStats describes a graph, its size, degrees and host structure, as
// graph.ComputeStats measures it.
type GraphStats struct {
	Pages     int         `json:"pages"`      // n
	Links     int64       `json:"links"`      // m
	Dangling  int         `json:"dangling"`   // pages without out-links
	SelfLoops int64       `json:"self_loops"` // links i→i
	OutDegree DegreeStats `json:"out_degree"` // distinct out-links per page
	InDegree  DegreeStats `json:"in_degree"`  // distinct in-links per page
	// The host fields are zero when the graph has no host table.
	Hosts            int        `json:"hosts"`
	UnparsedURLs     int        `json:"unparsed_urls"`
	IntraHost        int64      `json:"intra_host_links"`
	InterHost        int64      `json:"inter_host_links"`
	LargestHosts     []HostSize `json:"largest_hosts,omitempty"`
	LargestHostShare float64    `json:"largest_host_share"` // pages of the largest host / pages
}

// IntraHostShare returns the share of links that stay within a host, or 0
// when the graph has no links or no hosts.
func (s GraphStats) IntraHostShare() float64 {
	if s.IntraHost+s.InterHost == 0 {
		return 0
	}
	return float64(s.IntraHost) / float64(s.IntraHost+s.InterHost)
}

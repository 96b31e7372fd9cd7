package crawl

import (
	"fmt"
	"math"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Politeness holds the parameters of the politeness clock of
// docs/algorithms.md section 5 (Baeza-Yates et al. 2005, section 3.2): the
// crawler keeps Connections downloads in flight, never two from one host
// at once, and waits Wait seconds between the end of one download from a
// host and the start of the next from it. A download takes Latency, then
// the transfer of its page at Bandwidth: each connection's own rate, or
// with SharedLink the crawler's link, shared equally by the transfers in
// progress.
type Politeness struct {
	// Connections is r, the downloads in flight at most (default 1).
	Connections int `json:"connections"`
	// Wait is w in seconds (default 15; 0 disables the wait).
	Wait float64 `json:"wait"`
	// Latency is the fixed time of every download, in seconds (default
	// 0.5).
	Latency float64 `json:"latency"`
	// PageSize is the size of every page in bytes (default 15,000), unless
	// PageSizes gives one per page.
	PageSize float64 `json:"page_size"`
	// Bandwidth is the transfer rate in bytes per second (default
	// 100,000): of each connection, or with SharedLink of the crawler's
	// link.
	Bandwidth float64 `json:"bandwidth"`
	// SharedLink shares Bandwidth among the transfers in progress, as
	// Baeza-Yates et al. (2005, section 3.2) model the crawler's link:
	// each of a active transfers gets Bandwidth/a while they last, so a
	// transfer slows down when another starts and speeds up when one
	// ends. A download's latency uses no bandwidth. With one connection
	// it is the per-connection model.
	SharedLink bool `json:"shared_link"`
	// PageSizes optionally gives every page's size in bytes.
	PageSizes []float64 `json:"-"`
}

// DefaultPoliteness returns the defaults of docs/algorithms.md section 5
// (model.DefaultPoliteness, which a scenario's absent fields take).
func DefaultPoliteness() Politeness {
	d := model.DefaultPoliteness()
	return Politeness{Connections: d.Connections, Wait: *d.Wait, Latency: *d.Latency, PageSize: *d.PageSize, Bandwidth: d.Bandwidth}
}

// Validate checks the parameters for a graph of n pages.
func (p Politeness) Validate(n int) error {
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case p.Connections < 1:
		return fmt.Errorf("politeness: connections must be at least 1, not %d", p.Connections)
	case !finite(p.Wait) || p.Wait < 0:
		return fmt.Errorf("politeness: wait must be a non-negative number of seconds, not %v", p.Wait)
	case !finite(p.Latency) || p.Latency < 0:
		return fmt.Errorf("politeness: latency must be a non-negative number of seconds, not %v", p.Latency)
	case !finite(p.PageSize) || p.PageSize < 0:
		return fmt.Errorf("politeness: page size must be a non-negative number of bytes, not %v", p.PageSize)
	case !finite(p.Bandwidth) || p.Bandwidth <= 0:
		return fmt.Errorf("politeness: bandwidth must be a positive number of bytes per second, not %v", p.Bandwidth)
	case p.PageSizes != nil && len(p.PageSizes) != n:
		return fmt.Errorf("politeness: %d page sizes for %d pages", len(p.PageSizes), n)
	}
	for i, s := range p.PageSizes {
		if !finite(s) || s < 0 {
			return fmt.Errorf("politeness: page %d has size %v", i, s)
		}
	}
	return nil
}

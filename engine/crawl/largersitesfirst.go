package crawl

// largerSitesFirst is the larger-sites-first ordering of Baeza-Yates et al. 2005 (section
// 4.1; docs/algorithms.md section 3): the crawler picks the host with the most pending
// (frontier) pages, ties going to the host whose first page was discovered
// first, and inside it the page discovered first. The strategy itself only
// pushes every page with key 0 (so a host's pages leave in discovery
// order); the host order is the Frontier's, which it switches to by size
// because the strategy implements ordersHosts. The politeness clock then
// takes, among the eligible hosts, the one with the most pending pages, as
// docs/algorithms.md section 5 says.
//
// On a graph without hosts every page belongs to one host, and the order is
// breadth-first; the scenario layer warns about that.
type largerSitesFirst struct{ c *Crawl }

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "larger-sites-first",
			Rank:    7,
			Presets: map[string]int{PresetDefault: 8, PresetCountry: 8},
			Name:    "Larger sites first",
			Paper:   "004",
			Section: "§4.1",
			Summary: "Downloads next from the site with the most pages waiting, so big sites are not left behind.",
			Doc: "Picks the host with the most pages waiting in the frontier (ties to the host found first) " +
				"and downloads its page discovered first.",
			NeedsHosts:     true,
			NoHostsWarning: "the graph has no hosts, so all pages count as one host and it downloads breadth-first (give a URL list for hosts)",
			NoHostsExplained: "This graph has no hosts, so {name} behaves exactly like breadth-first: every page seems to come from one site. " +
				"Load a URL list with the graph to give pages their sites.",
			Cost: 6, // FIFO queues per host
		},
		New: func(Values) Strategy { return &largerSitesFirst{} },
	})
}

// ordersHosts marks the strategy as one whose Frontier orders hosts by
// pending pages (hostOrdered in crawl.go).
func (*largerSitesFirst) ordersHosts() {}

// firstInFirstOut: every page has key 0 and is pushed when discovered
// (fifo.go).
func (*largerSitesFirst) firstInFirstOut() {}

func (s *largerSitesFirst) Start(c *Crawl) error { s.c = c; return nil }

func (s *largerSitesFirst) Discover(page, _ uint32) { s.c.front.Push(page, 0) }

func (s *largerSitesFirst) Downloaded(uint32) {}

func (s *largerSitesFirst) Refill(int) (work int, done bool, err error) { return 0, true, nil }

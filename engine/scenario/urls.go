package scenario

import "github.com/crawlsim/crawlsim/engine/seeds"

// needsURLs reports whether anything in a run of s reads the pages' URLs:
// matching a previous snapshot to the graph (by URL when both have them),
// list seeds (which may name pages by URL), and the seed study (which names
// the seeds by URL). Otherwise the graph is loaded without them
// (graphio.LoadOptions.SkipURLs), unless the download orders, which carry
// the URLs, are asked for (Env.Orders; the Runner checks): the hosts are kept, and at 125 M pages
// 2 GB of string headers and their copies are saved. Nothing else in a
// Result depends on the URLs. spec is s's seeds, parsed.
func needsURLs(s Scenario, spec seeds.Spec) bool {
	return s.Previous != nil || s.SeedStudy != nil || spec.Kind == seeds.List
}

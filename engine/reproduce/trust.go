package reproduce

import "github.com/crawlsim/crawlsim/engine/scenario"

// trustAvailable says whether scenarios can set trust = pagerank (docs/algorithms.md
// section 2), which Cho and Schonfeld 2007's seed-size study (Figs. 9-10) needs.
const trustAvailable = true

// setTrustPageRank sets sc's trust to the uniform PageRank vector.
func setTrustPageRank(sc *scenario.Scenario) { sc.Trust = scenario.TrustPageRank }

// seedsTrust is the trust held by the seeds of r (1-δ).
func seedsTrust(r *scenario.Result) float64 { return r.SeedTrust }

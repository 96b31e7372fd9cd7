package model

import (
	"fmt"
	"math"
)

// MaxPolitenessSeconds is the longest wait and latency of the politeness
// clock, and the longest a page may take to transfer (page_size /
// bandwidth), in seconds: a million seconds, about 11.6 days. With every
// download taking at most twice that and waiting at most that, a crawl of
// the most pages a graph may have lasts below 10^17 seconds, far inside
// float64. The engine's normalisation refuses more, and the page's form
// checks it before a run.
const MaxPolitenessSeconds = 1e6

// MaxConnections is the most connections of the politeness clock: far
// beyond the paper's experiments (Baeza-Yates et al. 2005, section 5.3), and each one
// costs a slot of the clock. The engine's normalisation refuses more, and
// the page's form checks it before a run.
const MaxConnections = 10000

// PolitenessProblem says what is wrong with v as the politeness field
// named field of a scenario, "wait" or "latency" (seconds, at most
// MaxPolitenessSeconds) or "page_size" (bytes), or "" when v is usable:
// the engine's normalisation says it under the field, the command line
// under its flag and the page's form under the field's label ("wait: -1
// is not a number of seconds from 0 to 1,000,000").
func PolitenessProblem(field string, v float64) string {
	if field == "page_size" {
		if !(v >= 0 && !math.IsInf(v, 0)) {
			return Number(v) + " is not a non-negative number of bytes"
		}
		return ""
	}
	switch {
	case !(v >= 0 && !math.IsInf(v, 0)):
		return fmt.Sprintf("%s is not a number of seconds from 0 to %s", Number(v), Number(MaxPolitenessSeconds))
	case v > MaxPolitenessSeconds:
		return fmt.Sprintf("%s is too large: at most %s seconds, so that simulated times stay computable", Number(v), Number(MaxPolitenessSeconds))
	}
	return ""
}

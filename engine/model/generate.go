package model

import (
	"fmt"
	"math"
)

// The generator's defaults of the shape a scenario's Generate leaves out
// (gen.DefaultParams): the Zipf exponent of host sizes, the power-law
// exponent of out-degrees and the probability that a link copies an
// earlier one.
const (
	DefaultHostSizeExponent  = 1.0
	DefaultOutDegreeExponent = 2.7
	DefaultCopyProbability   = 0.7
)

// MaxMeanOutDegree is the largest mean out-degree a generated graph of
// pages pages may have: (pages-1)/2. Denser graphs cannot have a
// power-law degree tail with distinct links, since no page has more than
// pages-1 of them.
func MaxMeanOutDegree(pages int) float64 { return float64(pages-1) / 2 }

// GeneratorProblems says what is wrong with the size and shape of a
// graph to generate: its pages, hosts, mean out-degree and intra-host
// share, as a scenario (Generate) or crawlsim gen gives them. A 0 hosts
// or mean out-degree, which takes its default, is not refused. Each
// problem starts with the parameter's name in words and its value
// ("hosts 5,000 is more than the 1,000 pages: at most 1,000, since every
// host needs a page") and says the range allowed: gen.Params.Validate
// says them, so crawlsim gen and run and the worker's normalisation
// (with the flag or the field in place of the name), and the page's form
// says them under its fields' labels before a run. It returns nil when
// they are usable.
func GeneratorProblems(pages, hosts int, meanOutDegree, intraHostShare float64) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	switch {
	case pages < 0:
		bad("pages %s is out of range: want 1 to %s", Count(pages), Count(uint64(MaxPages)))
	case uint64(pages) > MaxPages:
		bad("pages %s is too many: at most %s", Count(pages), Count(uint64(MaxPages)))
	}
	switch {
	case hosts < 0:
		bad("hosts %s is out of range: want 1 to the number of pages", Count(hosts))
	case pages > 0 && hosts > pages:
		bad("hosts %s is more than the %s pages: at most %s, since every host needs a page", Count(hosts), Count(pages), Count(pages))
	}
	maxMean := "(pages-1)/2"
	if pages > 0 {
		maxMean = Number(MaxMeanOutDegree(pages)) + " (= (pages-1)/2)"
	}
	switch d := meanOutDegree; {
	case math.IsNaN(d) || math.IsInf(d, 0) || d < 0:
		bad("mean out-degree %s is out of range: want a positive number, at most %s", Number(d), maxMean)
	case pages > 0 && d > MaxMeanOutDegree(pages):
		bad("mean out-degree %s is too large for %s pages: at most %s", Number(d), Count(pages), maxMean)
	}
	if s := intraHostShare; !(s >= 0 && s <= 1) {
		bad("intra-host share %s is out of range: want a number from 0 to 1", Number(s))
	}
	return out
}

package model

import "strconv"

// GeneratedGraphName is the name a result gives a generated graph, from
// the generator's settings with the defaults filled: "generated: 30,000
// pages, 150 hosts, mean out-degree 8, seed 20240101". Counts are
// written with thousands separators; the seed is an identifier, written
// as -seed reads it back.
func GeneratedGraphName(pages, hosts int, meanOutDegree float64, seed uint64) string {
	return "generated: " + Counted(pages, "page", "pages") + ", " + GeneratorSettings(hosts, meanOutDegree, seed)
}

// GeneratorSettings is the part of GeneratedGraphName after the pages:
// "150 hosts, mean out-degree 8, seed 20240101", for a sentence that says
// the pages otherwise.
func GeneratorSettings(hosts int, meanOutDegree float64, seed uint64) string {
	return Counted(hosts, "host", "hosts") + ", mean out-degree " + Number(meanOutDegree) + ", seed " + strconv.FormatUint(seed, 10)
}

// EvolvedGraphName is the name of the graph generated as named and then
// evolved with the given shares and seed (the defaults filled), as a
// result gives it: "generated: ...; evolved: new pages 0.1, removed
// pages 0.02, new links 0.1, removed links 0.05, seed 22".
func EvolvedGraphName(generated string, newPages, removedPages, newLinks, removedLinks float64, seed uint64) string {
	return generated + "; evolved: new pages " + Number(newPages) + ", removed pages " + Number(removedPages) +
		", new links " + Number(newLinks) + ", removed links " + Number(removedLinks) + ", seed " + strconv.FormatUint(seed, 10)
}

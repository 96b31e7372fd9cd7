package main

import (
	_ "embed"
	"slices"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/ui/formcheck"
)

// The page takes what the engine knows of its strategies and scenarios from
// catalogue.json, the engine's catalogue (scenario.Catalogue) as
// tools/catalogue writes it, so that page.wasm carries no engine
// (docs/architecture.md, "The arrows"). TestCatalogueCurrent fails when the
// file no longer matches the engine: `go generate ./ui/...` rewrites it.

//go:generate go run ../tools/catalogue -o catalogue.json

//go:embed catalogue.json
var catalogueJSON []byte

// catalogue is the engine's catalogue, decoded once.
var catalogue = mustCatalogue(catalogueJSON)

// reader reads scenarios and results with the engine's rules (a 0 written
// for a number that takes a default is refused, as the command line
// refuses it).
var reader = catalogue.Reader()

// mustCatalogue decodes the embedded catalogue; the page cannot start
// without it, and TestCatalogueCurrent checks it decodes.
func mustCatalogue(data []byte) *model.Catalogue {
	c, err := model.ParseCatalogue(data, "ui/catalogue.json")
	if err != nil {
		panic(err)
	}
	return c
}

// defaultScenario returns the engine's default scenario
// (scenario.Default), a copy the caller may change.
func defaultScenario() model.Scenario {
	s := catalogue.Default
	if g := s.Graph.Generate; g != nil {
		c := *g
		s.Graph.Generate = &c
	}
	s.Strategies = slices.Clone(s.Strategies)
	return s
}

// lookupStrategy returns the registered strategy with the given id.
func lookupStrategy(id string) (model.StrategyInfo, bool) { return catalogue.Strategy(id) }

// zeroNotAllowed reports whether the engine reads a 0 in the number of a
// scenario at path (a JSON path) as "absent" and fills a default, and if
// so what the field accepts (scenario.ZeroNotAllowed).
func zeroNotAllowed(path string) (want string, ok bool) {
	return formcheck.ZeroWant(catalogue.ScenarioZeros, path)
}

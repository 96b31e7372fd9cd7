package scenario

import "github.com/crawlsim/crawlsim/engine/model"

// The scenario's and the result's types are data, declared in package model so
// that a program that runs no crawl (the page) can read and write them without
// linking the engine (docs/architecture.md, "The arrows"); their names here
// are aliases, and model documents every field.

// Version is the version of the Scenario and Result JSON written by this
// package; files of another version are refused with a clear error.
const Version = model.Version

// Scenario fully determines a comparison of crawl strategies
// (docs/architecture.md, "One scenario, two places"): the same Scenario gives
// the same Result natively and in the browser. Zero fields take the defaults
// that Normalize fills in.
type Scenario = model.Scenario

// SeedStudy sets the evaluation of the seeds.
type SeedStudy = model.SeedStudy

// SeedStudyResult is the evaluation of the seeds (docs/algorithms.md section 6.5).
type SeedStudyResult = model.SeedStudyResult

// OlderSeeds are community seeds taken from the previous snapshot.
type OlderSeeds = model.OlderSeeds

// Source is a graph: a file, or generator parameters.
type Source = model.Source

// Generate is gen.Params with JSON names (GeneratorParams converts it).
type Generate = model.Generate

// PreviousSource is the earlier snapshot for the historical strategies: a
// second graph file, or an evolution of the scenario's graph.
type PreviousSource = model.PreviousSource

// Evolve is gen.EvolveParams with JSON names.
type Evolve = model.Evolve

// Politeness is crawl.Politeness with JSON names (docs/algorithms.md section 5).
type Politeness = model.Politeness

// PageSizes gives every page its own size on the politeness clock: a file
// of sizes, or a distribution with its seed.
type PageSizes = model.PageSizes

// Strategy is one strategy of a comparison with its parameters.
type Strategy = model.Strategy

// Metrics are the metric options (docs/algorithms.md section 4).
type Metrics = model.Metrics

// Result is the outcome of a Scenario (docs/architecture.md, "One scenario,
// two places").
type Result = model.Result

// GraphSummary describes the crawled graph.
type GraphSummary = model.GraphSummary

// PreviousSummary describes the previous snapshot of the historical
// strategies and how its pages were matched to the current ones.
type PreviousSummary = model.PreviousSummary

// ImportanceSummary says how the importance vector was computed.
type ImportanceSummary = model.ImportanceSummary

// StrategyResult is one strategy's crawl and its metrics (docs/algorithms.md section
// 4).
type StrategyResult = model.StrategyResult

// TimeSummary holds the politeness clock's figures (docs/algorithms.md section 5).
type TimeSummary = model.TimeSummary

// CrawlOrder is one crawl's download order (docs/algorithms.md section 4: "Download
// order"), which a Runner hands to Env.Orders.
type CrawlOrder = model.CrawlOrder

// Refresh is a revisit-scheduling scenario (docs/algorithms.md section 7; Singhal et al. 2012).
type Refresh = model.Refresh

// RefreshResult is the outcome of a Refresh scenario.
type RefreshResult = model.RefreshResult

// FieldError is a problem with one field of a scenario, as Normalize
// finds it.
type FieldError = model.FieldError

// PlacedError is a problem that Normalize found placed in the JSON text
// the scenario was read from.
type PlacedError = model.PlacedError

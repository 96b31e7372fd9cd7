// Package model holds crawlsim's data: the scenario (Scenario, Refresh),
// the result (Result, RefreshResult), the strategies' descriptions
// (StrategyInfo, Paper, Catalogue) and their JSON, with no algorithm and
// no import beyond the standard library and its JSON reader.
//
// It exists for docs/architecture.md's arrows: the page (ui, wasm/page,
// wasm/protocol) imports only data, so that page.wasm carries no engine;
// the worker does the work. The engine's packages keep their names for
// these types as aliases (scenario.Scenario is model.Scenario,
// crawl.Curve is model.Curve, ...), so the engine, the command line and
// their tests use them as before, and a value crosses from the engine to
// the page without conversion.
//
// What the engine knows and the page needs besides (the registered
// strategies in display order, the presets, the papers, the default
// scenario, the numbers whose 0 means "the default") is one Catalogue
// value: scenario.Catalogue builds it from the registry, and the page
// embeds it as JSON generated from that (ui/catalogue.json).
//
// Reading is strict (Reader, which decodes with engine/strictjson):
// unknown fields, fields given twice, values of the wrong type and
// trailing data are errors naming the file, line and column. Filling defaults and checking values is the engine's
// normalisation (scenario.Normalize), which the worker runs.
package model

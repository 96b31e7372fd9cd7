package scenario

import (
	"io"
	"maps"
	"slices"
	"sync"

	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
)

// Reading and writing scenarios and results is model's (model.Reader);
// these are its functions with the engine's rules: the numbers whose 0
// Normalize replaces by a default (zero.go) and the refusal of
// compressed and UTF-16 files (graphio.TextRefusal).

// MaxFileBytes is the largest scenario file read, crawl or revisit
// scenario (model.MaxFileBytes).
const MaxFileBytes = model.MaxFileBytes

// reader is the engine's model.Reader, made on first use (its rules say
// the defaults, which normalizing the default scenario gives).
var reader = sync.OnceValue(func() model.Reader {
	return model.Reader{
		ScenarioZeros: zeroRules(scenarioZeroDefaults, scenarioDefaults()),
		RefreshZeros:  zeroRules(refreshZeroDefaults, refreshDefaults()),
		Refuse:        graphio.TextRefusal,
	}
})

// Parse reads a scenario from JSON (docs/architecture.md, "One scenario, two
// places"). The JSON is strict: unknown fields, values of the wrong type,
// trailing data and versions other than Version are errors that name the file
// (name) and the line and column of the problem, as in
//
//	run.json:4:7: unknown field "paramz" in strategies[0]; expected one of: id, params, label
//
// and so is a 0 written for a number whose 0 Normalize would read as "the
// default". Parse does not fill defaults or check values: Normalize does.
func Parse(r io.Reader, name string) (Scenario, error) { return reader().Parse(r, name) }

// ParseResult reads a Result written by MarshalResult, as strictly as
// Parse reads a scenario.
func ParseResult(r io.Reader, name string) (*Result, error) { return reader().ParseResult(r, name) }

// ParseRefresh reads a revisit scenario from JSON as strictly as Parse
// reads a crawl scenario: errors name the file, line and column.
func ParseRefresh(r io.Reader, name string) (Refresh, error) { return reader().ParseRefresh(r, name) }

// ParseRefreshResult reads a result written by MarshalRefreshResult.
func ParseRefreshResult(r io.Reader, name string) (*RefreshResult, error) {
	return reader().ParseRefreshResult(r, name)
}

// ReadText reads the JSON text of a scenario file (crawl or revisit) from
// r, as Parse and ParseRefresh do: at most MaxFileBytes of UTF-8 text, a
// byte order mark at its start dropped. A larger input, binary data (a NUL
// byte), compressed data, UTF-16 (graphio.TextRefusal) and other
// encodings are errors that name the file (name) and the position. The
// text returned is the one Parse's positions refer to: a program that
// changes a scenario between Parse and Normalize places Normalize's
// errors in it (PlaceErrors).
func ReadText(r io.Reader, name string) ([]byte, error) { return reader().ReadText(r, name) }

// PlaceErrors places the problems of err, an error of Normalize, in data,
// the JSON text of the scenario named name (the bytes Parse read):
// model.PlaceErrors. A run's error about an item of the scenario's seed
// list (a *seeds.ItemError without a place of its own) is placed at the
// seeds field as well: "run.json:3:11: seeds: item 2: no page has the URL
// ...". A program calls it so only when the seeds are the text's.
func PlaceErrors(err error, name string, data []byte) error {
	return model.PlaceErrors(seedItemField(err), name, data)
}

// Marshal writes a scenario as indented JSON ending in a newline; Parse
// reads it back unchanged.
func Marshal(s Scenario) ([]byte, error) { return model.Marshal(s) }

// MarshalResult writes a result as compact JSON ending in a newline (its
// curves make indented JSON long); ParseResult reads it back.
func MarshalResult(r *Result) ([]byte, error) { return model.MarshalResult(r) }

// MarshalRefresh writes a revisit scenario as indented JSON.
func MarshalRefresh(r Refresh) ([]byte, error) { return model.MarshalRefresh(r) }

// MarshalRefreshResult writes a revisit result as compact JSON.
func MarshalRefreshResult(r *RefreshResult) ([]byte, error) { return model.MarshalRefreshResult(r) }

// sortedNames returns the parameter names of v in increasing order.
func sortedNames(v model.Values) []string {
	return slices.Sorted(maps.Keys(v))
}

// Package strictjson decodes a JSON object into a Go value strictly and
// places every problem at its line and column.
//
// encoding/json does the decoding; a walk of the text along the Go type
// it decodes into (Walk) finds what encoding/json forgives or cannot
// place: keys that are not fields spelled exactly, keys an object gives
// twice, a top level that is not an object, trailing data, and the place
// and path of a value of the wrong type. A whole number written with a
// fraction or an exponent ("1e12", "3000.0") is read by an integer field
// as that number. Errors read as
//
//	run.json:4:7: unknown field "paramz" in strategies[0]; expected one of: id, params, label
//
// It imports only the standard library, so that engine/model, the data
// the page and the engine share, reads its JSON with it.
package strictjson

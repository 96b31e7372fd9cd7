package session

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// A comparison runs in parallel in several workers (protocol.KindRun's
// Part and Parts): each worker computes the same scenario.Split and runs
// its part, and one of them merges the parts' results (KindMerge), so the
// page neither splits nor merges anything itself.

// partOf returns the strategies of part part (from 1) of parts of the
// normalized scenario norm (scenario.Split), nil for the whole scenario
// when parts is 0.
func partOf(norm scenario.Scenario, part, parts int) ([]int, error) {
	if parts == 0 {
		return nil, nil
	}
	split := scenario.Split(norm, parts)
	if part < 1 || part > len(split) {
		return nil, fmt.Errorf("part %d of %d: the scenario's %d strategies make %d parts", part, parts, len(norm.Strategies), len(split))
	}
	return split[part-1], nil
}

// mergeResponse answers a KindMerge: the parts' results merged into the
// result one run of the scenario gives.
func mergeResponse(req protocol.Request) protocol.Response {
	out, err := merge(req)
	if err != nil {
		return errorResponse(req.ID, err)
	}
	r := response(req.ID, protocol.KindResult)
	r.Result = out
	return r
}

func merge(req protocol.Request) ([]byte, error) {
	norm, err := scenario.Normalize(*req.Scenario)
	if err != nil {
		return nil, err
	}
	split := scenario.Split(norm, req.Parts)
	if len(split) != len(req.Results) {
		return nil, fmt.Errorf("merge: %d results for the %d parts of the scenario's %d strategies", len(req.Results), len(split), len(norm.Strategies))
	}
	results := make([]*scenario.Result, len(req.Results))
	for p, data := range req.Results {
		if results[p], err = decodePart(data); err != nil {
			return nil, fmt.Errorf("merge: the result of part %d: %w", p+1, err)
		}
	}
	merged, err := scenario.Merge(norm, split, results)
	if err != nil {
		return nil, err
	}
	return scenario.MarshalResult(merged)
}

// decodePart reads the result of a part, which a worker of this build
// wrote (scenario.MarshalResult): plain JSON decoding, refusing unknown
// fields and other versions, without scenario.ParseResult's places of
// errors, ten times slower in WebAssembly (150 ms for the default
// comparison on cnr-2000, on the comparison's critical path).
func decodePart(data []byte) (*scenario.Result, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r scenario.Result
	if err := dec.Decode(&r); err != nil {
		return nil, err
	}
	if r.Version != scenario.Version {
		return nil, fmt.Errorf("result version %d, this worker reads version %d; reload the page", r.Version, scenario.Version)
	}
	return &r, nil
}

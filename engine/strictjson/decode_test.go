package strictjson

import (
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDecodeReads: a well-formed object reads as encoding/json reads it,
// leading and trailing white space allowed.
func TestDecodeReads(t *testing.T) {
	in := "\n {\"version\": 1, \"random_seed\": 7, \"Damping\": 0.5,\n  \"graph\": {\"generate\": {\"pages\": 20}},\n  \"strategies\": [{\"id\": \"bfs\", \"params\": {\"m\": 2}}]} \n"
	var got, want scenario
	if err := Decode([]byte(in), "run.json", &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(in), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) || got.Graph.Generate == nil || got.Graph.Generate.Pages != 20 || got.Strategies[0].Params["m"] != 2 {
		t.Errorf("read %+v, want %+v", got, want)
	}
}

// TestDecodeRefuses: every problem is placed at its line and column (in
// characters) and says what was expected.
func TestDecodeRefuses(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{``, `run.json: empty file; expected a JSON object`},
		{"  \n ", `run.json: empty file; expected a JSON object`},
		{`null`, `run.json:1:1: the top level: expected a JSON object, not null`},
		{` [1]`, `run.json:1:2: the top level: expected a JSON object, not an array`},
		{`"s"`, `run.json:1:1: the top level: expected a JSON object, not a string`},
		{`true`, `run.json:1:1: the top level: expected a JSON object, not true or false`},
		{`7`, `run.json:1:1: the top level: expected a JSON object, not a number`},
		{`{"version": 1`, `run.json:1:14: unexpected end of file: the JSON is cut short`},
		{`{"version": 1} {}`, `run.json:1:16: unexpected data after the JSON object`},
		{"{\"version\": 1,\n \"versoin\": 2}", `run.json:2:2: unknown field "versoin" in the top level; expected one of: version, random_seed, budget, Damping, graph, strategies`},
		{`{"Version": 1}`, `run.json:1:2: unknown field "Version" in the top level; did you mean "version"?`},
		{`{"strategies": [{"id": "a"}, {"paramz": {}}]}`, `run.json:1:31: unknown field "paramz" in strategies[1]; expected one of: id, params, label`},
		{`{"Skipped": "x"}`, `run.json:1:2: unknown field "Skipped" in the top level; expected one of: version, random_seed, budget, Damping, graph, strategies`},
		{"{\"version\": 1,\n \"version\": 2}", `run.json:2:2: field "version" is given twice in the top level (first at line 1, column 2); give it once`},
		{`{"strategies": [{"id": "a"}, {"id": "b", "id": "c"}]}`, `run.json:1:42: field "id" is given twice in strategies[1] (first at line 1, column 31); give it once`},
		{`{"strategies": [{"params": {"m": 1, "m": 2}}]}`, `run.json:1:37: field "m" is given twice in strategies[0].params (first at line 1, column 29); give it once`},
		{`{"version": "1"}`, `run.json:1:13: version: expected a whole number, not a string`},
		{`{"graph": []}`, `run.json:1:11: graph: expected an object, not an array`},
		{`{"strategies": {}}`, `run.json:1:16: strategies: expected an array, not an object`},
		{`{"Damping": true}`, `run.json:1:13: Damping: expected a number, not true or false`},
		{`{"strategies": [{"label": 5}]}`, `run.json:1:27: strategies[0].label: expected a string, not a number`},
		{"{\"é\": 1,\n  \"version\": x}", `run.json:2:14: invalid character 'x' looking for beginning of value`},
	} {
		var s scenario
		err := Decode([]byte(tc.in), "run.json", &s)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.in, err, tc.want)
		}
	}
}

// TestDecodeMapsAndAnyTakeAnyKey: keys inside a map or an untyped value
// are never unknown, though repeated ones still are refused.
func TestDecodeMapsAndAnyTakeAnyKey(t *testing.T) {
	var v struct {
		M map[string]int `json:"m"`
		A any            `json:"a"`
	}
	if err := Decode([]byte(`{"m": {"x": 1, "Y": 2}, "a": {"b": [{"c": 1}]}}`), "v.json", &v); err != nil {
		t.Fatal(err)
	}
	if v.M["Y"] != 2 || v.A == nil {
		t.Errorf("read %+v", v)
	}
	err := Decode([]byte(`{"a": {"b": 1, "b": 2}}`), "v.json", &v)
	if err == nil || !strings.Contains(err.Error(), `field "b" is given twice in a`) {
		t.Errorf("a repeated key of an untyped object: %v", err)
	}
}

// placed matches an error that starts with the file's name and, perhaps,
// a line and column.
var placed = regexp.MustCompile(`^in\.json(:([0-9]+):([0-9]+))?: `)

// FuzzDecode: on any text, Decode returns without panicking; an error
// names the file and a place inside the text; what Decode accepts,
// encoding/json accepts as well when no number needed rewriting, with
// the same value.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"version": 1, "graph": {"generate": {"pages": 2e3}}}`,
		`{"strategies": [{"id": "a", "params": {"m": 1}}, {"label": "x"}]}`,
		`{"Version": 1}`, `{"version": 1, "version": 2}`, `{} x`, `[`, `null`, "{\"é\":\n1}",
		`{"random_seed": -0.0}`, `{"budget": 1e999999}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var got scenario
		err := Decode(data, "in.json", &got)
		if err != nil {
			m := placed.FindStringSubmatch(err.Error())
			if m == nil {
				t.Fatalf("error without the file's name: %v", err)
			}
			if m[1] != "" {
				line, _ := strconv.Atoi(m[2])
				col, _ := strconv.Atoi(m[3])
				if line < 1 || col < 1 || line > strings.Count(string(data), "\n")+1 {
					t.Fatalf("error placed outside the text: %v", err)
				}
			}
			return
		}
		var want scenario
		if jerr := json.Unmarshal(data, &want); jerr != nil {
			var typeErr *json.UnmarshalTypeError
			if !errors.As(jerr, &typeErr) {
				t.Fatalf("Decode read %q, which encoding/json refuses: %v", data, jerr)
			}
			return // a whole number written with an exponent
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Decode read %+v, encoding/json %+v", got, want)
		}
	})
}

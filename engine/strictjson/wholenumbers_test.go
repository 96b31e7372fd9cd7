package strictjson

import (
	"testing"
)

// scenario is a value of the shape of a crawl scenario's text, for the
// tests: integer fields of both signs, a pointer, an array.
type scenario struct {
	Version    int    `json:"version"`
	RandomSeed uint64 `json:"random_seed"`
	Budget     int    `json:"budget"`
	Damping    float64
	Graph      struct {
		Generate *struct {
			Pages int `json:"pages"`
		} `json:"generate"`
	} `json:"graph"`
	Strategies []struct {
		ID     string             `json:"id"`
		Params map[string]float64 `json:"params"`
		Label  string             `json:"label"`
	} `json:"strategies"`
	Skipped string `json:"-"`
	hidden  int
}

// A whole number written with an exponent or a fraction is read as that
// number by an integer field, so that its range check speaks as for its
// digits: "pages": 1e12 meets the page limit as "pages": 1000000000000
// does, not "expected a whole number".
func TestWholeNumbersWithExponent(t *testing.T) {
	for _, tc := range []struct {
		in    string
		pages int
		seed  uint64
	}{
		{`{"graph":{"generate":{"pages":1e12}}}`, 1_000_000_000_000, 0},
		{`{"graph":{"generate":{"pages":2.5e3}}}`, 2500, 0},
		{`{"graph":{"generate":{"pages":-1E3}}}`, -1000, 0},
		{`{"graph":{"generate":{"pages":3000.0}}}`, 3000, 0},
		{`{"graph":{"generate":{"pages":0e5}}}`, 0, 0},
		{`{"graph":{"generate":{"pages":12500e-2}}}`, 125, 0},
		// The largest uint64, 18446744073709551615, less its last digit.
		{`{"random_seed":1844674407370955161.0e1, "graph":{"generate":{"pages":1e1}}}`, 10, 18446744073709551610},
		// -0 is 0 in an unsigned field, as -0.0 is, not a negative number.
		{`{"random_seed":-0, "graph":{"generate":{"pages":1e1}}}`, 10, 0},
		{`{"random_seed":-0.0, "graph":{"generate":{"pages":1e1}}}`, 10, 0},
	} {
		var s scenario
		if err := Decode([]byte(tc.in), "run.json", &s); err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if s.Graph.Generate == nil || s.Graph.Generate.Pages != tc.pages || s.RandomSeed != tc.seed {
			t.Errorf("%s: read %+v, seed %d; want pages %d, seed %d", tc.in, s.Graph.Generate, s.RandomSeed, tc.pages, tc.seed)
		}
	}
}

// A number that is not whole is still refused as not whole, and a whole
// one beyond the field's type is too large (or small), with the limit;
// every error keeps its line and column.
func TestWholeNumbersRefused(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"graph":{"generate":{"pages":1.5e0}}}`,
			`run.json:1:31: graph.generate.pages: expected a whole number, not 1.5e0`},
		{`{"graph":{"generate":{"pages":1e-1}}}`,
			`run.json:1:31: graph.generate.pages: expected a whole number, not 1e-1`},
		{`{"graph":{"generate":{"pages":1e30}}}`,
			`run.json:1:31: graph.generate.pages: 1e30 is too large: at most 9,223,372,036,854,775,807`},
		{`{"graph":{"generate":{"pages":99999999999999999999}}}`,
			`run.json:1:31: graph.generate.pages: 99999999999999999999 is too large: at most 9,223,372,036,854,775,807`},
		{`{"graph":{"generate":{"pages":-1e19}}}`,
			`run.json:1:31: graph.generate.pages: -1e19 is too small: at least -9,223,372,036,854,775,808`},
		{`{"graph":{"generate":{"pages":1e999999999999999999999}}}`,
			`run.json:1:31: graph.generate.pages: 1e999999999999999999999 is too large: at most 9,223,372,036,854,775,807`},
		{"{\"random_seed\": 2e19}",
			`run.json:1:17: random_seed: 2e19 is too large: at most 18,446,744,073,709,551,615`},
		{"{\"random_seed\": -1e2}",
			`run.json:1:17: random_seed: expected a non-negative whole number, not -1e2`},
		// An error after a number read as whole is placed in the text as
		// written, not as rewritten.
		{"{\"graph\":{\"generate\":{\"pages\":1e12}},\n \"budget\": 1.5e0}",
			`run.json:2:12: budget: expected a whole number, not 1.5e0`},
		{"{\"graph\":{\"generate\":{\"pages\":1e12}},\n \"budget\": 1e2 x}",
			`run.json:2:16: invalid character 'x' after object key:value pair`},
	} {
		var s scenario
		err := Decode([]byte(tc.in), "run.json", &s)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.in, err, tc.want)
		}
	}
}

// TestWholeDigits: a JSON number in digits and whether it is whole; one of
// more than 21 digits is 1 and 21 zeros, whatever its exponent.
func TestWholeDigits(t *testing.T) {
	for _, tc := range []struct {
		in     string
		digits string
		whole  bool
	}{
		{"0", "0", true}, {"-0", "0", true}, {"0.000", "0", true}, {"1e3", "1000", true}, {"-1E+3", "-1000", true},
		{"2.50e1", "25", true}, {"12500e-2", "125", true}, {"1.5", "", false}, {"1e-1", "", false},
		{"1e21", "1000000000000000000000", true}, {"1e22", "1000000000000000000000", true},
		{"-1e999999999999999999999", "-1000000000000000000000", true}, {"1e-999999999999999999999", "", false},
		{"1.0000000000000001", "", false},
	} {
		digits, whole := WholeDigits(tc.in)
		if whole != tc.whole || whole && digits != tc.digits {
			t.Errorf("WholeDigits(%q) = %q, %v; want %q, %v", tc.in, digits, whole, tc.digits, tc.whole)
		}
	}
}

// TestTextEdits: edits apply in order, and an offset of the edited text
// maps back to the text as written (inside an edit, to its start).
func TestTextEdits(t *testing.T) {
	data := []byte(`{"a":1e3,"b":2e1}`)
	edits := textEdits{{5, 8, "1000"}, {13, 16, "20"}}
	edited := string(edits.apply(data))
	if edited != `{"a":1000,"b":20}` {
		t.Fatalf("apply: %s", edited)
	}
	for _, tc := range []struct{ off, want int64 }{{0, 0}, {5, 5}, {7, 5}, {9, 8}, {14, 13}, {15, 13}, {16, 16}, {17, 17}} {
		if got := edits.original(tc.off); got != tc.want {
			t.Errorf("original(%d) = %d, want %d (edited %q)", tc.off, got, tc.want, edited)
		}
	}
}

// TestGroupThousands: commas every three digits from the right, after a
// minus sign.
func TestGroupThousands(t *testing.T) {
	for in, want := range map[string]string{"0": "0", "999": "999", "1000": "1,000", "-1000": "-1,000",
		"-100": "-100", "18446744073709551615": "18,446,744,073,709,551,615"} {
		if got := groupThousands(in); got != want {
			t.Errorf("groupThousands(%q) = %q, want %q", in, got, want)
		}
	}
}

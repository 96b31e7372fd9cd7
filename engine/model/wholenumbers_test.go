package model

import (
	"encoding/json"
	"testing"
)

// TestIsJSONNumber: isJSONNumber takes what encoding/json takes as a
// number and nothing else (the reference: json.Valid of the text, which
// must then decode as a json.Number that is the whole text, not padded
// with spaces).
func TestIsJSONNumber(t *testing.T) {
	for _, text := range []string{"0", "-0", "7", "-7", "10", "1.5", "0.5", "1e3", "1E+3", "2.50e-1", "-0.0e0",
		"", "-", "+1", "01", "1.", ".5", "1e", "1e+", "0x10", "Inf", "NaN", "1_000", " 1", "1 ", "1.5.5", "--1", "1e3e3", "00"} {
		var n json.Number
		want := json.Valid([]byte(text)) && json.Unmarshal([]byte(text), &n) == nil && text == string(n)
		if got := isJSONNumber(text); got != want {
			t.Errorf("isJSONNumber(%q) = %v, want %v", text, got, want)
		}
	}
}

// FuzzIsJSONNumber checks isJSONNumber against encoding/json on any text.
func FuzzIsJSONNumber(f *testing.F) {
	for _, s := range []string{"0", "-1.5e+3", "01", "1e", "0x1p4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var n json.Number
		want := json.Valid([]byte(text)) && json.Unmarshal([]byte(text), &n) == nil && text == string(n)
		if got := isJSONNumber(text); got != want {
			t.Errorf("isJSONNumber(%q) = %v, want %v", text, got, want)
		}
	})
}

// TestWholeNumber: a JSON number in digits when whole; what JSON does not
// write as a number is no number.
func TestWholeNumber(t *testing.T) {
	for _, tc := range []struct {
		in            string
		digits        string
		number, whole bool
	}{
		{"1e3", "1000", true, true}, {"2.50e1", "25", true, true}, {"-7", "-7", true, true},
		{"1.5", "", true, false}, {"1.0000000000000001", "", true, false},
		{"Inf", "", false, false}, {"0x10", "", false, false}, {"1e", "", false, false}, {" 1", "", false, false},
	} {
		digits, number, whole := WholeNumber(tc.in)
		if digits != tc.digits || number != tc.number || whole != tc.whole {
			t.Errorf("WholeNumber(%q) = %q, %v, %v; want %q, %v, %v", tc.in, digits, number, whole, tc.digits, tc.number, tc.whole)
		}
	}
}

package model

import (
	"math"
	"testing"
)

// TestGroupDigits: thousands separated in numbers of four digits or more,
// never in decimals, exponents or names.
func TestGroupDigits(t *testing.T) {
	for in, want := range map[string]string{
		"0": "0", "999": "999", "1000": "1,000", "20000": "20,000",
		"1234567.891":                 "1,234,567.891",
		"-12345":                      "-12,345",
		"0.00001":                     "0.00001",
		"0.12345":                     "0.12345",
		"123 / 4567 (91.2345% intra)": "123 / 4,567 (91.2345% intra)",
		"12345/67890":                 "12,345/67,890",
		"crawl fpr-1000":              "crawl fpr-1000",
		"x1234 and 1234567":           "x1234 and 1,234,567",
		"1e10000":                     "1e10000",
		"1e+1000":                     "1e+1000",
		"2.5E-12345 and 12345":        "2.5E-12345 and 12,345",
	} {
		if got := GroupDigits(in); got != want {
			t.Errorf("GroupDigits(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCountNumberAbout: the limits and estimates of messages.
func TestCountNumberAbout(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Count(MaxRefreshSites), "1,048,576"},
		{Count(int64(-1234)), "-1,234"},
		{Count(uint64(math.MaxUint64)), "18,446,744,073,709,551,615"},
		{Count(7), "7"},
		{Number(1e8), "100,000,000"},
		{Number(9999.5), "9,999.5"},
		{Number(0.001), "0.001"},
		{Number(1e-10), "1e-10"},
		{Number(-2.5e6), "-2,500,000"},
		{Number(math.NaN()), "NaN"},
		{Number(1e300), "1e+300"},
		{Number(math.Inf(1)), "+Inf"},
		{About(2.6049e8), "260,000,000"},
		{About(123.456), "123"},
		{About(1e300), "1e+300"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

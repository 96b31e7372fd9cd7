package model

import "testing"

// TestGeneratedGraphName: a generated graph's counts are written with
// thousands separators, its seeds as given.
func TestGeneratedGraphName(t *testing.T) {
	generated := GeneratedGraphName(30000, 150, 8, 20240101)
	if want := "generated: 30,000 pages, 150 hosts, mean out-degree 8, seed 20240101"; generated != want {
		t.Errorf("GeneratedGraphName = %q, want %q", generated, want)
	}
	if got, want := GeneratorSettings(150, 8, 20240101), "150 hosts, mean out-degree 8, seed 20240101"; got != want {
		t.Errorf("GeneratorSettings = %q, want %q", got, want)
	}
	evolved := EvolvedGraphName(generated, 0.1, 0.02, 1500, 0.05, 12345)
	if want := generated + "; evolved: new pages 0.1, removed pages 0.02, new links 1,500, removed links 0.05, seed 12345"; evolved != want {
		t.Errorf("EvolvedGraphName = %q, want %q", evolved, want)
	}
}

// TestGeneratedGraphNameOfOne: a count of one takes the singular ("1
// page, 1 host"), as the rest of the tool writes it; it said "1 pages, 1
// hosts".
func TestGeneratedGraphNameOfOne(t *testing.T) {
	if got, want := GeneratedGraphName(1, 1, 0, 7), "generated: 1 page, 1 host, mean out-degree 0, seed 7"; got != want {
		t.Errorf("GeneratedGraphName = %q, want %q", got, want)
	}
}

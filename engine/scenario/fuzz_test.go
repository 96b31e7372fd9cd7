package scenario

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// fuzzSeeds returns scenario texts to start the fuzzers from: the
// scenarios of the testdata results, marshalled defaults, and texts at
// the edges of what Parse accepts.
func fuzzSeeds(f *testing.F) [][]byte {
	var out [][]byte
	for _, c := range []struct{ file, key string }{
		{"small-result.json", "scenario"},
		{"refresh-small.json", "refresh"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			f.Fatal(err)
		}
		var doc map[string]json.RawMessage
		if err := json.Unmarshal(data, &doc); err != nil || doc[c.key] == nil {
			f.Fatalf("testdata/%s holds no %s: %v", c.file, c.key, err)
		}
		out = append(out, doc[c.key])
	}
	full := Default()
	full.Previous = &PreviousSource{Evolve: &Evolve{}}
	full.Politeness = &Politeness{Wait: ptr(0)}
	full.SeedStudy = &SeedStudy{}
	full.Seeds = "community:3,density=80"
	for _, s := range []Scenario{Default(), full, {}} {
		data, err := Marshal(s)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, data)
	}
	if n, err := Normalize(full); err == nil {
		data, _ := Marshal(n)
		out = append(out, data)
	}
	data, _ := MarshalRefresh(DefaultRefresh())
	out = append(out, data)
	for _, s := range []string{
		"", "null", "{}", "[]", "\xef\xbb\xbf{}", `{"damping": 0}`, `{"damping": 1e400}`,
		`{"strategies": [{"id": "fpr-m", "params": {"m": 3}, "label": "a"}], "seeds": "list:1,2,http://a.example/"}`,
		`{"graph": {"file": "g.edges", "format": "auto", "urls": "g.urls"}, "previous": {"file": "p.csr"}}`,
		`{"simulation": {"regulation": {"alpha": 0, "min": 2}}, "policies": ["fixed"], "equal_budget": false}`,
		`{"strategies": [{"id": "bfs", "params": {}}], "budget": -0}`,
	} {
		out = append(out, []byte(s))
	}
	return out
}

// FuzzParse: Parse never panics on any input (a permalink's scenario is
// anyone's text); what it accepts marshals to a text it reads back to the
// same scenario, and normalizes, or gives an error placed in the text,
// without panicking; a normalized scenario reads back and normalizes to
// itself.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		m1 := mustMarshal(t, s)
		back, err := Parse(bytes.NewReader(m1), "again.json")
		if err != nil {
			t.Fatalf("Parse accepted\n%q\nbut not its own marshalling\n%s\n%v", data, m1, err)
		}
		if m2 := mustMarshal(t, back); !bytes.Equal(m1, m2) {
			t.Fatalf("the scenario changed through Marshal and Parse:\n%s\n%s", m1, m2)
		}
		n, err := Normalize(s)
		if err != nil {
			if PlaceErrors(err, "fuzz.json", data) == nil {
				t.Fatal("PlaceErrors lost the error")
			}
			return
		}
		nm := mustMarshal(t, n)
		again, err := Parse(bytes.NewReader(nm), "normalized.json")
		if err != nil {
			t.Fatalf("a normalized scenario does not read back:\n%s\n%v", nm, err)
		}
		n2, err := Normalize(again)
		if err != nil {
			t.Fatalf("a normalized scenario does not normalize:\n%s\n%v", nm, err)
		}
		if nm2 := mustMarshal(t, n2); !bytes.Equal(nm, nm2) {
			t.Fatalf("normalizing twice changed the scenario:\n%s\n%s", nm, nm2)
		}
	})
}

// FuzzParseRefresh is FuzzParse for revisit scenarios.
func FuzzParseRefresh(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseRefresh(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		m1, err := MarshalRefresh(r)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseRefresh(bytes.NewReader(m1), "again.json")
		if err != nil {
			t.Fatalf("ParseRefresh accepted\n%q\nbut not its own marshalling\n%s\n%v", data, m1, err)
		}
		if m2, _ := MarshalRefresh(back); !bytes.Equal(m1, m2) {
			t.Fatalf("the scenario changed through MarshalRefresh and ParseRefresh:\n%s\n%s", m1, m2)
		}
		n, err := NormalizeRefresh(r)
		if err != nil {
			return
		}
		nm, _ := MarshalRefresh(n)
		again, err := ParseRefresh(bytes.NewReader(nm), "normalized.json")
		if err != nil {
			t.Fatalf("a normalized scenario does not read back:\n%s\n%v", nm, err)
		}
		n2, err := NormalizeRefresh(again)
		if err != nil {
			t.Fatalf("a normalized scenario does not normalize:\n%s\n%v", nm, err)
		}
		if nm2, _ := MarshalRefresh(n2); !bytes.Equal(nm, nm2) {
			t.Fatalf("normalizing twice changed the scenario:\n%s\n%s", nm, nm2)
		}
	})
}

func mustMarshal(t *testing.T, s Scenario) []byte {
	t.Helper()
	data, err := Marshal(s)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	return data
}

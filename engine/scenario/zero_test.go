package scenario

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/strictjson"
)

// TestParseRefusesExplicitZero: a 0 written in a scenario for a field
// whose absence takes a default is refused, naming the field and its
// place, instead of silently reading as the default.
func TestParseRefusesExplicitZero(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"damping": 0}`, "run.json:1:13: damping: 0 is not allowed: want a number in (0, 1]; leave the field out for the default, 0.85"},
		{`{"tolerance": 0.0}`, "run.json:1:15: tolerance: 0 is not allowed: want a positive number below 1; leave the field out for the default, 1e-10"},
		{`{"version": 0}`, "run.json:1:13: version: 0 is not allowed: want 1; leave the field out for the default, 1"},
		{"{\"politeness\": {\n  \"connections\": 0}}", "run.json:2:18: politeness.connections: 0 is not allowed: want 1 to 10,000 connections; leave the field out for the default, 1"},
		{`{"politeness": {"bandwidth": -0}}`, "run.json:1:30: politeness.bandwidth: 0 is not allowed: want a positive number of bytes per second; leave the field out for the default, 100,000"},
		{`{"metrics": {"curve_points": 0}}`, "run.json:1:30: metrics.curve_points: 0 is not allowed: want 1 to 1,000,000 points; leave the field out for the default, 1,000"},
		{`{"metrics": {"tau_sample": 0}}`, "run.json:1:28: metrics.tau_sample: 0 is not allowed: want 1 to 1,000,000 pages; leave the field out for the default, 5,000"},
		{`{"seed_study": {"samples": 0}}`, "run.json:1:28: seed_study.samples: 0 is not allowed: want 1 to 100,000 searches; leave the field out for the default, 100"},
		{`{"graph": {"generate": {"pages": 0}}}`, "run.json:1:34: graph.generate.pages: 0 is not allowed: want 1 or more pages; leave the field out for the default, 100,000"},
		{`{"graph": {"generate": {"hosts": 0}}}`, "run.json:1:34: graph.generate.hosts: 0 is not allowed: want 1 to the number of pages; leave the field out for the default, one host per 200 pages"},
		{`{"graph": {"generate": {"mean_out_degree": 0}}}`, "run.json:1:44: graph.generate.mean_out_degree: 0 is not allowed: want a positive mean, at most (pages-1)/2; leave the field out for the default, 8 (or (pages-1)/2 when smaller)"},
		{`{"graph": {"generate": {"host_size_exponent": 0}}}`, "run.json:1:47: graph.generate.host_size_exponent: 0 is not allowed: want an exponent above 0 and at most 5; leave the field out for the default, 1"},
		{`{"graph": {"generate": {"out_degree_exponent": 0e3}}}`, "run.json:1:48: graph.generate.out_degree_exponent: 0 is not allowed: want an exponent from 1.5 to 5; leave the field out for the default, 2.7"},
	} {
		if _, err := Parse(strings.NewReader(c.in), "run.json"); err == nil || err.Error() != c.want {
			t.Errorf("Parse(%s):\n got %v\nwant %s", c.in, err, c.want)
		}
	}
	// Several at once, one per line.
	_, err := Parse(strings.NewReader("{\"damping\": 0,\n \"tolerance\": 0}"), "run.json")
	want := "run.json:1:13: damping: 0 is not allowed: want a number in (0, 1]; leave the field out for the default, 0.85\n" +
		"run.json:2:15: tolerance: 0 is not allowed: want a positive number below 1; leave the field out for the default, 1e-10"
	if err == nil || err.Error() != want {
		t.Errorf("two zeros:\n got %v\nwant %s", err, want)
	}
	// Zeros that mean something are kept: no limit, seed 0, no lower
	// bound, no wait, no intra-host links.
	s, err := Parse(strings.NewReader(`{"budget": 0, "random_seed": 0, "metrics": {"lower_bound": 0}, "politeness": {"wait": 0},
		"graph": {"generate": {"seed": 0, "intra_host_share": 0}}}`), "run.json")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := Normalize(s); err != nil || *n.Politeness.Wait != 0 || *n.Graph.Generate.IntraHostShare != 0 || n.RandomSeed != 0 {
		t.Errorf("meaningful zeros: %+v, %v", n, err)
	}

	for _, c := range []struct{ in, want string }{
		{`{"simulation": {"sites": 0}}`, "refresh.json:1:26: simulation.sites: 0 is not allowed: want 1 to 1,048,576 sites; leave the field out for the default, 1,000"},
		{`{"simulation": {"samples": 0}}`, "refresh.json:1:28: simulation.samples: 0 is not allowed: want 1 to 100,000 points; leave the field out for the default, 100"},
		{`{"simulation": {"regulation": {"min": 0}}}`, "refresh.json:1:39: simulation.regulation.min: 0 is not allowed: want a positive interval, at most max; leave the field out for the default, 1"},
		{`{"simulation": {"regulation": {"window": 0}}}`, "refresh.json:1:42: simulation.regulation.window: 0 is not allowed: want 1 or more visits; leave the field out for the default, 10"},
		{`{"version": 0}`, "refresh.json:1:13: version: 0 is not allowed: want 1; leave the field out for the default, 1"},
	} {
		if _, err := ParseRefresh(strings.NewReader(c.in), "refresh.json"); err == nil || err.Error() != c.want {
			t.Errorf("ParseRefresh(%s):\n got %v\nwant %s", c.in, err, c.want)
		}
	}
	r, err := ParseRefresh(strings.NewReader(`{"simulation": {"popularity": 0, "site_bytes": 0, "seed": 0, "regulation": {"min_interest": 0, "alpha": 0}}}`), "refresh.json")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := NormalizeRefresh(r); err != nil || *n.Simulation.Popularity != 0 || *n.Simulation.SiteBytes != 0 || *n.Simulation.Regulation.Alpha != 0 {
		t.Errorf("meaningful zeros: %+v, %v", n, err)
	}
}

// TestExplicitZeroTableComplete walks every number of a scenario (crawl
// and revisit) with all its parts present: where Normalize would replace
// a 0 by a default, Parse must refuse a written 0; anywhere else, Parse
// must take a written 0, and Normalize keep it or refuse it. So a field
// added later cannot silently read 0 as its default.
func TestExplicitZeroTableComplete(t *testing.T) {
	full := Default()
	full.Previous = &PreviousSource{Evolve: &Evolve{}}
	full.Politeness = &Politeness{}
	full.SeedStudy = &SeedStudy{}
	n, err := Normalize(full)
	if err != nil {
		t.Fatal(err)
	}
	checkZeros(t, "scenario", n, func(data []byte) error {
		_, err := Parse(strings.NewReader(string(data)), "run.json")
		return err
	}, func(v reflect.Value) (reflect.Value, error) {
		out, err := Normalize(v.Interface().(Scenario))
		return reflect.ValueOf(out), err
	}, scenarioZeroDefaults)

	r, err := NormalizeRefresh(DefaultRefresh())
	if err != nil {
		t.Fatal(err)
	}
	checkZeros(t, "refresh", r, func(data []byte) error {
		_, err := ParseRefresh(strings.NewReader(string(data)), "refresh.json")
		return err
	}, func(v reflect.Value) (reflect.Value, error) {
		out, err := NormalizeRefresh(v.Interface().(Refresh))
		return reflect.ValueOf(out), err
	}, refreshZeroDefaults)
}

func checkZeros[T any](t *testing.T, what string, full T, parse func([]byte) error,
	normalize func(reflect.Value) (reflect.Value, error), table []zeroDefault) {
	t.Helper()
	inTable := map[string]bool{}
	for _, z := range table {
		inTable[z.path] = true
	}
	seen := map[string]bool{}
	for _, path := range numberPaths(reflect.TypeOf(full), "") {
		// The scenario with this number set to 0, as a Go value and as
		// JSON that writes the 0.
		var zeroed T
		data, _ := json.Marshal(full)
		json.Unmarshal(data, &zeroed)
		v := reflect.ValueOf(&zeroed).Elem()
		field, ok := fieldAt(v, path)
		if !ok {
			continue // under a nil pointer: not present in full
		}
		seen[path] = true
		field.SetZero()
		var tree map[string]any
		json.Unmarshal(data, &tree)
		setAt(tree, path, 0)
		text, _ := json.Marshal(tree)

		out, nerr := normalize(v)
		replaced := false
		if nerr == nil {
			f, _ := fieldAt(out, path)
			replaced = !f.IsZero()
		}
		perr := parse(text)
		switch {
		case replaced && !inTable[path]:
			t.Errorf("%s %s: Normalize replaces 0 by a default, so Parse must refuse a written 0: add it to the table", what, path)
		case replaced && perr == nil:
			t.Errorf("%s %s: a written 0 is accepted and would read as the default", what, path)
		case !replaced && inTable[path]:
			t.Errorf("%s %s: Normalize keeps 0 (or refuses it: %v), yet the table refuses a written 0", what, path, nerr)
		case !replaced && perr != nil:
			t.Errorf("%s %s: a written 0 is refused: %v", what, path, perr)
		}
	}
	for path := range inTable {
		if !seen[path] {
			t.Errorf("%s: the table names %s, which is no number of the scenario", what, path)
		}
	}
}

// numberPaths lists the JSON paths of the non-pointer numbers of type t,
// inside structs and pointers to structs (not in maps or slices).
func numberPaths(t reflect.Type, prefix string) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, ok := strictjson.FieldName(f)
		if !ok {
			continue
		}
		path := name
		if prefix != "" {
			path = prefix + "." + name
		}
		ft := f.Type
		if ft.Kind() == reflect.Pointer && ft.Elem().Kind() == reflect.Struct {
			ft = ft.Elem()
		}
		switch ft.Kind() {
		case reflect.Struct:
			out = append(out, numberPaths(ft, path)...)
		case reflect.Int, reflect.Int64, reflect.Uint64, reflect.Float64:
			out = append(out, path)
		}
	}
	return out
}

// fieldAt returns the field at a JSON path of struct value v, through
// pointers; false when a pointer on the way is nil.
func fieldAt(v reflect.Value, path string) (reflect.Value, bool) {
	for _, name := range strings.Split(path, ".") {
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return v, false
			}
			v = v.Elem()
		}
		found := false
		for i := range v.NumField() {
			if n, ok := strictjson.FieldName(v.Type().Field(i)); ok && n == name {
				v, found = v.Field(i), true
				break
			}
		}
		if !found {
			panic(fmt.Sprintf("no field %s in %s", name, v.Type()))
		}
	}
	return v, true
}

// setAt sets the value at a JSON path of a decoded JSON object.
func setAt(tree map[string]any, path string, value any) {
	names := strings.Split(path, ".")
	for _, name := range names[:len(names)-1] {
		tree = tree[name].(map[string]any)
	}
	tree[names[len(names)-1]] = value
}

// TestMarshalOmitsDefaultZeros: a scenario made in Go whose numbers are 0
// (absent: "take the default") marshals without them, so that Parse reads
// it back (the page's permalink is such a scenario) to the same value.
func TestMarshalOmitsDefaultZeros(t *testing.T) {
	s := Scenario{Graph: Source{Generate: &Generate{}}, Politeness: &Politeness{}, SeedStudy: &SeedStudy{}}
	data, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(strings.NewReader(string(data)), "s.json")
	if err != nil || !reflect.DeepEqual(back, s) {
		t.Errorf("Parse(Marshal(%+v)) = %+v, %v\n%s", s, back, err, data)
	}
	r := Refresh{}
	data, err = MarshalRefresh(r)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := ParseRefresh(strings.NewReader(string(data)), "r.json"); err != nil || !reflect.DeepEqual(back, r) {
		t.Errorf("ParseRefresh(MarshalRefresh(Refresh{})) = %+v, %v\n%s", back, err, data)
	}
}

// TestExplicitZeroWantsMatchGen: the ranges the table gives for the
// generator's exponents are gen's own.
func TestExplicitZeroWantsMatchGen(t *testing.T) {
	err := gen.Params{HostSizeExponent: -1, OutDegreeExponent: -1}.Validate()
	if err == nil {
		t.Fatal("gen accepts negative exponents")
	}
	for _, z := range scenarioZeroDefaults {
		var words string
		switch z.path {
		case "graph.generate.host_size_exponent":
			words = "above 0 and at most 5"
		case "graph.generate.out_degree_exponent":
			words = "from 1.5 to 5"
		default:
			continue
		}
		if !strings.Contains(z.want, words) || !strings.Contains(err.Error(), words) {
			t.Errorf("%s: the table wants %q, gen says %q; both should say %q", z.path, z.want, err, words)
		}
	}
}

// TestZeroNotAllowed: the numbers whose 0 Normalize replaces by a default
// are named with what they accept (the table Parse uses); a number whose
// 0 is a value of its own (budget: no limit; a wait of 0 s) is not.
func TestZeroNotAllowed(t *testing.T) {
	if want, ok := ZeroNotAllowed("tolerance"); !ok || want != "a positive number below 1" {
		t.Errorf("ZeroNotAllowed(tolerance) = %q, %v; want the tolerance's range", want, ok)
	}
	if want, ok := ZeroNotAllowed("politeness.connections"); !ok || want != "1 to 10,000 connections" {
		t.Errorf("ZeroNotAllowed(politeness.connections) = %q, %v", want, ok)
	}
	for _, path := range []string{"budget", "politeness.wait", "metrics.lower_bound", "random_seed", "nosuch"} {
		if want, ok := ZeroNotAllowed(path); ok {
			t.Errorf("ZeroNotAllowed(%s) = %q, true; its 0 is a value", path, want)
		}
	}
}

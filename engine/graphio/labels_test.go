package graphio

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestLabelsTrivial(t *testing.T) {
	for _, c := range []struct {
		name   string
		labels *Labels
		want   bool
	}{
		{"nil", nil, true},
		{"empty", &Labels{}, true},
		{"no pages", &Labels{IDs: []uint64{}}, true},
		{"identity", &Labels{IDs: []uint64{0, 1, 2, 3}}, true},
		{"gap", &Labels{IDs: []uint64{0, 1, 3}}, false},
		{"shifted", &Labels{IDs: []uint64{1, 2, 3}}, false},
		{"names that read as numbers", &Labels{Names: []string{"0", "1"}}, false},
		{"names", &Labels{Names: []string{"a"}}, false},
	} {
		if got := c.labels.Trivial(); got != c.want {
			t.Errorf("%s: Trivial() = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestLabelsPageOf checks look-ups by id and by label, and the rule for a
// name that several pages share: the first page has it.
func TestLabelsPageOf(t *testing.T) {
	if f := (*Labels)(nil).PageOf(); f != nil {
		t.Error("nil labels give a look-up; want nil (page numbers are the names)")
	}
	if f := (&Labels{}).PageOf(); f != nil {
		t.Error("empty labels give a look-up; want nil")
	}
	type probe struct {
		name string
		page uint32
		ok   bool
	}
	for _, c := range []struct {
		what   string
		labels *Labels
		probes []probe
	}{
		{"increasing ids", &Labels{IDs: []uint64{3, 10, 205}}, []probe{
			{"3", 0, true}, {"10", 1, true}, {"205", 2, true}, {"4", 0, false}, {"0", 0, false},
			{"-3", 0, false}, {"x", 0, false}, {"", 0, false}, {"18446744073709551616", 0, false},
		}},
		{"repeated increasing ids", &Labels{IDs: []uint64{1, 5, 5, 5, 9}}, []probe{{"5", 1, true}, {"9", 4, true}}},
		{"ids out of order", &Labels{IDs: []uint64{7, 2, 7, 4}}, []probe{
			{"7", 0, true}, {"2", 1, true}, {"4", 3, true}, {"3", 0, false}, {"y", 0, false},
		}},
		{"labels", &Labels{Names: []string{"a", "b", "a", "http://x.org/"}}, []probe{
			{"a", 0, true}, {"b", 1, true}, {"http://x.org/", 3, true}, {"c", 0, false}, {"0", 0, false},
		}},
	} {
		f := c.labels.PageOf()
		if f == nil {
			t.Fatalf("%s: no look-up", c.what)
		}
		for _, p := range c.probes {
			page, ok := f(p.name)
			if ok != p.ok || (ok && page != p.page) {
				t.Errorf("%s: PageOf()(%q) = %d, %v; want %d, %v", c.what, p.name, page, ok, p.page, p.ok)
			}
		}
	}
}

// TestLabelsPageOfInvertsTheReader reads random edge lists, of integer ids
// and of labels, and checks that PageOf maps every page's name in the file
// back to the page ReadEdgeList gave it, and that Trivial holds exactly when
// the file's ids were the page numbers; integer ids are renumbered.
func TestLabelsPageOfInvertsTheReader(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		labelMode := rapid.Bool().Draw(t, "labels")
		maxID := rapid.Uint64Range(0, 40).Draw(t, "maxID")
		name := func(v uint64) string {
			if labelMode {
				return fmt.Sprintf("p%d", v)
			}
			return strconv.FormatUint(v, 10)
		}
		links := rapid.SliceOfN(rapid.SliceOfN(rapid.Uint64Range(0, maxID), 2, 2), 1, 30).Draw(t, "links")
		var text strings.Builder
		firstSeen := map[string]int{}
		var order []string
		used := map[uint64]bool{}
		for _, l := range links {
			fmt.Fprintf(&text, "%s %s\n", name(l[0]), name(l[1]))
			for _, v := range l {
				used[v] = true
				if _, ok := firstSeen[name(v)]; !ok {
					firstSeen[name(v)] = len(order)
					order = append(order, name(v))
				}
			}
		}
		g, labels, err := ReadEdgeList(strings.NewReader(text.String()), "r.edges", EdgeListOptions{Renumber: true})
		if err != nil {
			t.Fatal(err)
		}
		if labels == nil {
			t.Fatal("no labels from an edge list without a header")
		}
		pageOf := labels.PageOf()
		for p := range g.NumNodes() {
			var n string
			if labelMode {
				n = labels.Names[p]
				if want := firstSeen[n]; p != want {
					t.Fatalf("label %q is page %d; want %d, its first appearance", n, p, want)
				}
			} else {
				n = strconv.FormatUint(labels.IDs[p], 10)
			}
			got, ok := pageOf(n)
			if !ok || int(got) != p {
				t.Fatalf("PageOf()(%q) = %d, %v; want %d", n, got, ok, p)
			}
		}
		if _, ok := pageOf(name(maxID + 1)); ok {
			t.Fatalf("PageOf finds %q, which the file does not name", name(maxID+1))
		}
		identity := !labelMode && len(used) == int(maxUsed(used))+1
		if labels.Trivial() != identity {
			t.Fatalf("Trivial() = %v for ids %v; want %v", labels.Trivial(), labels.IDs, identity)
		}
	})
}

func maxUsed(used map[uint64]bool) uint64 {
	m := uint64(0)
	for v := range used {
		m = max(m, v)
	}
	return m
}

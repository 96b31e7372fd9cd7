package seeds

import (
	"slices"
	"strings"
	"testing"
)

// TestListTextKeepsCommas: a seed list read from a file keeps its items
// through the scenario's text form (String, then Parse), a URL with a
// comma in it too. The line "http://a.example/x?a=1,2" was one item for
// crawlsim rank but two ("http://a.example/x?a=1" and "2") for crawlsim
// run, whose scenario holds the list as text.
func TestListTextKeepsCommas(t *testing.T) {
	list, err := ReadList(strings.NewReader("3\nhttp://a.example/x?a=1,2\n\"q\n,\nx\"y\n"), "s.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := list.String()
	back, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	if !slices.Equal(back.Items, list.Items) {
		t.Errorf("Parse(%q).Items = %q; want the file's %q", text, back.Items, list.Items)
	}
	// Items without a comma are written as before: scenarios and
	// importance files that name them stay as they were.
	if got, want := (Spec{Kind: List, Items: []string{"3", "http://a.org/", `x"y`}}).String(), `list:3,http://a.org/,x"y`; got != want {
		t.Errorf("String = %q; want %q", got, want)
	}
}

// TestParseQuotedItems: an item of a list may be written as a quoted
// string (Go and JSON escapes), which keeps its commas and spaces; a
// quote that is not closed, an empty quoted item or text glued to a
// closing quote is an error that names the item.
func TestParseQuotedItems(t *testing.T) {
	for text, want := range map[string][]string{
		`list:"http://a.example/x?a=1,2",3`:   {"http://a.example/x?a=1,2", "3"},
		`list: 3 , "a,b" "c d"`:               {"3", "a,b", "c d"},
		`list:"\"q"`:                          {`"q`},
		`list:"\u00e9,\t"`:                    {"é,\t"},
		`list:a"b,c`:                          {`a"b`, "c"}, // a quote inside an item is a character
		"list:\"http://a.example/?q=1,2\"\n5": {"http://a.example/?q=1,2", "5"},
	} {
		spec, err := Parse(text)
		if err != nil || spec.Kind != List || !slices.Equal(spec.Items, want) {
			t.Errorf("Parse(%q) = %+v, %v; want the list %q", text, spec, err, want)
		}
	}
	for text, want := range map[string]string{
		`list:"a,b`:      `seeds "list:\"a,b": item 1: the quoted item has no closing quote`,
		`list:3,"a"b`:    `seeds "list:3,\"a\"b": item 2: "b" after the closing quote; separate items with commas`,
		`list:""`:        `seeds "list:\"\"": item 1 is empty`,
		`list:1,"\q"`:    `seeds "list:1,\"\\q\"": item 2: the quoted item is not a valid quoted string: invalid syntax`,
		`list:1,"a\"`:    `seeds "list:1,\"a\\\"": item 2: the quoted item has no closing quote`,
		`"a,b",3`:        `seeds "\"a,b\",3": expected top-pagerank:K, random:K, community:K, host-roots, list:ID,... or a list of page ids`,
		`list:"a" ,, "`:  `seeds "list:\"a\" ,, \"": item 2: the quoted item has no closing quote`,
		"list:\"a\nb\"":  `seeds "list:\"a\nb\"": item 1: the quoted item is not a valid quoted string: invalid syntax`,
		"list:x,\"y\"\"": `seeds "list:x,\"y\"\"": item 2: "\"" after the closing quote; separate items with commas`,
	} {
		if spec, err := Parse(text); err == nil || err.Error() != want {
			t.Errorf("Parse(%q) = %+v, %v; want the error %q", text, spec, err, want)
		}
	}
}

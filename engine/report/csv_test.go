package report

import (
	"encoding/csv"
	"strings"
	"testing"
)

// TestAppendCSVField checks the quoting against RFC 4180 (section 2, rules
// 6 and 7: a field holding a comma, a double quote or a line break is
// enclosed in double quotes, and a double quote inside it is doubled), and
// that encoding/csv reads every field back as it was written.
func TestAppendCSVField(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{"with space", "with space"},
		{"http://a.example/x?y=1;z", "http://a.example/x?y=1;z"},
		{"a,b", `"a,b"`},
		{`say "hi"`, `"say ""hi"""`},
		{`"`, `""""`},
		{"two\nlines", "\"two\nlines\""},
		{"cr\ronly", "\"cr\ronly\""},
		{"crlf\r\nline", "\"crlf\r\nline\""},
		{`fpr-m m=100 <&">`, `"fpr-m m=100 <&"">"`},
		// Formulas are neutralised with a leading quote (OWASP's CSV
		// injection advice); numbers are left alone.
		{"=HYPERLINK(\"http://x\",\"y\")", `"'=HYPERLINK(""http://x"",""y"")"`},
		{"+1+2", `"'+1+2"`},
		{"-2+3", `"'-2+3"`},
		{"@SUM(A1)", `"'@SUM(A1)"`},
		{"\tx", "\"'\tx\""},
		{"-0.5", "-0.5"},
		{"+3", "+3"},
		{"-12%", "-12%"},
		{"a=b", "a=b"},
	}
	for _, c := range cases {
		got := string(AppendCSVField([]byte("x,"), c.in))
		if got != "x,"+c.want {
			t.Errorf("AppendCSVField(%q) appended %q, want %q", c.in, got[2:], c.want)
		}
		row, err := csv.NewReader(strings.NewReader(got + "\n")).Read()
		if err != nil {
			t.Errorf("AppendCSVField(%q): encoding/csv cannot read %q: %v", c.in, got, err)
			continue
		}
		// encoding/csv reads a quoted "\r\n" as "\n", and a neutralised
		// formula with its quote.
		want := strings.ReplaceAll(c.in, "\r\n", "\n")
		if strings.HasPrefix(c.want, `"'`) {
			want = "'" + want
		}
		if len(row) != 2 || row[0] != "x" || row[1] != want {
			t.Errorf("AppendCSVField(%q): encoding/csv read %q back", c.in, row)
		}
	}
}

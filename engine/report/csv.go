package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// CSV writes every curve of r in long format, one point per line, under
// the header "strategy,kind,k,fraction,value,normalised", with a seventh
// column "time" (simulated seconds) when some curve is timed. kind is
// "actual" for C(k), "guaranteed" for G(k) and "lower_bound" for the
// generic lower bound (docs/algorithms.md section 4); fraction is k over the pages the
// seeds reach; normalised is C(k)/C(N), the actual curve scaled to end at 1
// (empty for the other kinds, and when C(N) is 0), whose average over every
// k is the normalised average cumulative importance.
// Numbers are written in the shortest form that reads back exactly
// (strconv 'g', -1), and labels are quoted as RFC 4180 asks.
func CSV(w io.Writer, r *model.Result) error {
	if r == nil {
		return fmt.Errorf("report: no result")
	}
	timed := false
	for _, s := range r.Strategies {
		for _, c := range []*model.Curve{&s.Curve, s.Guarantee, s.LowerBound} {
			if c != nil && len(c.T) > 0 {
				timed = true
			}
		}
	}
	bw := bufio.NewWriter(w)
	if timed {
		bw.WriteString("strategy,kind,k,fraction,value,normalised,time\n")
	} else {
		bw.WriteString("strategy,kind,k,fraction,value,normalised\n")
	}
	var line []byte
	for _, s := range r.Strategies {
		curves := []struct {
			kind  string
			curve *model.Curve
		}{{"actual", &s.Curve}, {"guaranteed", s.Guarantee}, {"lower_bound", s.LowerBound}}
		for _, c := range curves {
			if c.curve == nil {
				continue
			}
			if err := checkCurve(s.Label, c.kind, c.curve); err != nil {
				return err
			}
			for i, k := range c.curve.K {
				line = AppendCSVField(line[:0], s.Label)
				line = append(line, ',')
				line = append(line, c.kind...)
				line = append(line, ',')
				line = strconv.AppendInt(line, k, 10)
				line = append(line, ',')
				if r.Reachable > 0 {
					line = strconv.AppendFloat(line, float64(k)/float64(r.Reachable), 'g', -1, 64)
				}
				line = append(line, ',')
				line = strconv.AppendFloat(line, c.curve.Value[i], 'g', -1, 64)
				line = append(line, ',')
				if c.kind == "actual" && s.Summary.Final > 0 {
					line = strconv.AppendFloat(line, c.curve.Value[i]/s.Summary.Final, 'g', -1, 64)
				}
				if timed {
					line = append(line, ',')
					if len(c.curve.T) > 0 {
						line = strconv.AppendFloat(line, c.curve.T[i], 'g', -1, 64)
					}
				}
				line = append(line, '\n')
				if _, err := bw.Write(line); err != nil {
					return err
				}
			}
		}
	}
	return bw.Flush()
}

// checkCurve refuses a curve whose columns differ in length.
func checkCurve(label, kind string, c *model.Curve) error {
	if len(c.Value) != len(c.K) || (len(c.T) > 0 && len(c.T) != len(c.K)) {
		return fmt.Errorf("report: the %s curve of %q has %d counts, %d values and %d times; expected as many of each", kind, label, len(c.K), len(c.Value), len(c.T))
	}
	return nil
}

// AppendCSVField appends s to b as one CSV field and returns the extended
// slice: s itself, or, when s holds a comma, a double quote or a line
// break (\n or \r), s between double quotes with each double quote
// doubled, as RFC 4180 asks. encoding/csv reads the field back as s (a
// "\r\n" inside it as "\n", as that reader does; a neutralised field with
// its leading quote). It is the one CSV field
// writer of crawlsim: the report's curves and the command line's score
// files both use it. A field that a spreadsheet would take for a formula
// is neutralised (csvFormulaLike).
func AppendCSVField(b []byte, s string) []byte {
	quote := ""
	if csvFormulaLike(s) {
		quote = "'"
	}
	needs := quote != ""
	for i := 0; i < len(s) && !needs; i++ {
		if c := s[i]; c == ',' || c == '"' || c == '\n' || c == '\r' {
			needs = true
		}
	}
	if !needs {
		return append(b, s...)
	}
	b = append(b, '"')
	b = append(b, quote...)
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

// csvFormulaLike reports whether a spreadsheet would take the field s for
// a formula: it begins with '=', '+', '-', '@', a tab or a carriage
// return, and is not a number ("-0.5", "+3", "-12%"). AppendCSVField
// neutralises such a field as OWASP's CSV injection advice asks: it puts
// a single quote before it, inside double quotes, so that a label such as
// =HYPERLINK(...) is shown as text and never evaluated.
func csvFormulaLike(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '=', '@', '\t', '\r':
		return true
	case '+', '-':
		_, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
		return err != nil
	}
	return false
}

// JSON writes r as model.MarshalResult encodes it, the one JSON
// encoding of a result: compact, ending in a line break, read back by
// model.Reader.ParseResult. The command line's -o and -json and the page's
// download are the same bytes for the same result. The output is stable:
// fields keep their declaration order and parameter maps are sorted by
// name. A value JSON cannot hold (NaN or infinity) is an error.
func JSON(w io.Writer, r *model.Result) error {
	if r == nil {
		return fmt.Errorf("report: no result")
	}
	b, err := model.MarshalResult(r)
	if err != nil {
		return fmt.Errorf("report: the result cannot be written as JSON: %w", err)
	}
	_, err = w.Write(b)
	return err
}

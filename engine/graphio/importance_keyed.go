package graphio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// This file tells text importance vectors from raw ones and reads keyed
// text: "ID SCORE" lines, or CSV or TSV with a header (see the comment at
// the top of importance.go).

// sniffTextImportance returns the format of a file whose first bytes are
// head (all of it when atEOF) and that is not crawlsim's: text or keyed
// text when its first impSniff bytes are printable (looksLikeText) and the
// first line of head that is neither blank nor a comment is a score, a
// key and a score, or column names; else "" (raw values). Printable bytes alone do not make text: a raw
// float64 vector may begin with eight printable bytes ("????????" is
// 4.8e-4), but not with a line of that shape.
func sniffTextImportance(head []byte, atEOF bool) ImportanceFileFormat {
	if !looksLikeText(head[:min(len(head), impSniff)]) {
		return ""
	}
	rest := bytes.TrimPrefix(head, []byte(utf8BOM))
	for len(rest) > 0 {
		line, after, complete := bytes.Cut(rest, []byte("\n"))
		if !complete && !atEOF {
			return "" // the first line is longer than the sniffed bytes
		}
		rest = after
		line = bytes.TrimSpace(line)
		if len(line) == 0 || (line[0] == '#' && !isHashHeader(line)) {
			continue
		}
		fields := splitImportanceRow(line, importanceSeparator(line))
		switch {
		case len(fields) == 1 && isNumber(fields[0]):
			return ImportanceText
		case len(fields) == 1 && allNames(fields):
			return ImportanceKeyed // one column, named
		case len(fields) >= 2 && (isNumber(fields[len(fields)-1]) || isNumber(fields[1]) || allNames(fields)):
			return ImportanceKeyed
		}
		return ""
	}
	if atEOF {
		return ImportanceText // blank lines and comments only: no scores
	}
	return ""
}

// isHashHeader reports whether a line starting with '#' is a header whose
// names start with '#', as Common Crawl writes them ("#pr_pos\t#pr_val"),
// rather than a comment: it has two fields or more between tabs or
// commas, each a name.
func isHashHeader(line []byte) bool {
	sep := importanceSeparator(line)
	fields := splitImportanceRow(line, sep)
	return sep != 0 && len(fields) >= 2 && allNames(fields)
}

// isNumber reports whether b parses as a float64 (out of range counts).
func isNumber(b string) bool {
	_, err := strconv.ParseFloat(b, 64)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

// allNames reports whether there are fields and every one is a column
// name: a letter, '_' or '#' first, then letters, digits and "_-.#".
func allNames(fields []string) bool {
	if len(fields) == 0 {
		return false
	}
	for _, f := range fields {
		if f == "" {
			return false
		}
		for i := 0; i < len(f); i++ {
			c := f[i]
			letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '#'
			if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '-' || c == '.')) {
				return false
			}
		}
	}
	return true
}

// importanceSeparator is a row's separator: a tab when the line has one,
// else a comma when it has one, else blanks (0).
func importanceSeparator(line []byte) byte {
	switch {
	case bytes.IndexByte(line, '\t') >= 0:
		return '\t'
	case bytes.IndexByte(line, ',') >= 0:
		return ','
	}
	return 0
}

// splitImportanceRow splits a row at sep (0: runs of blanks), trimming
// blanks around fields; with a comma, a field in double quotes may hold
// commas and doubled quotes, as CSV writes them. It returns nil for a
// quote that is not closed.
func splitImportanceRow(line []byte, sep byte) []string {
	if sep == 0 {
		return strings.Fields(string(line))
	}
	var fields []string
	s := string(line)
	for {
		s = strings.TrimLeft(s, " \t")
		if sep == ',' && strings.HasPrefix(s, `"`) {
			var b strings.Builder
			i := 1
			for {
				k := strings.IndexByte(s[i:], '"')
				if k < 0 {
					return nil
				}
				b.WriteString(s[i : i+k])
				i += k + 1
				if i < len(s) && s[i] == '"' {
					b.WriteByte('"')
					i++
					continue
				}
				break
			}
			fields = append(fields, b.String())
			s = strings.TrimLeft(s[i:], " \t")
			if s == "" {
				return fields
			}
			if s[0] != ',' {
				return nil
			}
			s = s[1:]
			continue
		}
		k := strings.IndexByte(s, sep)
		if k < 0 {
			return append(fields, strings.TrimSpace(s))
		}
		fields = append(fields, strings.TrimSpace(s[:k]))
		s = s[k+1:]
	}
}

// The kinds of keys of keyed text.
const (
	keyPage        = "page"
	keyURL         = "url"
	keyHost        = "host"
	keyReverseHost = "reversed host"
)

// keyColumnNames are the header names of key columns, by kind: the first
// column with one of these names is the key (page before url before host).
var keyColumnNames = []struct{ name, kind string }{
	{"page", keyPage}, {"id", keyPage}, {"node", keyPage}, {"vertex", keyPage},
	{"url", keyURL},
	{"host", keyHost}, {"hostname", keyHost}, {"host_name", keyHost}, {"domain", keyHost},
	{"host_rev", keyReverseHost}, {"rev_host", keyReverseHost}, {"reversed_host", keyReverseHost}, {"domain_rev", keyReverseHost},
}

// ErrNoScoreColumn is wrapped by the error of keyed text whose score
// column is neither chosen (ImportanceOptions.Column) nor one of
// scoreColumnNames, so that a caller can say how its user chooses one.
var ErrNoScoreColumn = errors.New("which column holds the scores?")

// scoreColumnNames are the score columns taken without Column, first
// found first.
var scoreColumnNames = []string{"pagerank", "pr_val", "pr", "score", "importance"}

// columnName is a header name as matched: lower case, without a leading
// '#'.
func columnName(s string) string { return strings.ToLower(strings.TrimPrefix(s, "#")) }

// keyedLayout is where the key and the score of a row are, and what the
// key is.
type keyedLayout struct {
	sep        byte
	fields     int // fields a row, 0 when rows may have any number (no header)
	key, score int // column indexes; key -1 for rows in page order
	keyKind    string
	column     string // how messages name the score column
	header     bool
}

// chooseColumns reads the header (or, without one, the first row) and
// returns where the key and the score are.
func (in *impInput) chooseColumns(fields []string, sep byte) (keyedLayout, error) {
	lay := keyedLayout{sep: sep, key: -1, score: -1}
	if !allNames(fields) || isNumber(fields[0]) && isNumber(fields[len(fields)-1]) {
		// No header: "KEY SCORE", or the column Column names.
		lay.key, lay.score = 0, 1
		if c := in.opt.Column; c != "" {
			k, err := strconv.Atoi(c)
			if err != nil || k < 1 {
				return lay, fileError(in.name, "the score column %q: the file has no header line, so columns are numbered from 1", c)
			}
			lay.score = k - 1
		}
		lay.column = fmt.Sprintf("column %d", lay.score+1)
		lay.keyKind = keyKindOf(fields[0])
		return lay, nil
	}
	lay.header, lay.fields = true, len(fields)
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = columnName(f)
	}
	for _, k := range keyColumnNames {
		if i := indexOf(names, k.name); i >= 0 {
			lay.key, lay.keyKind = i, k.kind
			break
		}
	}
	if c := in.opt.Column; c != "" {
		if k, err := strconv.Atoi(c); err == nil && k >= 1 && k <= len(fields) {
			lay.score = k - 1
		} else {
			lay.score = indexOf(names, columnName(c))
		}
		if lay.score < 0 {
			return lay, lineError(in.name, 0, "no score column %q: the columns are %s", c, strings.Join(fields, ", "))
		}
	} else {
		for _, s := range scoreColumnNames {
			if lay.score = indexOf(names, s); lay.score >= 0 {
				break
			}
		}
		if lay.score < 0 && len(fields)-btoi(lay.key >= 0) == 1 {
			lay.score = 0
			if lay.key == 0 {
				lay.score = 1
			}
		}
		if lay.score < 0 {
			e := fileError(in.name, "%s The columns are %s; choose one as the score column", ErrNoScoreColumn, strings.Join(fields, ", "))
			e.Err = ErrNoScoreColumn
			return lay, e
		}
	}
	if lay.score == lay.key {
		return lay, fileError(in.name, "the score column %s is the key column", fields[lay.score])
	}
	lay.column = fields[lay.score]
	return lay, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func indexOf(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return -1
}

// keyKindOf tells the kind of the keys of a file without a header from
// its first key: a page id when it is a whole number, a URL when it has
// "://", else a host name.
func keyKindOf(key string) string {
	switch {
	case strings.Trim(key, "0123456789") == "":
		return keyPage
	case strings.Contains(key, "://"):
		return keyURL
	}
	return keyHost
}

// pageKeys finds the page of a key of one kind.
type pageKeys struct {
	kind   string
	n      int
	pageOf func(string) (uint32, bool)
	byName map[string]int64 // URL or host name -> page, -1 for a host of several pages
}

// newPageKeys prepares the lookup of keys of a kind in g.
func (in *impInput) newPageKeys(kind string) (*pageKeys, error) {
	g := in.g
	k := &pageKeys{kind: kind, n: g.NumNodes(), pageOf: in.opt.PageOf}
	switch kind {
	case keyURL:
		if g.URLs == nil {
			return nil, fileError(in.name, "the keys are URLs, but %s has no URLs (give its URL list)", in.graphName)
		}
		k.byName = make(map[string]int64, len(g.URLs))
		for i, u := range g.URLs {
			if _, dup := k.byName[u]; !dup {
				k.byName[u] = int64(i)
			}
		}
	case keyHost, keyReverseHost:
		if g.Hosts == nil {
			return nil, fileError(in.name, "the keys are host names, but %s has no hosts (give its URL list or Common Crawl vertex file)", in.graphName)
		}
		k.byName = make(map[string]int64, len(g.Hosts.Names))
		first := make([]int64, len(g.Hosts.Names))
		for i := range first {
			first[i] = -2
		}
		for p, h := range g.Hosts.Of {
			if first[h] == -2 {
				first[h] = int64(p)
			} else {
				first[h] = -1
			}
		}
		for h, name := range g.Hosts.Names {
			if name == graph.NoHost {
				continue
			}
			if _, dup := k.byName[name]; dup {
				// two hosts of one name (a .csr not written by
				// crawlsim): the name covers the pages of both
				k.byName[name] = -1
				continue
			}
			k.byName[name] = first[h]
		}
	}
	return k, nil
}

// page returns the page of key, or an error message.
func (k *pageKeys) page(key string) (int, string) {
	switch k.kind {
	case keyPage:
		if k.pageOf != nil {
			if p, ok := k.pageOf(key); ok {
				return int(p), ""
			}
			return 0, "names no page of"
		}
		id, err := strconv.ParseUint(key, 10, 64)
		if err != nil {
			return 0, "is not a page id (a whole number) of"
		}
		if id >= uint64(k.n) {
			return 0, "is not a page id (0 to n-1) of"
		}
		return int(id), ""
	case keyReverseHost:
		key = ReverseHostName(key)
	}
	if k.kind != keyURL {
		key = strings.ToLower(key)
	}
	p, ok := k.byName[key]
	switch {
	case !ok:
		return 0, "names no page of"
	case p < 0:
		return 0, "is a host of several pages of"
	}
	return int(p), ""
}

// readKeyed reads keyed text: a header or not, then one row a page in
// any order. Pages are given once each; the Importance names the score
// column and what the keys are.
func (in *impInput) readKeyed() (*Importance, error) {
	n := in.g.NumNodes()
	v := &Importance{Format: ImportanceKeyed, Scores: make([]float64, n)}
	seen := make([]uint64, (n+63)/64)
	sc := newTextLineScanner(in.br)
	var lay keyedLayout
	var keys *pageKeys
	given := 0
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		line := bytes.TrimSpace(raw)
		if len(line) == 0 || line[0] == '#' && (keys != nil || !isHashHeader(line)) {
			continue
		}
		if keys == nil {
			sep := importanceSeparator(line)
			fields := splitImportanceRow(line, sep)
			if fields == nil {
				return nil, lineError(in.name, sc.lineNo, "a quoted field is not closed")
			}
			if len(fields) < 2 && !allNames(fields) {
				return nil, lineError(in.name, sc.lineNo, "expected a key and a score, or a line of column names, got %s", textQuote(line))
			}
			var err error
			if lay, err = in.chooseColumns(fields, sep); err != nil {
				if e, ok := err.(*Error); ok && e.Line == 0 && e.Offset == -1 && lay.header {
					e.Line = sc.lineNo
				}
				return nil, err
			}
			if keys, err = in.newPageKeys(lay.keyKind); err != nil {
				return nil, err
			}
			v.Column, v.Key = lay.column, lay.keyKind
			if lay.header {
				continue
			}
		}
		sep := lay.sep
		if !lay.header {
			sep = importanceSeparator(line)
		}
		fields := splitImportanceRow(line, sep)
		switch {
		case fields == nil:
			return nil, lineError(in.name, sc.lineNo, "a quoted field is not closed")
		case lay.fields > 0 && len(fields) != lay.fields:
			return nil, lineError(in.name, sc.lineNo, "%d fields, but the header names %d", len(fields), lay.fields)
		case lay.score >= len(fields) || lay.key >= len(fields):
			return nil, lineError(in.name, sc.lineNo, "%d fields: expected a key and a score (%s)", len(fields), lay.column)
		}
		text := fields[lay.score]
		s, err := strconv.ParseFloat(text, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, lineError(in.name, sc.lineNo, "expected a score (a number) in %s, got %s", lay.column, textQuote([]byte(text)))
		}
		var p int
		if lay.key < 0 {
			if given == n {
				return nil, lineError(in.name, sc.lineNo, "more scores than the %d pages of %s", n, in.graphName)
			}
			p = given
		} else {
			key := fields[lay.key]
			var why string
			if p, why = keys.page(key); why != "" {
				return nil, lineError(in.name, sc.lineNo, "the %s key %s %s %s", lay.keyKind, textQuote([]byte(key)), why, in.graphName)
			}
			if seen[p>>6]&(1<<(p&63)) != 0 {
				return nil, lineError(in.name, sc.lineNo, "a second score for page %d (key %s): each page has one", p, textQuote([]byte(key)))
			}
		}
		if !scoreOK(s) {
			return nil, lineError(in.name, sc.lineNo, "the score of page %d is %s: expected a finite number, 0 or more", p, textQuote([]byte(text)))
		}
		seen[p>>6] |= 1 << (p & 63)
		v.Scores[p] = s
		given++
	}
	if err := sc.readError(in.name); err != nil {
		return nil, err
	}
	if given < n {
		first := 0
		for first < n && seen[first>>6]&(1<<(first&63)) != 0 {
			first++
		}
		return nil, fileError(in.name, "%d of the %d pages of %s have no score (the first is page %d): expected one row a page", n-given, n, in.graphName, first)
	}
	return v, v.normalize(in.name)
}

// ReverseHostName turns a reversed host name, as Common Crawl's host
// graphs write it ("com.example.www"), into the host name
// ("www.example.com"), and back: it reverses the order of the labels.
func ReverseHostName(s string) string {
	if strings.IndexByte(s, '.') < 0 {
		return s
	}
	labels := strings.Split(s, ".")
	for i, j := 0, len(labels)-1; i < j; i, j = i+1, j-1 {
		labels[i], labels[j] = labels[j], labels[i]
	}
	return strings.Join(labels, ".")
}

// ImportanceNeedsURLs reports whether the importance file in r, read with
// opt, is keyed text whose keys are URLs, so that its graph must be
// loaded with its URLs (LoadOptions.SkipURLs unset). It reads the file's
// first 64 KiB at most; a file it cannot read or tell needs none.
func ImportanceNeedsURLs(r io.Reader, name string, opt ImportanceOptions) bool {
	dr, err := decompressed(r, name)
	if err != nil {
		return false
	}
	br := bufio.NewReaderSize(dr, impChunk)
	head, err := br.Peek(impChunk)
	atEOF := err == io.EOF
	format := opt.Format
	if format == "" {
		format = sniffTextImportance(head, atEOF)
	}
	if format != ImportanceKeyed {
		return false
	}
	in := &impInput{name: name, opt: opt}
	rest := bytes.TrimPrefix(head, []byte(utf8BOM))
	for len(rest) > 0 {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' && !isHashHeader(line) {
			continue
		}
		sep := importanceSeparator(line)
		fields := splitImportanceRow(line, sep)
		if len(fields) < 2 && !allNames(fields) {
			return false
		}
		lay, err := in.chooseColumns(fields, sep)
		return err == nil && lay.keyKind == keyURL
	}
	return false
}

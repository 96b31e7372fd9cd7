package graphio

// Importance vectors (the manual, tools/crawlsim/doc.go, "Importance files"):
// a score per page, computed once (crawlsim rank -o NAME.imp, or another
// engine) and given to a later run instead of being computed again.
//
// crawlsim's own format ties a vector to its graph. All integers and
// floats are little-endian:
//
//	offset size  field
//	     0    8  magic "CRAWLIMP"
//	     8    4  version, uint32 = 1
//	    12    2  kind, uint16: 1 pagerank (uniform teleport), 2 personalized
//	             pagerank, 3 HITS authorities, 4 HITS hubs
//	    14    2  flags, uint16: bit 0 converged; other bits must be 0
//	    16    8  n, the number of pages, uint64
//	    24    8  m, the number of links, uint64
//	    32    8  the graph's fingerprint (Fingerprint)
//	    40    8  damping, float64 in (0, 1] (0 for HITS)
//	    48    8  tolerance, float64, finite, 0 or more (0 for HITS)
//	    56    8  residual: the L1 change of the last iteration, float64,
//	             finite, 0 or more
//	    64    4  iterations, uint32
//	    68    4  L, the byte length of the seed set's text (at most 64 KiB;
//	             personalized pagerank's -seeds, else 0)
//	    72    4  CRC-32C (Castagnoli) of every byte after the header
//	    76    4  CRC-32C of header bytes 0..75
//	    80    L  the seed set's text (UTF-8), then zero bytes up to a
//	             multiple of 8
//	          8n the scores, float64, page 0 first
//
// The file ends after the last score.
//
// A vector made by another engine has no header; ReadImportance reads it
// in one of these formats (ImportanceOptions.Format names one, or it is
// told from the bytes):
//
//   - text, one score per line in page order ('#' starts a comment line;
//     blank lines are skipped): webgraph-rs's "ascii" format;
//   - keyed text, a key and a score a line, in any order: "ID SCORE"
//     (blanks, a tab or a comma between them), or CSV or TSV whose first
//     line names the columns (a leading '#' on a name is dropped, as in
//     Common Crawl's "#pr_val"); the key is a page id (or the page's name
//     in an edge list that was renumbered), a URL, a host name, or a
//     reversed host name ("com.example.www", Common Crawl's "#host_rev");
//     every page must have one score and every key must name a page (a
//     header that names no key column has its rows in page order);
//   - raw float64, 8 bytes a page and nothing else, little-endian
//     (float64-le) or big-endian (float64-be: LAW's NAME.ranks, as
//     BinIO.storeDoubles writes them, and webgraph-rs's "java" format);
//   - raw float32, 4 bytes a page, big-endian (float32-be: HyperBall's
//     centralities, BinIO.storeFloats) or little-endian (float32-le).
//
// Any of them may be gzip-compressed. Told from the bytes, a file is
// crawlsim's when it starts with the magic, text when its first bytes are
// printable and its first line is a score, a key and a score, or a line
// of column names, and raw otherwise: float64 at 8 bytes a page, float32
// at 4, in the byte order whose every value is a plausible score (finite,
// not negative, 0 or between 1e-250 and 1e250 for float64, 1e-36 and
// 1e36 for float32). A named binary format whose bytes only make sense in
// the other byte order is refused with an error that names that order.
//
// Scores must be finite and non-negative; a vector whose sum is not 1
// within 1e-9 is scaled to sum 1 (Importance.Scaled says so).

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
)

const (
	importanceMagic      = "CRAWLIMP"
	importanceVersion    = 1
	importanceHeaderSize = 80
	// ImportanceMaxSeedsText is the longest seed set text a crawlsim
	// importance file may carry.
	ImportanceMaxSeedsText = 64 << 10

	impAtVersion    = 8
	impAtKind       = 12
	impAtFlags      = 14
	impAtNodes      = 16
	impAtArcs       = 24
	impAtGraph      = 32
	impAtDamping    = 40
	impAtTolerance  = 48
	impAtResidual   = 56
	impAtIterations = 64
	impAtSeedsLen   = 68
	impAtBodyCRC    = 72
	impAtHeaderCRC  = 76

	impFlagConverged = 1

	// impChunk is the bytes of scores decoded or encoded at a time.
	impChunk = 64 << 10
	// impSniff is how many bytes must be printable text (or UTF-8) for a
	// file to be read as text; the first line that is neither blank nor a
	// comment must also end within the first impChunk bytes.
	impSniff = 512
)

// ImportanceKind says what an importance vector is.
type ImportanceKind uint16

// The kinds of importance vectors crawlsim writes.
const (
	// ImportanceForeign is a vector whose file does not record what it is:
	// text or raw scores, of another engine or crawlsim's own CSV.
	ImportanceForeign ImportanceKind = 0
	// ImportancePageRank is PageRank with the uniform teleport vector
	// (docs/algorithms.md section 1).
	ImportancePageRank ImportanceKind = 1
	// ImportancePersonalized is personalized PageRank, the teleport vector
	// uniform over Importance.Seeds.
	ImportancePersonalized ImportanceKind = 2
	// ImportanceAuthorities and ImportanceHubs are HITS's vectors.
	ImportanceAuthorities ImportanceKind = 3
	ImportanceHubs        ImportanceKind = 4
)

// String names the kind as the command line does.
func (k ImportanceKind) String() string {
	switch k {
	case ImportanceForeign:
		return "a vector that does not say what it holds"
	case ImportancePageRank:
		return "pagerank"
	case ImportancePersonalized:
		return "personalized pagerank"
	case ImportanceAuthorities:
		return "hits authorities"
	case ImportanceHubs:
		return "hits hubs"
	}
	return fmt.Sprintf("kind %d", uint16(k))
}

// ImportanceFileFormat is how an importance vector was stored.
type ImportanceFileFormat string

// The formats ReadImportance reads (see the comment at the top of this
// file).
const (
	ImportanceCrawlsim  ImportanceFileFormat = "crawlsim"
	ImportanceText      ImportanceFileFormat = "text"
	ImportanceKeyed     ImportanceFileFormat = "keyed"
	ImportanceFloat64   ImportanceFileFormat = "float64-le"
	ImportanceFloat64BE ImportanceFileFormat = "float64-be"
	ImportanceFloat32BE ImportanceFileFormat = "float32-be"
	ImportanceFloat32LE ImportanceFileFormat = "float32-le"
)

// importanceFormatNames are the names ParseImportanceFormat accepts, with
// the other engines' names for the same formats.
var importanceFormatNames = map[string]ImportanceFileFormat{
	"":           "",
	"auto":       "",
	"crawlsim":   ImportanceCrawlsim,
	"text":       ImportanceText,
	"ascii":      ImportanceText,
	"keyed":      ImportanceKeyed,
	"csv":        ImportanceKeyed,
	"tsv":        ImportanceKeyed,
	"float64":    ImportanceFloat64,
	"float64-le": ImportanceFloat64,
	"float64-be": ImportanceFloat64BE,
	"ranks":      ImportanceFloat64BE,
	"java":       ImportanceFloat64BE,
	"float32-be": ImportanceFloat32BE,
	"hyperball":  ImportanceFloat32BE,
	"float32-le": ImportanceFloat32LE,
}

// ImportanceFormatNames lists the format names ParseImportanceFormat
// accepts, for messages and the manual.
const ImportanceFormatNames = "auto, crawlsim, text (or ascii), keyed (or csv, tsv), float64-le (or float64), float64-be (or ranks, java), float32-be (or hyperball), float32-le"

// ParseImportanceFormat reads a format name: "" and "auto" mean that
// ReadImportance tells the format from the bytes (the empty format).
func ParseImportanceFormat(s string) (ImportanceFileFormat, error) {
	if f, ok := importanceFormatNames[strings.ToLower(s)]; ok {
		return f, nil
	}
	return "", fmt.Errorf("unknown importance format %q: expected one of %s", s, ImportanceFormatNames)
}

// ImportanceOptions say how ReadImportance reads a vector of another
// engine. The zero value tells the format from the bytes and, for keyed
// text, the columns from their names.
type ImportanceOptions struct {
	// Format is the file's format; "" tells it from the bytes.
	Format ImportanceFileFormat
	// Column names the score column of keyed text: a column name (case
	// and a leading '#' do not matter) or its 1-based number. "" takes
	// the column named pagerank, pr_val, pr, score or importance, or the
	// only column that is not a key.
	Column string
	// PageOf maps the page names of the graph's input file to pages, for
	// page keys of a graph read from an edge list that was renumbered
	// (Labels.PageOf); nil takes a page key as the page id.
	PageOf func(string) (uint32, bool)
	// Cancel, when set, is called every few milliseconds while a crawlsim
	// file's fingerprint is checked against the graph (one pass over its
	// links, FingerprintCancel); its error stops the reading.
	Cancel func() error
}

// Importance is an importance vector and what its file says about it.
type Importance struct {
	// Scores holds one score per page, summing to 1.
	Scores []float64
	// Format is the file's format.
	Format ImportanceFileFormat
	// Kind is what the vector is; ImportanceForeign for text and float64.
	Kind ImportanceKind
	// Damping, Tolerance, Iterations, Residual and Converged describe the
	// computation (zero for HITS and foreign vectors).
	Damping, Tolerance float64
	Iterations         int
	Residual           float64
	Converged          bool
	// Seeds is the seed set of personalized PageRank, as given to -seeds.
	Seeds string
	// Scaled is set when the scores read did not sum to 1 within 1e-9 and
	// were divided by Sum.
	Scaled bool
	// Sum is the sum of the scores as read.
	Sum float64
	// Column and Key describe keyed text: the score column's name (or
	// number) and what the keys are ("page", "url", "host" or
	// "reversed host"; "" when the file has no key column and its rows
	// are in page order).
	Column, Key string
}

// appendScores appends the little-endian bytes of s to b.
func appendScores(b []byte, s []float64) []byte {
	for _, v := range s {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	return b
}

// WriteImportance writes the vector v of graph g in crawlsim's importance
// format (see the package comment of this file). v.Scores must hold one
// score per page; Format, Scaled and Sum are not written.
func WriteImportance(w io.Writer, g *graph.Graph, v *Importance) error {
	return WriteImportanceCancel(w, g, v, nil)
}

// WriteImportanceCancel is WriteImportance that calls cancel, when not
// nil, every few milliseconds of the pass over g's links that its
// fingerprint takes (FingerprintCancel), and stops with cancel's error
// before it writes anything.
func WriteImportanceCancel(w io.Writer, g *graph.Graph, v *Importance, cancel func() error) error {
	n := g.NumNodes()
	if len(v.Scores) != n {
		return fmt.Errorf("importance: %d scores for a graph of %d pages", len(v.Scores), n)
	}
	if v.Kind < ImportancePageRank || v.Kind > ImportanceHubs {
		return fmt.Errorf("importance: cannot write %s", v.Kind)
	}
	if len(v.Seeds) > ImportanceMaxSeedsText {
		return fmt.Errorf("importance: the seed set's text has %d bytes, more than %d", len(v.Seeds), ImportanceMaxSeedsText)
	}
	if _, problem := computationProblem(v); problem != "" {
		return fmt.Errorf("importance: %s", problem)
	}
	if v.Iterations < 0 || uint64(v.Iterations) > math.MaxUint32 {
		return fmt.Errorf("importance: %d iterations do not fit the header", v.Iterations)
	}
	seeds := make([]byte, len(v.Seeds)+int(csrPad(int64(len(v.Seeds)))))
	copy(seeds, v.Seeds)
	body := crc32.Checksum(seeds, csrTable)
	buf := make([]byte, 0, impChunk)
	for s := v.Scores; len(s) > 0; {
		k := min(len(s), impChunk/8)
		buf = appendScores(buf[:0], s[:k])
		body = crc32.Update(body, csrTable, buf)
		s = s[k:]
	}
	fp, err := FingerprintCancel(g, cancel)
	if err != nil {
		return err
	}
	h := make([]byte, importanceHeaderSize)
	le := binary.LittleEndian
	copy(h, importanceMagic)
	le.PutUint32(h[impAtVersion:], importanceVersion)
	le.PutUint16(h[impAtKind:], uint16(v.Kind))
	if v.Converged {
		le.PutUint16(h[impAtFlags:], impFlagConverged)
	}
	le.PutUint64(h[impAtNodes:], uint64(n))
	le.PutUint64(h[impAtArcs:], uint64(g.NumArcs()))
	le.PutUint64(h[impAtGraph:], fp)
	le.PutUint64(h[impAtDamping:], math.Float64bits(v.Damping))
	le.PutUint64(h[impAtTolerance:], math.Float64bits(v.Tolerance))
	le.PutUint64(h[impAtResidual:], math.Float64bits(v.Residual))
	le.PutUint32(h[impAtIterations:], uint32(v.Iterations))
	le.PutUint32(h[impAtSeedsLen:], uint32(len(v.Seeds)))
	le.PutUint32(h[impAtBodyCRC:], body)
	le.PutUint32(h[impAtHeaderCRC:], crc32.Checksum(h[:impAtHeaderCRC], csrTable))
	if _, err := w.Write(h); err != nil {
		return err
	}
	if _, err := w.Write(seeds); err != nil {
		return err
	}
	for s := v.Scores; len(s) > 0; {
		k := min(len(s), impChunk/8)
		if _, err := w.Write(appendScores(buf[:0], s[:k])); err != nil {
			return err
		}
		s = s[k:]
	}
	return nil
}

package graphio

// Importance vectors (DESIGN.md "Full-size graphs"): a score per page,
// computed once (crawlsim rank -o NAME.imp, or another engine) and given to
// a later run instead of being computed again.
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
//	    40    8  damping, float64 (0 for HITS)
//	    48    8  tolerance, float64 (0 for HITS)
//	    56    8  residual: the L1 change of the last iteration, float64
//	    64    4  iterations, uint32
//	    68    4  L, the byte length of the seed set's text (at most 64 KiB;
//	             personalized pagerank's -seeds, else 0)
//	    72    4  CRC-32C (Castagnoli) of every byte after the header
//	    76    4  CRC-32C of header bytes 0..75
//	    80    L  the seed set's text (UTF-8), then zero bytes up to a
//	             multiple of 8
//	          8n the scores, float64, page 0 first
//
// The file ends after the last score. A vector made by another engine has
// no header and is either text, one score per line in page order ('#'
// starts a comment line; blank lines are skipped), or raw little-endian
// float64 values, 8 bytes per page and nothing else. Any of the three may
// be gzip-compressed. ReadImportance tells them apart by their first
// bytes: the magic, else text when the first 512 bytes are printable
// ASCII (or the UTF-8 byte order mark), else float64.
//
// Scores must be finite and non-negative; a vector whose sum is not 1
// within 1e-9 is scaled to sum 1 (Importance.Scaled says so).

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"strconv"
	"unsafe"

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
	// impSniff is how many bytes tell text from float64.
	impSniff = 512
)

// ImportanceKind says what an importance vector is.
type ImportanceKind uint16

// The kinds of importance vectors crawlsim writes.
const (
	// ImportanceForeign is a vector from another engine (text or float64):
	// what it is is not recorded.
	ImportanceForeign ImportanceKind = 0
	// ImportancePageRank is PageRank with the uniform teleport vector
	// (SPEC.md section 1).
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
		return "a vector of another engine"
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

// The formats ReadImportance reads.
const (
	ImportanceCrawlsim ImportanceFileFormat = "crawlsim"
	ImportanceText     ImportanceFileFormat = "text"
	ImportanceFloat64  ImportanceFileFormat = "float64"
)

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
}

// Fingerprint identifies a graph's links: the CRC-32C of its offsets
// (n+1 little-endian uint64) in the high 32 bits and the CRC-32C of its
// targets (m little-endian uint32) in the low 32 bits. It depends only on
// the links, not on hosts, URLs or the file the graph came from, so a
// graph read from BVGraph, an edge list or .csr has the same one. It is a
// check against mistakes (a vector of another graph of the same size),
// not against forgery. One pass over the arrays, at CRC-32C's speed.
func Fingerprint(g *graph.Graph) uint64 {
	return uint64(crcWords(g.Offsets))<<32 | uint64(crcWords(g.Targets))
}

// crcWords is the CRC-32C of a as little-endian bytes: the memory itself
// on a little-endian host, else encoded a chunk at a time.
func crcWords[T uint32 | uint64](a []T) uint32 {
	if csrRawViews {
		return crc32.Checksum(csrRawBytes(a), csrTable)
	}
	size := int(unsafe.Sizeof(T(0)))
	var sum uint32
	buf := make([]byte, 0, impChunk)
	for len(a) > 0 {
		k := min(len(a), impChunk/size)
		buf = buf[:0]
		for _, v := range a[:k] {
			if size == 8 {
				buf = binary.LittleEndian.AppendUint64(buf, uint64(v))
			} else {
				buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
			}
		}
		sum = crc32.Update(sum, csrTable, buf)
		a = a[k:]
	}
	return sum
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
	le.PutUint64(h[impAtGraph:], Fingerprint(g))
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

// ReadImportance reads the importance vector in r, the file name, for the
// graph g, which messages call graphName. It reads crawlsim's format,
// text and raw float64 (see the comment at the top of this file), gzip-
// compressed or not, and refuses with an *Error naming name and the line
// or byte:
//   - a crawlsim vector of another graph (its pages, links or
//     Fingerprint differ from g's), of an unknown version, kind or flag,
//     or whose header or body checksum does not match;
//   - a file that ends before the last score or goes on after it, or a
//     text or float64 vector whose number of scores is not g's pages;
//   - a score that is not a finite, non-negative number, or scores that
//     are all 0 (on a graph with pages).
//
// It allocates the n scores of g, nothing that the input claims.
func ReadImportance(r io.Reader, name string, g *graph.Graph, graphName string) (*Importance, error) {
	dr, err := decompressed(r, name)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(dr, impChunk)
	head, err := br.Peek(impSniff)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, byteReadError(name, int64(len(head)), err)
	}
	var v *Importance
	switch {
	case bytes.HasPrefix(head, []byte(importanceMagic)):
		v, err = readCrawlsimImportance(br, name, g, graphName)
	case bytes.HasPrefix(head, []byte(csrMagic)):
		return nil, byteError(name, 0, "a crawlsim .csr graph, not an importance vector (magic %q, want %q)", csrMagic, importanceMagic)
	case looksLikeText(head):
		v, err = readTextImportance(br, name, g, graphName)
	default:
		v, err = readFloat64Importance(br, name, g, graphName)
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

// looksLikeText reports whether head, the first bytes of a file, are
// printable ASCII, tabs and line breaks, after an optional UTF-8 byte
// order mark. An empty file is text (no scores).
func looksLikeText(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte(utf8BOM))
	for _, c := range head {
		if (c < ' ' || c > '~') && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// readCrawlsimImportance reads crawlsim's format from br.
func readCrawlsimImportance(br *bufio.Reader, name string, g *graph.Graph, graphName string) (*Importance, error) {
	h := make([]byte, importanceHeaderSize)
	if k, err := io.ReadFull(br, h); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, byteError(name, int64(k), "the file ends within the %d-byte header of a crawlsim importance file", importanceHeaderSize)
		}
		return nil, byteReadError(name, int64(k), err)
	}
	le := binary.LittleEndian
	if ver := le.Uint32(h[impAtVersion:]); ver != importanceVersion {
		return nil, byteError(name, impAtVersion, "unsupported importance file version %d; this reader knows version %d", ver, importanceVersion)
	}
	if got, want := le.Uint32(h[impAtHeaderCRC:]), crc32.Checksum(h[:impAtHeaderCRC], csrTable); got != want {
		return nil, byteError(name, impAtHeaderCRC, "header checksum mismatch: stored %08x, header bytes give %08x", got, want)
	}
	v := &Importance{Format: ImportanceCrawlsim, Kind: ImportanceKind(le.Uint16(h[impAtKind:]))}
	if v.Kind < ImportancePageRank || v.Kind > ImportanceHubs {
		return nil, byteError(name, impAtKind, "unknown kind %d: expected 1 (pagerank) to 4 (hits hubs)", uint16(v.Kind))
	}
	flags := le.Uint16(h[impAtFlags:])
	if flags&^impFlagConverged != 0 {
		return nil, byteError(name, impAtFlags, "unknown flags %#x", flags&^impFlagConverged)
	}
	v.Converged = flags&impFlagConverged != 0
	n, m, fp := le.Uint64(h[impAtNodes:]), le.Uint64(h[impAtArcs:]), le.Uint64(h[impAtGraph:])
	if n != uint64(g.NumNodes()) || m != uint64(g.NumArcs()) || fp != Fingerprint(g) {
		return nil, fileError(name, "the importance vector is of another graph (%d pages, %d links, fingerprint %016x), not of %s (%d pages, %d links, fingerprint %016x)",
			n, m, fp, graphName, g.NumNodes(), g.NumArcs(), Fingerprint(g))
	}
	v.Damping = math.Float64frombits(le.Uint64(h[impAtDamping:]))
	v.Tolerance = math.Float64frombits(le.Uint64(h[impAtTolerance:]))
	v.Residual = math.Float64frombits(le.Uint64(h[impAtResidual:]))
	v.Iterations = int(le.Uint32(h[impAtIterations:]))
	seedsLen := int64(le.Uint32(h[impAtSeedsLen:]))
	if seedsLen > ImportanceMaxSeedsText {
		return nil, byteError(name, impAtSeedsLen, "the seed set's text claims %d bytes, more than %d", seedsLen, ImportanceMaxSeedsText)
	}
	bodyCRC := le.Uint32(h[impAtBodyCRC:])
	padded := seedsLen + csrPad(seedsLen)
	total := importanceHeaderSize + padded + 8*int64(n)
	ends := func(at int64) error {
		return byteError(name, at, "the file ends at byte %d; its header announces %d pages, %d bytes in all (truncated file)", at, n, total)
	}
	seeds := make([]byte, padded)
	if k, err := io.ReadFull(br, seeds); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, ends(importanceHeaderSize + int64(k))
		}
		return nil, byteReadError(name, importanceHeaderSize+int64(k), err)
	}
	for k := seedsLen; k < padded; k++ {
		if seeds[k] != 0 {
			return nil, byteError(name, importanceHeaderSize+k, "padding byte is %d, want 0", seeds[k])
		}
	}
	v.Seeds = string(seeds[:seedsLen])
	body := crc32.Checksum(seeds, csrTable)
	v.Scores = make([]float64, n)
	at := importanceHeaderSize + padded
	buf := make([]byte, impChunk)
	for i := 0; i < len(v.Scores); {
		k := min(len(v.Scores)-i, impChunk/8)
		got, err := io.ReadFull(br, buf[:8*k])
		if err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return nil, ends(at + int64(got))
			}
			return nil, byteReadError(name, at+int64(got), err)
		}
		body = crc32.Update(body, csrTable, buf[:8*k])
		for j := range k {
			v.Scores[i+j] = math.Float64frombits(le.Uint64(buf[8*j:]))
		}
		i += k
		at += int64(8 * k)
	}
	if err := endOfFile(br, name, at, fmt.Sprintf("after the last of the %d scores", n)); err != nil {
		return nil, err
	}
	if body != bodyCRC {
		return nil, byteError(name, impAtBodyCRC, "checksum mismatch: the header says %08x, the body gives %08x (corrupt file)", bodyCRC, body)
	}
	for i, s := range v.Scores {
		if !(s >= 0) || math.IsInf(s, 1) {
			return nil, byteError(name, importanceHeaderSize+padded+8*int64(i), "the score of page %d is %v: expected a finite number, 0 or more", i, s)
		}
	}
	return v, v.normalize(name)
}

// endOfFile checks that br has nothing after byte at.
func endOfFile(br *bufio.Reader, name string, at int64, where string) error {
	if _, err := br.ReadByte(); err == nil {
		return byteError(name, at, "trailing bytes %s", where)
	} else if err != io.EOF {
		return byteReadError(name, at, err)
	}
	return nil
}

// readFloat64Importance reads raw little-endian float64 scores, exactly
// one per page of g.
func readFloat64Importance(br *bufio.Reader, name string, g *graph.Graph, graphName string) (*Importance, error) {
	n := g.NumNodes()
	v := &Importance{Format: ImportanceFloat64, Scores: make([]float64, n)}
	buf := make([]byte, impChunk)
	var at int64
	for i := 0; i < n; {
		k := min(n-i, impChunk/8)
		got, err := io.ReadFull(br, buf[:8*k])
		if err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return nil, byteError(name, at+int64(got), "the file ends at byte %d, within score %d: %s has %d pages, which need %d bytes of little-endian float64",
					at+int64(got), i+got/8, graphName, n, 8*int64(n))
			}
			return nil, byteReadError(name, at+int64(got), err)
		}
		for j := range k {
			s := math.Float64frombits(binary.LittleEndian.Uint64(buf[8*j:]))
			if !(s >= 0) || math.IsInf(s, 1) {
				return nil, byteError(name, at+8*int64(j), "the score of page %d is %v: expected a finite number, 0 or more (read as little-endian float64)", i+j, s)
			}
			v.Scores[i+j] = s
		}
		i += k
		at += int64(8 * k)
	}
	if err := endOfFile(br, name, at, fmt.Sprintf("after %d scores: %s has %d pages (read as little-endian float64, 8 bytes a page)", n, graphName, n)); err != nil {
		return nil, err
	}
	return v, v.normalize(name)
}

// readTextImportance reads one score per line, '#' comment lines and
// blank lines skipped, exactly one per page of g.
func readTextImportance(br *bufio.Reader, name string, g *graph.Graph, graphName string) (*Importance, error) {
	n := g.NumNodes()
	v := &Importance{Format: ImportanceText, Scores: make([]float64, n)}
	sc := newTextLineScanner(br)
	k := 0
	for {
		line, ok := sc.next()
		if !ok {
			break
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if k == n {
			return nil, lineError(name, sc.lineNo, "more scores than the %d pages of %s", n, graphName)
		}
		s, err := strconv.ParseFloat(string(line), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, lineError(name, sc.lineNo, "expected one score (a number), got %s", textQuote(line))
		}
		if !(s >= 0) || math.IsInf(s, 1) {
			return nil, lineError(name, sc.lineNo, "the score of page %d is %s: expected a finite number, 0 or more", k, textQuote(line))
		}
		v.Scores[k] = s
		k++
	}
	if err := sc.readError(name); err != nil {
		return nil, err
	}
	if k != n {
		return nil, fileError(name, "%d scores, but %s has %d pages: expected one score per page", k, graphName, n)
	}
	return v, v.normalize(name)
}

// normalize sets Sum and, when it is not 1 within 1e-9, scales the scores
// to sum 1.
func (v *Importance) normalize(name string) error {
	sum := 0.0
	for _, s := range v.Scores {
		sum += s
	}
	v.Sum = sum
	if len(v.Scores) == 0 || math.Abs(sum-1) <= 1e-9 {
		return nil
	}
	if sum == 0 {
		return fileError(name, "every score is 0: expected a positive sum")
	}
	if math.IsInf(sum, 1) {
		return fileError(name, "the scores sum beyond the largest float64")
	}
	for i := range v.Scores {
		v.Scores[i] /= sum
	}
	v.Scaled = true
	return nil
}

package graphio

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
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
)

// This file reads crawlsim's importance format and dispatches the others
// (importance.go describes them all) to importance_raw.go and
// importance_keyed.go.

// ReadImportance reads the importance vector in r, the file name, for the
// graph g, which messages call graphName, telling its format from its
// bytes: ReadImportanceWith with the zero ImportanceOptions.
func ReadImportance(r io.Reader, name string, g *graph.Graph, graphName string) (*Importance, error) {
	return ReadImportanceWith(r, name, g, graphName, ImportanceOptions{})
}

// ReadImportanceWith reads the importance vector in r, the file name, for
// the graph g, which messages call graphName, in any format of the
// comment at the top of importance.go, gzip-compressed or not, and
// refuses with an *Error naming name and the line or byte:
//   - a crawlsim vector of another graph (its pages, links or
//     Fingerprint differ from g's), of an unknown version, kind or flag,
//     or whose header or body checksum does not match;
//   - a file that ends before the last score or goes on after it, or a
//     vector of another engine whose number of scores is not g's pages;
//   - raw values in the other byte order than the format named (the
//     error names the order they are in);
//   - keyed text with a key that names no page of g, a page given two
//     scores, or pages given none (their number, and the first);
//   - a score that is not a finite, non-negative number, or scores that
//     are all 0 (on a graph with pages).
//
// It allocates the n scores of g (and, for keys that are URLs or hosts,
// a map from them to pages), nothing that the input claims.
func ReadImportanceWith(r io.Reader, name string, g *graph.Graph, graphName string, opt ImportanceOptions) (*Importance, error) {
	dr, err := decompressed(r, name)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(dr, impChunk)
	head, err := br.Peek(impChunk)
	atEOF := err == io.EOF
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, byteReadError(name, int64(len(head)), err)
	}
	format := opt.Format
	if format == "" {
		switch {
		case bytes.HasPrefix(head, []byte(importanceMagic)):
			format = ImportanceCrawlsim
		case bytes.HasPrefix(head, []byte(csrMagic)):
			return nil, byteError(name, 0, "a crawlsim .csr graph, not an importance vector (magic %q, want %q)", csrMagic, importanceMagic)
		default:
			format = sniffTextImportance(head, atEOF)
		}
	}
	in := &impInput{br: br, name: name, g: g, graphName: graphName, opt: opt, printable: looksLikeText(head[:min(len(head), impSniff)])}
	switch format {
	case ImportanceCrawlsim:
		if !bytes.HasPrefix(head, []byte(importanceMagic)) {
			return nil, byteError(name, 0, "not a crawlsim importance file: it does not start with the magic %q", importanceMagic)
		}
		return readCrawlsimImportance(br, name, g, graphName, opt.Cancel)
	case ImportanceText:
		return readTextImportance(br, name, g, graphName)
	case ImportanceKeyed:
		return in.readKeyed()
	case "", ImportanceFloat64, ImportanceFloat64BE, ImportanceFloat32BE, ImportanceFloat32LE:
		return in.readRaw(format)
	}
	return nil, fileError(name, "unknown importance format %q", format)
}

// impInput is an importance file being read, with what its readers share.
type impInput struct {
	br        *bufio.Reader
	name      string
	g         *graph.Graph
	graphName string
	opt       ImportanceOptions
	// printable is set when the first bytes were printable text, so that
	// an error reading them as raw values can say so.
	printable bool
}

// looksLikeText reports whether head, the first bytes of a file, are
// printable ASCII, tabs, line breaks and UTF-8 text (the last character
// may be cut), after an optional UTF-8 byte order mark. An empty file is
// text (no scores).
func looksLikeText(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte(utf8BOM))
	wide := false
	for _, c := range head {
		if c >= 0x80 {
			wide = true
		} else if (c < ' ' || c == 0x7f) && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	if !wide {
		return true
	}
	for cut := 0; cut < utf8.UTFMax && cut <= len(head); cut++ {
		if utf8.Valid(head[:len(head)-cut]) {
			return true
		}
	}
	return false
}

// readCrawlsimImportance reads crawlsim's format from br.
func readCrawlsimImportance(br *bufio.Reader, name string, g *graph.Graph, graphName string, cancel func() error) (*Importance, error) {
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
	gfp, err := FingerprintCancel(g, cancel)
	if err != nil {
		return nil, err
	}
	if n != uint64(g.NumNodes()) || m != uint64(g.NumArcs()) || fp != gfp {
		return nil, fileError(name, "the importance vector is of another graph (%s pages, %s links, fingerprint %016x), not of %s (%s pages, %s links, fingerprint %016x): give the graph it was computed on, or compute this one's (crawlsim rank -o NAME.imp GRAPH)",
			model.Count(n), model.Count(m), fp, graphName, model.Count(g.NumNodes()), model.Count(g.NumArcs()), gfp)
	}
	v.Damping = math.Float64frombits(le.Uint64(h[impAtDamping:]))
	v.Tolerance = math.Float64frombits(le.Uint64(h[impAtTolerance:]))
	v.Residual = math.Float64frombits(le.Uint64(h[impAtResidual:]))
	if at, problem := computationProblem(v); problem != "" {
		return nil, byteError(name, int64(at), "%s", problem)
	}
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

// computationProblem says what is wrong with v's description of its
// computation when no run of crawlsim rank could have made it, with the
// header byte of the field, or "": for PageRank a damping in (0, 1] and
// a tolerance and residual that are finite and not negative, for HITS a
// damping and tolerance of 0 and a residual as for PageRank.
func computationProblem(v *Importance) (at int, problem string) {
	finite := func(x float64) bool { return x >= 0 && !math.IsInf(x, 0) }
	hits := v.Kind == ImportanceAuthorities || v.Kind == ImportanceHubs
	switch {
	case hits && v.Damping != 0:
		return impAtDamping, fmt.Sprintf("damping %v: want 0, as for a HITS vector", v.Damping)
	case !hits && !(v.Damping > 0 && v.Damping <= 1):
		return impAtDamping, fmt.Sprintf("damping %v: want a number in (0, 1]", v.Damping)
	case hits && v.Tolerance != 0:
		return impAtTolerance, fmt.Sprintf("tolerance %v: want 0, as for a HITS vector", v.Tolerance)
	case !finite(v.Tolerance):
		return impAtTolerance, fmt.Sprintf("tolerance %v: want a finite number, 0 or more", v.Tolerance)
	case !finite(v.Residual):
		return impAtResidual, fmt.Sprintf("residual %v: want a finite number, 0 or more", v.Residual)
	}
	return 0, ""
}

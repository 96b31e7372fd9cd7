package graphio

import (
	"bytes"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// This file reads NAME.properties, the first of a BVGraph's three files
// (the format is described in bvgraph.go): the Java properties syntax, the
// compression flags, and the checks of the values the decoder relies on.

// BVGraphProperties holds the parsed .properties of a BVGraph.
type BVGraphProperties struct {
	// Nodes is the number of pages (property nodes).
	Nodes int64
	// Arcs is the number of links (property arcs).
	Arcs int64
	// WindowSize is how far back a list may copy from (windowsize); 0
	// means no references at all.
	WindowSize int
	// MaxRefCount bounds reference chains (maxrefcount); it matters only
	// for random access, so the sequential reader ignores it.
	MaxRefCount int
	// MinIntervalLength is the shortest run of consecutive successors
	// stored as an interval (minintervallength); 0 means no intervals.
	MinIntervalLength int
	// ZetaK is the k of the ζ_k code of residuals (zetak, default 3); it is
	// also the modulus of Golomb-coded residuals.
	ZetaK int
	// Version is the format version (version); only 0 is understood.
	Version int
	// CompressionFlags lists the non-default codes (compressionflags), for
	// example "OUTDEGREES_DELTA|RESIDUALS_GAMMA"; empty means all defaults.
	CompressionFlags string
	// GraphClass is the Java class that wrote the graph (graphclass); empty
	// when the property is absent.
	GraphClass string
}

// bvMaxPropertiesBytes bounds the size of a .properties file; real ones
// are about a kilobyte.
const bvMaxPropertiesBytes = 1 << 20

// ReadBVGraphProperties parses the .properties file of a BVGraph in Java
// properties syntax (java.util.Properties.load: '#' and '!' comments, '=',
// ':' or blank separators, backslash continuations and escapes) and checks
// every value the decoder depends on. name names the input in errors, which
// are *Error values with the line of the offending key.
//
// As Java WebGraph does, it requires nodes, arcs, windowsize,
// minintervallength and version, defaults maxrefcount to 3 and zetak to 3,
// and accepts graphclass it.unimi.dsi.webgraph.BVGraph, its big variant
// it.unimi.dsi.big.webgraph.BVGraph, or none. Unlike Java, it refuses a
// property it reads given twice with two values (Java keeps the last).
func ReadBVGraphProperties(r io.Reader, name string) (*BVGraphProperties, error) {
	data, err := io.ReadAll(io.LimitReader(r, bvMaxPropertiesBytes+1))
	if err != nil {
		return nil, lineReadError(name, 1+int64(bytes.Count(data, []byte{'\n'})), err)
	}
	if len(data) > bvMaxPropertiesBytes {
		return nil, fileError(name, "more than %d bytes: not a BVGraph .properties file", bvMaxPropertiesBytes)
	}
	entries, perr := bvParseJavaProperties(data, name)
	if perr != nil {
		return nil, perr
	}
	type entry struct {
		value string
		line  int64
	}
	byKey := make(map[string][]entry, len(entries))
	for _, e := range entries {
		byKey[e.key] = append(byKey[e.key], entry{e.value, e.line})
	}
	// get returns the value of key. Java keeps the last of a key given
	// twice; WebGraph never writes one twice, and two values of a key
	// the decoder reads (zetak, say) could both decode, to different
	// graphs, so values that same does not find equal are refused.
	get := func(key string, same func(a, b string) bool) (entry, bool, error) {
		es := byKey[key]
		if len(es) == 0 {
			return entry{}, false, nil
		}
		for _, e := range es[1:] {
			if !same(es[0].value, e.value) {
				return entry{}, false, lineError(name, e.line, "%s = %s, but line %d gives %s = %s: a property the decoder reads must have one value",
					key, strings.TrimSpace(e.value), es[0].line, key, strings.TrimSpace(es[0].value))
			}
		}
		return es[len(es)-1], true, nil
	}

	p := &BVGraphProperties{MaxRefCount: 3, ZetaK: 3}
	integer := func(key string, required bool, bitSize int, dst func(int64)) error {
		e, ok, err := get(key, bvSameInteger)
		if err != nil {
			return err
		}
		if !ok {
			if required {
				return fileError(name, "missing property %q (every BVGraph .properties file has it)", key)
			}
			return nil
		}
		v, err := strconv.ParseInt(strings.TrimSpace(e.value), 10, bitSize)
		if err != nil {
			return lineError(name, e.line, "property %s = %q: want an integer of at most %d bits", key, e.value, bitSize)
		}
		dst(v)
		return nil
	}
	for _, f := range []struct {
		key      string
		required bool
		bitSize  int
		dst      func(int64)
	}{
		{"nodes", true, 64, func(v int64) { p.Nodes = v }},
		{"arcs", true, 64, func(v int64) { p.Arcs = v }},
		{"windowsize", true, 32, func(v int64) { p.WindowSize = int(v) }},
		{"minintervallength", true, 32, func(v int64) { p.MinIntervalLength = int(v) }},
		{"version", true, 32, func(v int64) { p.Version = int(v) }},
		{"maxrefcount", false, 32, func(v int64) { p.MaxRefCount = int(v) }},
		{"zetak", false, 32, func(v int64) { p.ZetaK = int(v) }},
	} {
		if err := integer(f.key, f.required, f.bitSize, f.dst); err != nil {
			return nil, err
		}
	}
	flags, _, err := get("compressionflags", bvSameFlags)
	if err != nil {
		return nil, err
	}
	p.CompressionFlags = flags.value
	class, _, err := get("graphclass", func(a, b string) bool { return strings.TrimSpace(a) == strings.TrimSpace(b) })
	if err != nil {
		return nil, err
	}
	p.GraphClass = strings.TrimSpace(class.value)
	endian, ok, err := get("endianness", func(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) })
	if err != nil {
		return nil, err
	}
	if ok && !strings.EqualFold(strings.TrimSpace(endian.value), "big") {
		return nil, lineError(name, endian.line, "endianness %q: only big-endian BVGraphs (as written by Java WebGraph) can be read", endian.value)
	}
	line := func(key string) (int64, bool) {
		if es := byKey[key]; len(es) > 0 {
			return es[len(es)-1].line, true
		}
		return 0, false
	}
	if _, key, msg := bvCheckProperties(p); msg != "" {
		if l, ok := line(key); ok {
			return nil, lineError(name, l, "%s", msg)
		}
		return nil, fileError(name, "%s", msg)
	}
	if p.Nodes == 0 {
		l, _ := line("nodes")
		return nil, lineError(name, l, "nodes = 0 announces 0 pages, so the BVGraph %s", noPagesMsg)
	}
	return p, nil
}

// bvSameInteger reports whether two values of an integer property are
// the same number ("3" and "03"), or the same text when either is none.
func bvSameInteger(a, b string) bool {
	x, errA := strconv.ParseInt(strings.TrimSpace(a), 10, 64)
	y, errB := strconv.ParseInt(strings.TrimSpace(b), 10, 64)
	if errA != nil || errB != nil {
		return strings.TrimSpace(a) == strings.TrimSpace(b)
	}
	return x == y
}

// bvSameFlags reports whether two values of compressionflags name the
// same flags, in any order ("A|B" and "B | A").
func bvSameFlags(a, b string) bool {
	set := func(v string) []string {
		var out []string
		for f := range strings.SplitSeq(v, "|") {
			if f = strings.TrimSpace(f); f != "" {
				out = append(out, f)
			}
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	return slices.Equal(set(a), set(b))
}

// bvProperty is one key/value pair of a Java properties file.
type bvProperty struct {
	key, value string
	line       int64
}

// bvParseJavaProperties splits a Java properties file into key/value
// pairs, following java.util.Properties.load(InputStream): ISO 8859-1
// text; natural lines end at \n, \r or \r\n; lines whose first non-blank
// character is '#' or '!' are comments; a line ending in an odd number of
// backslashes continues on the next one (whose leading blanks are dropped);
// the key ends at the first unescaped '=', ':' or blank, and the value
// starts after blanks and at most one '=' or ':'; escapes \t \n \r \f
// \uXXXX, and backslash before any other character stands for it.
func bvParseJavaProperties(data []byte, name string) ([]bvProperty, *Error) {
	var out []bvProperty
	isBlank := func(c byte) bool { return c == ' ' || c == '\t' || c == '\f' }
	line := int64(0)
	i := 0
	nextNatural := func() []byte { // returns a natural line without its terminator
		start := i
		for i < len(data) && data[i] != '\n' && data[i] != '\r' {
			i++
		}
		l := data[start:i]
		if i < len(data) {
			if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			i++
		}
		line++
		return l
	}
	for i < len(data) {
		nat := nextNatural()
		first := line
		nat = bytes.TrimLeft(nat, " \t\f")
		if len(nat) == 0 || nat[0] == '#' || nat[0] == '!' {
			continue
		}
		logical := append([]byte(nil), nat...)
		for {
			n := 0
			for n < len(logical) && logical[len(logical)-1-n] == '\\' {
				n++
			}
			if n%2 == 0 {
				break
			}
			logical = logical[:len(logical)-1] // drop the continuation backslash
			if i >= len(data) {
				break
			}
			logical = append(logical, bytes.TrimLeft(nextNatural(), " \t\f")...)
		}
		// Split key and value at the first unescaped separator.
		k := 0
		for k < len(logical) {
			c := logical[k]
			if c == '\\' {
				k += 2
				continue
			}
			if c == '=' || c == ':' || isBlank(c) {
				break
			}
			k++
		}
		if k > len(logical) {
			k = len(logical)
		}
		rawKey := logical[:k]
		v := k
		for v < len(logical) && isBlank(logical[v]) {
			v++
		}
		if v < len(logical) && (logical[v] == '=' || logical[v] == ':') {
			v++
		}
		for v < len(logical) && isBlank(logical[v]) {
			v++
		}
		key, err := bvUnescapeProperty(rawKey)
		if err != "" {
			return nil, lineError(name, first, "%s", err)
		}
		value, err := bvUnescapeProperty(logical[v:])
		if err != "" {
			return nil, lineError(name, first, "%s", err)
		}
		out = append(out, bvProperty{key: key, value: value, line: first})
	}
	return out, nil
}

// bvUnescapeProperty decodes the escapes of a Java properties key or value
// and maps ISO 8859-1 bytes to runes. It returns a message on a malformed
// \uXXXX escape.
func bvUnescapeProperty(s []byte) (string, string) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			if c < utf8.RuneSelf {
				b.WriteByte(c)
			} else {
				b.WriteRune(rune(c))
			}
			continue
		}
		i++
		switch c = s[i]; c {
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'f':
			b.WriteByte('\f')
		case 'u':
			if i+5 > len(s) {
				return "", `malformed \uXXXX escape`
			}
			v, err := strconv.ParseUint(string(s[i+1:i+5]), 16, 16)
			if err != nil {
				return "", `malformed \uXXXX escape`
			}
			b.WriteRune(rune(v))
			i += 4
		default:
			if c < utf8.RuneSelf {
				b.WriteByte(c)
			} else {
				b.WriteRune(rune(c))
			}
		}
	}
	return b.String(), ""
}

// bvCodes are the codes of the components of a BVGraph, resolved from the
// compression flags.
type bvCodes struct {
	outdegree, reference, blockCount, block, interval, residual, offset bvCode
}

// bvFlagComponents lists the components named in compression flags, the
// codes this reader decodes for each, and where the code goes. The names
// are the fields of it.unimi.dsi.webgraph.BVGraph (OUTDEGREES_GAMMA, ...,
// BLOCK_COUNT_UNARY, OFFSETS_DELTA) plus webgraph-rs's INTERVALS_* and the
// codes webgraph-rs allows for every component (UNARY, GAMMA, DELTA, ZETA
// with k = zetak). Java's codes are GAMMA, DELTA, GOLOMB, SKEWED_GOLOMB,
// UNARY, ZETA and NIBBLE (CompressionFlags.java); Java reads intervals
// always in γ, webgraph-rs in the INTERVALS code.
var bvFlagComponents = []struct {
	prefix  string
	allowed []bvCode
	slot    func(*bvCodes) *bvCode
}{
	{"OUTDEGREES_", []bvCode{bvCodeGamma, bvCodeDelta, bvCodeUnary, bvCodeZeta}, func(c *bvCodes) *bvCode { return &c.outdegree }},
	{"REFERENCES_", []bvCode{bvCodeUnary, bvCodeGamma, bvCodeDelta, bvCodeZeta}, func(c *bvCodes) *bvCode { return &c.reference }},
	{"BLOCK_COUNT_", []bvCode{bvCodeGamma, bvCodeDelta, bvCodeUnary}, func(c *bvCodes) *bvCode { return &c.blockCount }},
	{"BLOCKS_", []bvCode{bvCodeGamma, bvCodeDelta, bvCodeUnary, bvCodeZeta}, func(c *bvCodes) *bvCode { return &c.block }},
	{"INTERVALS_", []bvCode{bvCodeGamma, bvCodeDelta, bvCodeUnary, bvCodeZeta}, func(c *bvCodes) *bvCode { return &c.interval }},
	{"RESIDUALS_", []bvCode{bvCodeZeta, bvCodeGamma, bvCodeDelta, bvCodeNibble, bvCodeGolomb, bvCodeUnary}, func(c *bvCodes) *bvCode { return &c.residual }},
	{"OFFSETS_", []bvCode{bvCodeGamma, bvCodeDelta}, func(c *bvCodes) *bvCode { return &c.offset }},
}

// bvParseFlags resolves a compressionflags value ("A|B|...", blanks around
// names ignored) into codes, or returns a message naming the flag it cannot
// honour. A component named twice with different codes is refused (Java
// would OR the two code numbers into a third code). Non-γ BLOCKS without an
// explicit BLOCK_COUNT is refused as ambiguous: Java WebGraph then reads
// block counts in γ, webgraph-rs in the BLOCKS code.
func bvParseFlags(flags string) (bvCodes, string) {
	var c bvCodes
	for _, raw := range strings.Split(flags, "|") {
		f := strings.ToUpper(strings.TrimSpace(raw))
		if f == "" {
			continue
		}
		known := false
		for _, comp := range bvFlagComponents {
			if !strings.HasPrefix(f, comp.prefix) {
				continue
			}
			known = true
			name := f[len(comp.prefix):]
			code := bvCodeDefault
			for i, n := range bvCodeNames {
				if n == name && i != int(bvCodeDefault) {
					code = bvCode(i)
				}
			}
			supported := false
			for _, a := range comp.allowed {
				supported = supported || a == code
			}
			if !supported {
				return c, fmt.Sprintf("compression flag %s is not supported: %s%s is read only in %s", strings.TrimSpace(raw), comp.prefix, "*", bvCodeList(comp.allowed))
			}
			slot := comp.slot(&c)
			if *slot != bvCodeDefault && *slot != code {
				return c, fmt.Sprintf("compression flags %s and %s%s contradict each other", strings.TrimSpace(raw), comp.prefix, *slot)
			}
			*slot = code
			break
		}
		if !known {
			return c, fmt.Sprintf("unknown compression flag %q (want OUTDEGREES_, REFERENCES_, BLOCK_COUNT_, BLOCKS_, INTERVALS_, RESIDUALS_ or OFFSETS_ followed by a code)", strings.TrimSpace(raw))
		}
	}
	if c.block != bvCodeDefault && c.block != bvCodeGamma && c.blockCount == bvCodeDefault {
		return c, fmt.Sprintf("compression flag BLOCKS_%s is ambiguous without a BLOCK_COUNT_ flag (Java WebGraph reads block counts in GAMMA, webgraph-rs in the BLOCKS code); add BLOCK_COUNT_GAMMA or BLOCK_COUNT_%s", c.block, c.block)
	}
	defaults := bvCodes{bvCodeGamma, bvCodeUnary, bvCodeGamma, bvCodeGamma, bvCodeGamma, bvCodeZeta, bvCodeGamma}
	for _, p := range []struct{ dst, def *bvCode }{
		{&c.outdegree, &defaults.outdegree}, {&c.reference, &defaults.reference},
		{&c.blockCount, &defaults.blockCount}, {&c.block, &defaults.block},
		{&c.interval, &defaults.interval}, {&c.residual, &defaults.residual},
		{&c.offset, &defaults.offset},
	} {
		if *p.dst == bvCodeDefault {
			*p.dst = *p.def
		}
	}
	return c, ""
}

// bvCodeList formats a list of codes for a message.
func bvCodeList(codes []bvCode) string {
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}

// bvCheckProperties checks the properties the decoder depends on and
// resolves the codes. On failure it returns the offending property's key
// in the .properties file (such as "arcs") and a message.
func bvCheckProperties(p *BVGraphProperties) (bvCodes, string, string) {
	switch p.GraphClass {
	case "", "it.unimi.dsi.webgraph.BVGraph", "it.unimi.dsi.big.webgraph.BVGraph":
	default:
		return bvCodes{}, "graphclass", fmt.Sprintf("graphclass %q is not a BVGraph (want it.unimi.dsi.webgraph.BVGraph)", p.GraphClass)
	}
	if p.Version != 0 {
		return bvCodes{}, "version", fmt.Sprintf("format version %d is not supported: only version 0 (Java WebGraph's big-endian format) is; webgraph-rs writes version 1 for little-endian graphs or codes Java does not know", p.Version)
	}
	if p.Nodes < 0 || uint64(p.Nodes) > graph.MaxNodes {
		return bvCodes{}, "nodes", fmt.Sprintf("nodes = %d: want between 0 and %d", p.Nodes, uint64(graph.MaxNodes))
	}
	if hi, lo := bits.Mul64(uint64(p.Nodes), uint64(p.Nodes)); p.Arcs < 0 || hi == 0 && uint64(p.Arcs) > lo {
		return bvCodes{}, "arcs", fmt.Sprintf("arcs = %d: want between 0 and nodes² = %d (a page links to another at most once)", p.Arcs, lo)
	}
	if p.WindowSize < 0 {
		return bvCodes{}, "windowsize", fmt.Sprintf("windowsize = %d: want 0 or more", p.WindowSize)
	}
	if p.WindowSize > BVMaxWindow && p.Nodes > BVMaxWindow {
		return bvCodes{}, "windowsize", fmt.Sprintf("windowsize = %d: want at most %d, as the lists of the window are kept in memory (Java WebGraph compresses with 7)", p.WindowSize, BVMaxWindow)
	}
	if p.MinIntervalLength < 0 {
		return bvCodes{}, "minintervallength", fmt.Sprintf("minintervallength = %d: want 0 (no intervals) or more", p.MinIntervalLength)
	}
	codes, msg := bvParseFlags(p.CompressionFlags)
	if msg != "" {
		return codes, "compressionflags", msg
	}
	usesZeta := false
	for _, c := range []bvCode{codes.outdegree, codes.reference, codes.blockCount, codes.block, codes.interval, codes.residual} {
		usesZeta = usesZeta || c == bvCodeZeta
	}
	if usesZeta && (p.ZetaK < 1 || p.ZetaK > 62) {
		return codes, "zetak", fmt.Sprintf("zetak = %d: the ζ code needs k between 1 and 62", p.ZetaK)
	}
	if codes.residual == bvCodeGolomb && (p.ZetaK < 1 || p.ZetaK > 1<<31-1) {
		return codes, "zetak", fmt.Sprintf("zetak = %d: the Golomb code of residuals needs a modulus of at least 1", p.ZetaK)
	}
	return codes, "", ""
}

package graphio

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// This file writes the .properties of a BVGraph with the keys and values
// Java WebGraph's BVGraph.storeInternal gives it: the parameters the
// reader needs (nodes, arcs, windowsize, maxrefcount, minintervallength,
// zetak, compressionflags, version, graphclass) and the statistics of the
// compression (bits per link and per node, bits spent on each part of the
// lists, links copied, in intervals and residual, average reference
// chain and distance, exponentially binned gaps). Java formats most
// statistics with DecimalFormat("0.###") (at most three decimals, rounded
// half to even, trailing zeros dropped), the average log gaps with
// Double.toString and the average gaps with BigDecimal to three decimals.
// Java writes a date line and its own (hash) key order; this writer writes
// no date, in a fixed order.

// WriteBVGraphProperties writes the .properties of a BVGraph written
// with parameters p and statistics st (BVGraphWriter.Stats after Close).
func WriteBVGraphProperties(out io.Writer, p BVGraphParams, st BVGraphStats) error {
	var b strings.Builder
	b.WriteString("#BVGraph properties\n")
	for _, kv := range bvPropertyList(p, st) {
		b.WriteString(kv[0])
		b.WriteByte('=')
		b.WriteString(bvEscapePropertyValue(kv[1]))
		b.WriteByte('\n')
	}
	if _, err := io.WriteString(out, b.String()); err != nil {
		return fmt.Errorf("graphio: writing BVGraph properties: %w", err)
	}
	return nil
}

// bvPropertyList returns the keys and values of the .properties, in the
// order BVGraph.storeInternal sets them.
func bvPropertyList(p BVGraphParams, st BVGraphStats) [][2]string {
	n := float64(st.Nodes)
	arcs := float64(st.Arcs)
	bitsW := float64(st.GraphBits)
	u := strconv.FormatUint
	d := bvDecimal3
	nn := n * n
	compratio := bitsW * math.Log(2) / (bvStirling(nn) - bvStirling(arcs) - bvStirling(nn-arcs))
	kv := [][2]string{
		{"nodes", u(st.Nodes, 10)},
		{"arcs", u(st.Arcs, 10)},
		{"windowsize", strconv.Itoa(p.Window)},
		{"maxrefcount", strconv.Itoa(p.MaxRefCount)},
		{"minintervallength", strconv.Itoa(p.MinInterval)},
		{"zetak", strconv.Itoa(p.ZetaK)},
		{"compressionflags", ""},
		{"avgref", d(float64(st.TotalRef) / n)},
		{"avgdist", d(float64(st.TotalDist) / n)},
		{"copiedarcs", u(st.CopiedArcs, 10)},
		{"intervalisedarcs", u(st.IntervalArcs, 10)},
		{"residualarcs", u(st.ResidualArcs, 10)},
		{"bitsperlink", d(bitsW / arcs)},
		{"compratio", d(compratio)},
		{"bitspernode", d(bitsW / n)},
		{"avgbitsforoutdegrees", d(float64(st.OutdegreeBits) / n)},
		{"avgbitsforreferences", d(float64(st.ReferenceBits) / n)},
		{"avgbitsforblocks", d(float64(st.BlockBits) / n)},
		{"avgbitsforresiduals", d(float64(st.ResidualBits) / n)},
		{"avgbitsforintervals", d(float64(st.IntervalBits) / n)},
		{"bitsforoutdegrees", u(st.OutdegreeBits, 10)},
		{"bitsforreferences", u(st.ReferenceBits, 10)},
		{"bitsforblocks", u(st.BlockBits, 10)},
		{"bitsforresiduals", u(st.ResidualBits, 10)},
		{"bitsforintervals", u(st.IntervalBits, 10)},
		{"graphclass", "it.unimi.dsi.webgraph.BVGraph"},
		{"version", "0"},
	}
	for _, g := range []struct {
		name string
		bins *[64]uint64
	}{{"successor", &st.SuccessorGaps}, {"residual", &st.ResidualGaps}} {
		exp, avg, avgLog := bvGapStats(g.bins)
		kv = append(kv, [2]string{g.name + "expstats", exp}, [2]string{g.name + "avggap", avg}, [2]string{g.name + "avgloggap", avgLog})
	}
	return kv
}

// bvGapStats returns the binned gaps, their average and the average of
// their log2 as BVGraph.storeInternal computes them: a gap in bin i is
// taken to be 3·2^i/2 - 1/2 (the average is exact, to three decimals
// rounded half to even), its log2 to be log2(3·2^i+1) - 1.
func bvGapStats(bins *[64]uint64) (exp, avg, avgLog string) {
	l := len(bins) - 1
	for l >= 0 && bins[l] == 0 {
		l--
	}
	var s strings.Builder
	totGap, term := new(big.Int), new(big.Int)
	totLog := 0.0
	numGaps := uint64(0)
	for i := 0; i <= l; i++ {
		if i != 0 {
			s.WriteByte(',')
		}
		c := bins[i]
		s.WriteString(strconv.FormatUint(c, 10))
		numGaps += c
		// 3·2^i - 1, times c.
		term.Lsh(big.NewInt(3), uint(i))
		term.Sub(term, big.NewInt(1))
		term.Mul(term, new(big.Int).SetUint64(c))
		totGap.Add(totGap, term)
		g := float64(uint64(3)<<i + 1)
		lg := math.Log(g)/0.6931471805599453 - 1
		totLog += float64(lg * float64(c))
	}
	if numGaps == 0 {
		return s.String(), "0", "0"
	}
	return s.String(), bvDivHalfEven3(totGap, 2*numGaps), bvJavaDouble(totLog / float64(numGaps))
}

// bvDivHalfEven3 returns a/b with exactly three decimals, rounded half to
// even, as BigDecimal.divide(b, 3, HALF_EVEN).toString() writes it.
func bvDivHalfEven3(a *big.Int, b uint64) string {
	num := new(big.Int).Mul(a, big.NewInt(1000))
	den := new(big.Int).SetUint64(b)
	q, r := new(big.Int).QuoRem(num, den, new(big.Int))
	r2 := new(big.Int).Lsh(r, 1)
	if c := r2.Cmp(den); c > 0 || c == 0 && q.Bit(0) == 1 {
		q.Add(q, big.NewInt(1))
	}
	digits := q.String()
	for len(digits) < 4 {
		digits = "0" + digits
	}
	return digits[:len(digits)-3] + "." + digits[len(digits)-3:]
}

// bvStirling is Stirling's approximation of ln(n!), as WebGraph computes
// it.
func bvStirling(n float64) float64 {
	return n*math.Log(n) - n + (1./2)*math.Log(2*math.Pi*n)
}

// bvDecimal3 formats v as Java's DecimalFormat("0.###") in Locale.US:
// at most three decimals, rounded half to even on v's exact value,
// trailing zeros and a trailing point dropped; NaN and ∞ as Java writes
// them.
func bvDecimal3(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "-∞"
	}
	s := strconv.FormatFloat(v, 'f', 3, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		// DecimalFormat keeps the sign of a negative number that rounds
		// to zero.
		return "-0"
	}
	return s
}

// bvJavaDouble formats v as Java's Double.toString: the shortest decimal
// that reads back as v, plain with at least one decimal between 10^-3
// and 10^7, else in computerized scientific notation (1.0E-5).
func bvJavaDouble(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "Infinity"
	case math.IsInf(v, -1):
		return "-Infinity"
	case v == 0:
		if math.Signbit(v) {
			return "-0.0"
		}
		return "0.0"
	}
	a := math.Abs(v)
	if a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(v, 'e', -1, 64) // d.ddde±XX
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// bvEscapePropertyValue escapes a value as java.util.Properties.store
// does: backslash, the separators and comment characters, control
// characters, a leading space, and every character beyond ASCII as \uXXXX.
func bvEscapePropertyValue(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == ' ' && i == 0:
			b.WriteString(`\ `)
		case r == '\\' || r == '=' || r == ':' || r == '#' || r == '!':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20 || r > 0x7e:
			for _, u := range utf16Units(r) {
				fmt.Fprintf(&b, `\u%04X`, u)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// utf16Units returns the UTF-16 code units of r.
func utf16Units(r rune) []uint16 {
	if r < 0x10000 {
		return []uint16{uint16(r)}
	}
	r -= 0x10000
	return []uint16{uint16(0xd800 + r>>10), uint16(0xdc00 + r&0x3ff)}
}

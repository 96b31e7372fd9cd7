package graphio

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// rawScores is a vector of the 4 pages of impExample whose values are
// exact in float32 too.
var rawScores = []float64{0.125, 0.375, 0.25, 0.25}

// rawBytes writes scores in a raw layout, as LAW's BinIO.storeDoubles
// (big-endian float64), HyperBall (big-endian float32), webgraph-rs's
// "java" format or a little-endian program would.
func rawBytes(lay rawLayout, scores []float64) []byte {
	var b []byte
	for _, s := range scores {
		switch {
		case lay.width == 8 && lay.big:
			b = binary.BigEndian.AppendUint64(b, math.Float64bits(s))
		case lay.width == 8:
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(s))
		case lay.big:
			b = binary.BigEndian.AppendUint32(b, math.Float32bits(float32(s)))
		default:
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(s)))
		}
	}
	return b
}

// TestImportanceRawFormats: each raw layout, plain and gzip-compressed,
// reads back told from its bytes and named, and, named explicitly in the
// wrong byte order, is refused with an error that names the right one.
func TestImportanceRawFormats(t *testing.T) {
	g, _ := impExample(t)
	for _, c := range []struct {
		lay   rawLayout
		wrong string
	}{
		{rawF64BE, "v: byte 0: read as little-endian float64, the score of page 0 is 2.43154e-319, but read as big-endian float64 every score is a plausible number: the file is big-endian float64, not little-endian float64 (the format float64-be)"},
		{rawF64LE, "v: byte 0: read as big-endian float64, the score of page 0 is 2.43154e-319, but read as little-endian float64 every score is a plausible number: the file is little-endian float64, not big-endian float64 (the format float64-le)"},
		{rawF32BE, "v: byte 0: read as little-endian float32, the score of page 0 is 8.68805e-44, but read as big-endian float32 every score is a plausible number: the file is big-endian float32, not little-endian float32 (the format float32-be)"},
		{rawF32LE, "v: byte 0: read as big-endian float32, the score of page 0 is 8.68805e-44, but read as little-endian float32 every score is a plausible number: the file is little-endian float32, not big-endian float32 (the format float32-le)"},
	} {
		data := rawBytes(c.lay, rawScores)
		for _, in := range [][]byte{data, graphtest.Gzip(t, data)} {
			for _, f := range []ImportanceFileFormat{"", c.lay.format} {
				v, err := ReadImportanceWith(bytes.NewReader(in), "v", g, "g.csr", ImportanceOptions{Format: f})
				if err != nil {
					t.Fatalf("%s as %q: %v", c.lay.format, f, err)
				}
				if v.Format != c.lay.format || v.Scaled || !equalFloats(v.Scores, rawScores) {
					t.Errorf("%s as %q: read %s %v", c.lay.format, f, v.Format, v.Scores)
				}
			}
		}
		_, err := ReadImportanceWith(bytes.NewReader(data), "v", g, "g.csr", ImportanceOptions{Format: c.lay.other().format})
		if err == nil || err.Error() != c.wrong {
			t.Errorf("%s read as %s: got %v\nwant %s", c.lay.format, c.lay.other().format, err, c.wrong)
		}
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// TestImportancePrintableFloat64: a raw float64 vector whose bytes are all
// printable ("????????" is 4.8e-4 read either way) is read as float64,
// not refused as text that holds no number.
func TestImportancePrintableFloat64(t *testing.T) {
	g, _ := impExample(t)
	data := []byte(strings.Repeat("????????", 4))
	v, err := ReadImportance(bytes.NewReader(data), "p.f64", g, "g.csr")
	if err != nil {
		t.Fatal(err)
	}
	if v.Format != ImportanceFloat64 || !equalFloats(v.Scores, []float64{0.25, 0.25, 0.25, 0.25}) {
		t.Errorf("read %s %v", v.Format, v.Scores)
	}
	// With line breaks and words it is still no text of scores.
	data = []byte("??????\n\n??????\n\n??????\n\n??????\n\n")
	if v, err = ReadImportance(bytes.NewReader(data), "p.f64", g, "g.csr"); err != nil || v.Format != ImportanceFloat64BE {
		t.Errorf("with line breaks: %v, %v", v, err)
	}
}

// TestImportanceRawErrors: a size that fits no layout, or not the one
// named, and values that are no scores in either order are refused at
// their byte; a file too long for the layout named says by how much it
// is at least, in that layout's size.
func TestImportanceRawErrors(t *testing.T) {
	g, _ := impExample(t)
	neg := rawBytes(rawF64BE, []float64{0.5, -0.25, 0.5, 0.25})
	for _, c := range []struct {
		what string
		data []byte
		f    ImportanceFileFormat
		want string
	}{
		{"20 bytes", make([]byte, 20), "", "v: byte 20: the file has 20 bytes: g.csr has 4 pages, so a raw vector has 32 bytes (float64) or 16 (float32)"},
		{"float32 named float64", rawBytes(rawF32BE, rawScores), ImportanceFloat64BE, "v: byte 16: the file has 16 bytes: g.csr has 4 pages, which need 32 bytes of big-endian float64"},
		{"float32 named, too long", append(rawBytes(rawF32BE, rawScores), make([]byte, 17)...), ImportanceFloat32BE, "v: byte 16: the file has more than 16 bytes: g.csr has 4 pages, which need 16 bytes of big-endian float32"},
		{"a negative score", neg, "", "v: byte 8: the score of page 1 is -0.25: expected a finite number, 0 or more (read as big-endian float64)"},
		{"raw named crawlsim", neg, ImportanceCrawlsim, `v: byte 0: not a crawlsim importance file: it does not start with the magic "CRAWLIMP"`},
		// Told from the values, a bad score in the file's order is named,
		// not the first of the many the other order makes ("byte 24: the
		// score of page 3 is -3.02788e+115 ... (read as little-endian
		// float64)").
		{"+Inf in page 0", rawBytes(rawF64BE, []float64{math.Inf(1), 0.375, 0.25, 0.25}), "", "v: byte 0: the score of page 0 is +Inf: expected a finite number, 0 or more (read as big-endian float64)"},
		{"+Inf in page 0, little-endian", rawBytes(rawF64LE, []float64{math.Inf(1), 0.375, 0.25, 0.25}), "", "v: byte 0: the score of page 0 is +Inf: expected a finite number, 0 or more (read as little-endian float64)"},
		{"NaN in page 2, float32", rawBytes(rawF32LE, []float64{0.125, 0.375, math.NaN(), 0.25}), "", "v: byte 8: the score of page 2 is NaN: expected a finite number, 0 or more (read as little-endian float32)"},
		{"a negative score named", neg, ImportanceFloat64BE, "v: byte 8: the score of page 1 is -0.25: expected a finite number, 0 or more (read as big-endian float64)"},
	} {
		_, err := ReadImportanceWith(bytes.NewReader(c.data), "v", g, "g.csr", ImportanceOptions{Format: c.f})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v\nwant %s", c.what, err, c.want)
		}
	}
}

// FuzzReadImportanceRaw: every raw layout named explicitly never panics,
// and a vector it accepts has one plausible score per page.
func FuzzReadImportanceRaw(f *testing.F) {
	g, _ := impExample(f)
	for _, lay := range []rawLayout{rawF64LE, rawF64BE, rawF32BE, rawF32LE} {
		f.Add(rawBytes(lay, rawScores), uint8(0))
	}
	formats := []ImportanceFileFormat{ImportanceFloat64, ImportanceFloat64BE, ImportanceFloat32BE, ImportanceFloat32LE}
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		got, err := ReadImportanceWith(bytes.NewReader(data), "fuzz.ranks", g, "g.csr", ImportanceOptions{Format: formats[int(k)%len(formats)]})
		checkFuzzedImportance(t, got, err, g.NumNodes(), "fuzz.ranks")
	})
}

package strictjson

import (
	"math"
	"reflect"
	"strconv"
	"strings"
)

// A field of an integer type reads a whole number written with a
// fraction or an exponent ("1e12", "2.5e3", "3000.0") as that number, so
// that its range check speaks as it does for the digits ("pages
// 1,000,000,000,000 is too many"), not "expected a whole number".
// encoding/json refuses such a number; Decode then decodes a copy
// of the text with each one written in digits (wholeNumbersRewritten),
// and places its errors in the text as written (textEdits.original).

// textEdit replaces data[start:end] with text.
type textEdit struct {
	start, end int64
	text       string
}

// textEdits are edits of one text, in order, none overlapping.
type textEdits []textEdit

// original returns the offset in the text as written of offset off of
// the edited text; an offset inside an edit is that of its start.
func (es textEdits) original(off int64) int64 {
	var delta int64 // edited minus original length of the edits before
	for _, e := range es {
		start := e.start + delta
		if off < start {
			break
		}
		if off < start+int64(len(e.text)) {
			return e.start
		}
		delta += int64(len(e.text)) - (e.end - e.start)
	}
	return off - delta
}

// apply returns data with the edits made.
func (es textEdits) apply(data []byte) []byte {
	out := make([]byte, 0, len(data))
	at := int64(0)
	for _, e := range es {
		out = append(out, data[at:e.start]...)
		out = append(out, e.text...)
		at = e.end
	}
	return append(out, data[at:]...)
}

// wholeNumbersRewritten returns the edits of data, the JSON text of a
// value of type root, that write in digits each number of an integer
// field that has a fraction or an exponent (or is -0), is whole and fits
// the field's type.
func wholeNumbersRewritten(data []byte, root reflect.Type) textEdits {
	var edits textEdits
	Walk(data, root, func(ev Event) bool {
		if ev.IsKey || !isIntegerKind(ev.valueType) {
			return true
		}
		text := string(data[ev.Start:ev.End])
		// A number in plain digits is rewritten only as -0, which an
		// unsigned field refuses although it is 0 (as -0.0 is).
		if !strings.ContainsAny(text, ".eE") && text != "-0" {
			return true
		}
		if digits, ok := wholeInType(text, deref(ev.valueType)); ok {
			edits = append(edits, textEdit{ev.Start, ev.End, digits})
		}
		return true
	})
	return edits
}

// isIntegerKind reports whether t (or what it points to) is an integer
// type.
func isIntegerKind(t reflect.Type) bool {
	t = deref(t)
	if t == nil {
		return false
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

// wholeInType returns text, a JSON number, in digits when it is whole and
// fits an integer type t.
func wholeInType(text string, t reflect.Type) (string, bool) {
	digits, whole := WholeDigits(text)
	if !whole {
		return "", false
	}
	var err error
	switch t.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		_, err = strconv.ParseUint(digits, 10, t.Bits())
	default:
		_, err = strconv.ParseInt(digits, 10, t.Bits())
	}
	return digits, err == nil
}

// WholeDigits returns text, a number as JSON writes one (encoding/json
// took it, or the caller checked it), in digits ("-1e3" is "-1000") and
// true when it is a whole number. One of more than 21 digits is
// written as "1" or "-1" and 21 zeros, beyond every integer type, so that
// an exponent of any size is never spelled out.
func WholeDigits(text string) (string, bool) {
	neg := strings.HasPrefix(text, "-")
	mantissa, expText, hasExp := strings.Cut(strings.TrimPrefix(text, "-"), "e")
	if !hasExp {
		mantissa, expText, hasExp = strings.Cut(mantissa, "E")
	}
	intPart, fracPart, _ := strings.Cut(mantissa, ".")
	exp := int64(0)
	if hasExp {
		var err error
		exp, err = strconv.ParseInt(strings.TrimPrefix(expText, "+"), 10, 64)
		if err != nil || exp > math.MaxInt32 || exp < -math.MaxInt32 {
			// An exponent this far from 0 is farther than the digits of
			// any text can take the number back.
			exp = math.MaxInt32
			if strings.HasPrefix(expText, "-") {
				exp = -math.MaxInt32
			}
		}
	}
	digits := strings.TrimLeft(intPart+fracPart, "0")
	if digits == "" {
		return "0", true
	}
	shift := exp - int64(len(fracPart))
	if shift < 0 {
		// The last -shift digits are the fraction: all must be zeros.
		kept := int64(len(strings.TrimRight(digits, "0")))
		if kept > int64(len(digits))+shift {
			return "", false
		}
		digits = digits[:int64(len(digits))+shift]
	} else if int64(len(digits))+shift > 21 {
		digits = "1" + strings.Repeat("0", 21)
	} else {
		digits += strings.Repeat("0", int(shift))
	}
	if neg {
		digits = "-" + digits
	}
	return digits, true
}

// integerLimit says why a whole number, digits, does not fit an integer
// type t: "is too large: at most 9,223,372,036,854,775,807"; "" when it
// fits or t is no integer type, or when it is below 0 for an unsigned
// type (which expects a non-negative number, as typeWords says).
func integerLimit(digits string, t reflect.Type) string {
	t = deref(t)
	if !isIntegerKind(t) {
		return ""
	}
	neg := strings.HasPrefix(digits, "-")
	switch t.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if _, err := strconv.ParseUint(digits, 10, t.Bits()); err == nil || neg {
			return ""
		}
		return "is too large: at most " + groupThousands(strconv.FormatUint(math.MaxUint64>>(64-t.Bits()), 10))
	}
	if _, err := strconv.ParseInt(digits, 10, t.Bits()); err == nil {
		return ""
	}
	if neg {
		return "is too small: at least " + groupThousands(strconv.FormatInt(math.MinInt64>>(64-t.Bits()), 10))
	}
	return "is too large: at most " + groupThousands(strconv.FormatInt(math.MaxInt64>>(64-t.Bits()), 10))
}

// groupThousands separates the thousands of digits, a whole number in
// digits with perhaps a minus sign, with commas: "-9223372036854775808"
// is "-9,223,372,036,854,775,808".
func groupThousands(digits string) string {
	sign, rest := "", digits
	if strings.HasPrefix(rest, "-") {
		sign, rest = "-", rest[1:]
	}
	var b strings.Builder
	b.WriteString(sign)
	for i := range len(rest) {
		if i > 0 && (len(rest)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(rest[i])
	}
	return b.String()
}

package model

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/strictjson"
)

// MaxFileBytes is the largest scenario file read, crawl or revisit
// scenario: a scenario is a few kilobytes, or a few megabytes with a long
// seed list (seeds.MaxListBytes), and a larger input is refused before it
// is all read.
const MaxFileBytes = 4 << 20

// maxResultBytes bounds a result read back by Reader.ParseResult: its
// curves make it much larger than a scenario (up to a million points per
// strategy).
const maxResultBytes = 1 << 30

// utf8BOM is the byte order mark some editors put at the start of a UTF-8
// file; it is skipped.
const utf8BOM = "\xef\xbb\xbf"

// ReadText reads the JSON text of a scenario file (crawl or revisit) from
// r, as Parse and ParseRefresh do: at most MaxFileBytes of UTF-8 text, a
// byte order mark at its start dropped. A larger input, binary data (a NUL
// byte), what rd.Refuse refuses (compressed data, UTF-16) and other
// encodings are errors that name the file (name) and the position. The
// text returned is the one Parse's positions refer to: a program that
// changes a scenario between Parse and normalisation places the
// normalisation's errors in it (PlaceErrors).
func (rd Reader) ReadText(r io.Reader, name string) ([]byte, error) {
	return rd.readText(r, name, "scenario", "a scenario file", MaxFileBytes)
}

// readText reads at most limit bytes of UTF-8 text from r; what names the
// document ("scenario") and limitOf what the limit is for.
func (rd Reader) readText(r io.Reader, name, what, limitOf string, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than the %s limit for %s", name, sizeWords(limit), limitOf)
	}
	if rd.Refuse != nil {
		if why := rd.Refuse(data[:min(len(data), 64)]); why != "" {
			return nil, fmt.Errorf("%s: %s", name, why)
		}
	}
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return nil, fmt.Errorf("%s: a NUL byte: this is binary data, not a JSON %s", strictjson.Place(name, data, int64(i)), what)
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%s: not UTF-8 text; save the %s as UTF-8", strictjson.Place(name, data, int64(firstInvalid(data))), what)
	}
	return data, nil
}

// sizeWords writes a size of whole MiB or KiB as "4 MiB".
func sizeWords(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// firstInvalid returns the offset of the first byte of data that is not
// UTF-8.
func firstInvalid(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(data)
}

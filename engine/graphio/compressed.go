package graphio

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Graphs are often shipped compressed: SNAP's edge lists as .txt.gz, LAW's
// files as .gz. Load reads every file it opens through decompressed, which
// recognises the format by its first bytes, whatever the file's name:
// gzip (RFC 1952, one member or several concatenated) is decompressed as
// it is read, and the other common formats are refused with an error that
// says which tool decompresses them.

// compressionFormat describes a compressed or archive format by its magic
// number.
type compressionFormat struct {
	// name is the format's name in messages.
	name string
	// magic returns whether head, the first bytes of a file, start with
	// the format's magic number.
	magic func(head []byte) bool
	// refusal is the message for a format crawlsim does not read, or ""
	// for gzip, which it reads.
	refusal string
}

// compressionFormats are the formats decompressed recognises, with the
// sources of their magic numbers.
var compressionFormats = []compressionFormat{
	// RFC 1952 section 2.3.1: ID1 = 31, ID2 = 139.
	{name: "gzip", magic: prefix("\x1f\x8b")},
	// RFC 8878 section 3.1.1: 0xFD2FB528, little-endian.
	{name: "zstd", magic: prefix("\x28\xb5\x2f\xfd"), refusal: "compressed with zstd, which crawlsim does not read; decompress it first (zstd -d)"},
	// The .xz file format 1.0.4, section 2.1.1.1: FD 37 7A 58 5A 00.
	{name: "xz", magic: prefix("\xfd7zXZ\x00"), refusal: "compressed with xz, which crawlsim does not read; decompress it first (xz -d)"},
	// bzip2: "BZh", the block size '1'-'9', then the magic of the first
	// block (the digits of π, 0x314159265359) or of the end of an empty
	// stream (those of √π, 0x177245385090). The ten bytes keep a text
	// whose first word starts with "BZh" from being taken for bzip2.
	{name: "bzip2", magic: func(h []byte) bool {
		return len(h) >= 10 && string(h[:3]) == "BZh" && h[3] >= '1' && h[3] <= '9' &&
			(string(h[4:10]) == "1AY&SY" || string(h[4:10]) == "\x17\x72\x45\x38\x50\x90")
	}, refusal: "compressed with bzip2, which crawlsim does not read; decompress it first (bzip2 -d)"},
	// PKWARE's APPNOTE.TXT, sections 4.3.7 (local file header), 4.3.16
	// (end of central directory, the whole of an empty archive) and 8.5.3
	// (spanned archive).
	{name: "zip", magic: func(h []byte) bool {
		return prefix("PK\x03\x04")(h) || prefix("PK\x05\x06")(h) || prefix("PK\x07\x08")(h)
	}, refusal: "a zip archive, which crawlsim does not read; extract the file from it first (unzip)"},
	// LZ4 frame format, section "General structure": 0x184D2204,
	// little-endian.
	{name: "lz4", magic: prefix("\x04\x22\x4d\x18"), refusal: "compressed with lz4, which crawlsim does not read; decompress it first (lz4 -d)"},
	// compress(1), .Z files: 1F 9D; gzip -d reads them.
	{name: "compress", magic: prefix("\x1f\x9d"), refusal: "compressed with compress (.Z), which crawlsim does not read; decompress it first (gzip -d)"},
}

// compressionMagicLen is how many bytes compressionOf needs to tell every
// format apart.
const compressionMagicLen = 10

func prefix(magic string) func([]byte) bool {
	return func(h []byte) bool { return bytes.HasPrefix(h, []byte(magic)) }
}

// compressionOf returns the compressed format that head, the first bytes
// of a file (at least compressionMagicLen of them when the file has that
// many), starts with, or nil.
func compressionOf(head []byte) *compressionFormat {
	for i := range compressionFormats {
		if compressionFormats[i].magic(head) {
			return &compressionFormats[i]
		}
	}
	return nil
}

// decompressed returns a reader of the contents of r, the file name as
// Load opened it: r itself (its bytes unchanged) when it is not
// compressed, its decompressed bytes when it is gzip, and an *Error
// naming the format and the tool that decompresses it for the other
// formats of compressionFormats. A failure of r is returned by the reader
// at the place it happened, unchanged, so that the readers report it as
// they do any failure of their input.
//
// A gzip file is decompressed as it is read, member after member, holding
// a window of 32 KiB and a buffer, never the whole decompressed file.
// Data that does not decompress makes the reader fail with an error that
// the readers turn into an *Error at a byte offset of the compressed
// file (see compressedDataError).
func decompressed(r io.Reader, name string) (io.Reader, error) {
	src := &stickyReader{r: r}
	var buf [compressionMagicLen]byte
	k, err := io.ReadFull(src, buf[:])
	head := buf[:k]
	rest := io.MultiReader(bytes.NewReader(head), src)
	f := compressionOf(head)
	switch {
	case f == nil:
		// Hand back r itself when it can go back to where it was, so that
		// a reader that looks for the length of a seekable file (ReadCSR)
		// still finds it.
		if s, ok := r.(io.Seeker); ok && (err == nil || err == io.EOF || err == io.ErrUnexpectedEOF) {
			if _, serr := s.Seek(-int64(k), io.SeekCurrent); serr == nil {
				return r, nil
			}
		}
		return rest, nil
	case f.refusal != "":
		return nil, fileError(name, "%s", f.refusal)
	}
	z := &gzipReader{src: &byteCounter{br: bufio.NewReaderSize(rest, 64<<10)}}
	zr, err := gzip.NewReader(z.src)
	if err != nil {
		// An unreadable first header: the reader reports it on its first
		// read, like any other failure.
		z.err = z.fail(err)
		return z, nil
	}
	zr.Multistream(false)
	z.zr = zr
	return z, nil
}

// stickyReader returns the first error of r from then on, so that bytes
// read ahead to find the format do not lose a failure of r.
type stickyReader struct {
	r   io.Reader
	err error
}

func (s *stickyReader) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(p)
	s.err = err
	return n, err
}

// byteCounter counts the compressed bytes the gzip decoder consumes. It is
// an io.ByteReader, so the decoder reads through it byte by byte without
// a buffer of its own, and the count is exact.
type byteCounter struct {
	br *bufio.Reader
	// n is the number of bytes consumed.
	n int64
	// ioErr is the failure of the underlying reader, if any.
	ioErr error
}

func (c *byteCounter) Read(p []byte) (int, error) {
	n, err := c.br.Read(p)
	c.n += int64(n)
	c.note(err)
	return n, err
}

func (c *byteCounter) ReadByte() (byte, error) {
	b, err := c.br.ReadByte()
	if err == nil {
		c.n++
	}
	c.note(err)
	return b, err
}

func (c *byteCounter) note(err error) {
	if err != nil && err != io.EOF && c.ioErr == nil {
		c.ioErr = err
	}
}

// gzipReader decompresses a gzip file member by member, so that it knows
// where each member starts and can say where the data went wrong.
type gzipReader struct {
	src *byteCounter
	zr  *gzip.Reader
	// member is the byte offset at which the current member starts.
	member int64
	// err is returned by every read once set.
	err error
}

func (z *gzipReader) Read(p []byte) (int, error) {
	for z.err == nil {
		n, err := z.zr.Read(p)
		switch {
		case err == io.EOF:
			z.err = z.nextMember()
		case err != nil:
			z.err = z.fail(err)
		}
		if n > 0 || z.err == nil && len(p) == 0 {
			return n, nil
		}
	}
	return 0, z.err
}

// nextMember starts the member after the one that just ended, and returns
// io.EOF at the end of the file.
func (z *gzipReader) nextMember() error {
	z.member = z.src.n
	head, err := z.src.br.Peek(2)
	switch {
	case len(head) == 0 && (err == nil || err == io.EOF):
		return io.EOF
	case len(head) == 0:
		return err
	case len(head) < 2 || head[0] != 0x1f || head[1] != 0x8b:
		return &compressedDataError{offset: z.member, msg: "corrupt gzip data: the bytes after the compressed stream are not another gzip member"}
	}
	if err := z.zr.Reset(z.src); err != nil {
		return z.fail(err)
	}
	z.zr.Multistream(false)
	return nil
}

// fail turns an error of the gzip decoder into the error the reader
// returns: a failure of the file itself unchanged, bad data as a
// compressedDataError at the offset where decoding stopped.
func (z *gzipReader) fail(err error) error {
	c := z.src
	if c.ioErr != nil && errors.Is(err, c.ioErr) {
		return err
	}
	var corrupt flate.CorruptInputError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return &compressedDataError{offset: c.n, msg: "truncated gzip data: the file ends inside the compressed stream"}
	case errors.Is(err, gzip.ErrHeader):
		return &compressedDataError{offset: z.member, msg: "corrupt gzip data: invalid header"}
	case errors.Is(err, gzip.ErrChecksum):
		// The trailer, CRC-32 then size, is the last 8 bytes read.
		return &compressedDataError{offset: max(c.n-8, z.member), msg: "corrupt gzip data: the CRC-32 or size in the trailer does not match the data"}
	case errors.As(err, &corrupt):
		// The byte last read is the one that made no sense.
		return &compressedDataError{offset: max(c.n-1, 0), msg: "corrupt gzip data: invalid deflate stream"}
	}
	return &compressedDataError{offset: c.n, msg: "corrupt gzip data: " + strings.TrimPrefix(err.Error(), "gzip: ")}
}

// compressedDataError says that a compressed file does not decompress, at
// a byte offset of the compressed file. The readers report it as an
// *Error at that offset (see lineReadError and byteReadError), not at the
// line or byte of the decompressed data they were reading.
type compressedDataError struct {
	offset int64
	msg    string
}

func (e *compressedDataError) Error() string { return fmt.Sprintf("byte %d: %s", e.offset, e.msg) }

// withoutGzipSuffix returns name without a final ".gz" (in any letter
// case), so that the format a name implies looks through it:
// g.graph-txt.gz is WebGraph ASCII, g.csr.gz is .csr.
func withoutGzipSuffix(name string) string {
	if n := len(name); n > 3 && strings.EqualFold(name[n-3:], ".gz") {
		return name[:n-3]
	}
	return name
}

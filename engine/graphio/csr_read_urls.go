package graphio

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"slices"
)

// ReadCSRURLs returns the URLs of the given pages of the .csr file name in
// fsys, in the order of pages, or nil when the file holds no URLs: for a
// caller that loaded the graph with LoadOptions.SkipURLs and needs the
// URLs of a few pages only (crawlsim rank's -top K). It reads the file's
// mapping when fsys is a MappedFS (releasing what it has scanned when it
// is a MappedReleaser), else streams the file, up to the line of the
// last page asked for. It checks the header and the sizes it crosses, not
// the checksum: call it on a file Load has read. A page id beyond the
// graph's pages is an error.
func ReadCSRURLs(fsys fs.FS, name string, pages []uint32) ([]string, error) {
	var r io.Reader
	if m, ok := fsys.(MappedFS); ok {
		if data, ok := m.MapFile(name); ok && compressionOf(data) == nil {
			cr := &csrChunkReader{data: data}
			if rel, ok := fsys.(MappedReleaser); ok {
				cr.release = rel.ReleaseMapped
			}
			r = cr
		}
	}
	if r == nil {
		f, closeFile, err := loadOpen(fsys, name, nil)
		if err != nil {
			return nil, err
		}
		defer closeFile()
		r = f
	}
	return readCSRURLs(bufio.NewReaderSize(r, 1<<16), name, pages)
}

// readCSRURLs is ReadCSRURLs on the file's bytes from its start.
func readCSRURLs(r *bufio.Reader, name string, pages []uint32) ([]string, error) {
	var hdr [csrHeaderSize]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, byteError(name, 0, "short file: the header needs %d bytes", csrHeaderSize)
	}
	h, err := parseCSRHeader(hdr[:], name)
	if err != nil {
		return nil, err
	}
	for _, p := range pages {
		if uint64(p) >= h.n {
			return nil, fileError(name, "page %d is not among its %d pages", p, h.n)
		}
	}
	if !h.hasURLs {
		return nil, nil
	}
	at := h.layout().end
	skip := func(k int64) error {
		if _, err := r.Discard(int(k)); err != nil {
			return byteError(name, at, "short file: the input ends before the URLs")
		}
		at += k
		return nil
	}
	length := func() (int64, error) {
		var w [8]byte
		if _, err := io.ReadFull(r, w[:]); err != nil {
			return 0, byteError(name, at, "short file: the input ends before the URLs")
		}
		at += 8
		size := binary.LittleEndian.Uint64(w[:])
		if size > 1<<62 {
			return 0, byteError(name, at-8, "string section of %d bytes is too long", size)
		}
		return int64(size), nil
	}
	if err := skip(at - csrHeaderSize); err != nil {
		return nil, err
	}
	if h.hasHosts {
		size, err := length()
		if err != nil {
			return nil, err
		}
		if err := skip(size + csrPad(size)); err != nil {
			return nil, err
		}
	}
	size, err := length()
	if err != nil {
		return nil, err
	}
	wanted := slices.Clone(pages)
	slices.Sort(wanted)
	wanted = slices.Compact(wanted)
	found := make(map[uint32]string, len(wanted))
	section := bufio.NewReaderSize(io.LimitReader(r, size), 1<<16)
	var line []byte
	for page := uint32(0); len(wanted) > 0; page++ {
		line = line[:0]
		for {
			part, err := section.ReadSlice('\n')
			line = append(line, part...)
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil && !(errors.Is(err, io.EOF) && len(wanted) == 1 && page == wanted[0]) {
				return nil, byteError(name, at, "the URLs end before page %d's", wanted[0])
			}
			break
		}
		if page == wanted[0] {
			found[page] = string(bytes.TrimSuffix(line, csrNewline))
			wanted = wanted[1:]
		}
	}
	urls := make([]string, len(pages))
	for k, p := range pages {
		urls[k] = found[p]
	}
	return urls, nil
}

// csrChunkReader reads a file held in memory, handing every 16 MiB it has
// read to release, when set.
type csrChunkReader struct {
	data     []byte
	off      int
	released int
	release  func([]byte)
}

func (c *csrChunkReader) Read(p []byte) (int, error) {
	if c.off >= len(c.data) {
		return 0, io.EOF
	}
	k := copy(p, c.data[c.off:])
	c.off += k
	if c.release != nil && (c.off-c.released >= csrCheckBlock || c.off == len(c.data)) {
		c.release(c.data[c.released:c.off])
		c.released = c.off
	}
	return k, nil
}

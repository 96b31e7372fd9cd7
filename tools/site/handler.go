package site

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// contentTypes are the MIME types of the site's files. Browsers compile
// WebAssembly while it downloads only when it is served as application/wasm.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".mjs":  "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".gz":   "application/gzip",
	".br":   "application/octet-stream", // Brotli data, which has no registered type
	".svg":  "image/svg+xml",
	".json": "application/json",
	".map":  "application/json",
	".csv":  "text/csv; charset=utf-8",
	".txt":  "text/plain; charset=utf-8",
	".png":  "image/png",
	".ico":  "image/x-icon",
}

// Handler returns an http.Handler that serves the files of the folder dir,
// for development.
//
//   - "/" serves index.html; other folders are not served (no listings).
//   - Only GET and HEAD are allowed; other methods get 405.
//   - Paths with a segment starting with a dot ("..", ".git", ".hidden") and
//     files that resolve outside dir, through symbolic links too, get 404.
//   - Anything but a regular file (a FIFO, a device, a socket) gets 404 at
//     once and is never opened for reading.
//   - .html, .js, .css, .wasm, .svg, .json and .csv have their proper
//     Content-Type; .wasm is application/wasm.
//   - .wasm is sent gzip-compressed when the request accepts gzip. Each
//     version of a file (path, modification time, size) is compressed once
//     and kept in memory.
//   - Every response has Cache-Control: no-cache, with ETag and
//     Last-Modified for revalidation, so a rebuilt file is never stale.
//   - Every response has the page's Content-Security-Policy: scripts,
//     styles, workers and fetches from the page's own origin only, no
//     inline script and no eval, WebAssembly allowed, framing by any site.
//   - A response whose client stops reading ends once a write has made no
//     progress for WriteStall, and its connection is closed, so that
//     clients that never read cannot hold descriptors for good; a slow
//     client that keeps reading is served whatever the file's size.
//
// dir is opened afresh for every request, so it may be created, rebuilt or
// replaced while the handler serves.
func Handler(dir string) http.Handler {
	return &fileServer{dir: dir, gz: map[string]*gzipped{}, stall: WriteStall}
}

// WriteStall is how long Handler lets one write of a response wait for the
// client to read.
const WriteStall = 20 * time.Second

type fileServer struct {
	dir string
	// stall is the longest a write may wait for the client (WriteStall).
	stall time.Duration

	mu sync.Mutex
	gz map[string]*gzipped // by file name: the latest version compressed
}

// gzipped is one version of a file, compressed once.
type gzipped struct {
	modTime time.Time
	size    int64

	once sync.Once
	data []byte
	err  error
}

// startServing sets the headers of every file the dev server serves (no
// caching without revalidation, no sniffing, the page's CSP) and refuses
// a method other than GET and HEAD; it reports whether to serve.
func startServing(w http.ResponseWriter, r *http.Request) bool {
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return false
	}
	return true
}

func (s *fileServer) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	w := &stallWriter{ResponseWriter: rw, rc: http.NewResponseController(rw), stall: s.stall}
	h := w.Header()
	if !startServing(w, r) {
		return
	}
	name, ok := fileName(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	f, fi, err := s.open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			http.NotFound(w, r)
		} else {
			http.Error(w, "500 internal server error", http.StatusInternalServerError)
		}
		return
	}
	defer f.Close()

	ext := strings.ToLower(path.Ext(name))
	if ctype, ok := contentTypes[ext]; ok {
		h.Set("Content-Type", ctype)
	} else if ctype := mime.TypeByExtension(ext); ctype != "" {
		h.Set("Content-Type", ctype)
	}
	tag := etag(fi)
	if ext == ".wasm" {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			data, err := s.compressed(name, fi, f)
			if err != nil {
				http.Error(w, "500 internal server error", http.StatusInternalServerError)
				return
			}
			h.Set("Content-Encoding", "gzip")
			h.Set("ETag", tag[:len(tag)-1]+`-gz"`)
			http.ServeContent(w, r, name, fi.ModTime(), bytes.NewReader(data))
			return
		}
	}
	h.Set("ETag", tag)
	http.ServeContent(w, r, name, fi.ModTime(), f)
}

// stallWriter is a ResponseWriter each of whose writes must complete within
// stall: the write deadline of the connection is moved before every write,
// so that a response flows as long as the client reads.
type stallWriter struct {
	http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *stallWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *stallWriter) Write(p []byte) (int, error) {
	w.rc.SetWriteDeadline(time.Now().Add(w.stall))
	return w.ResponseWriter.Write(p)
}

// fileName maps a URL path to a slash-separated file name relative to the
// served folder. It refuses paths with a segment that starts with a dot
// (which covers "." and ".."), backslashes, NUL bytes and folders (a trailing
// slash), except "/", which is index.html.
func fileName(urlPath string) (string, bool) {
	if urlPath == "/" || urlPath == "" {
		return "index.html", true
	}
	if strings.ContainsAny(urlPath, "\\\x00") || strings.HasSuffix(urlPath, "/") {
		return "", false
	}
	for _, seg := range strings.Split(urlPath, "/") {
		if strings.HasPrefix(seg, ".") {
			return "", false
		}
	}
	name := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if name == "" || !fs.ValidPath(name) {
		return "", false
	}
	return name, true
}

// open opens the regular file name inside s.dir. os.Root refuses names that
// escape the folder, through ".." or symbolic links alike. Anything but a
// regular file is reported as not existing, and is never opened: opening a
// FIFO for reading waits for a writer, which would hang the request and pin
// an OS thread. The type is checked before opening; the open itself does
// not wait (O_NONBLOCK), and the type is checked again on the open file, in
// case the name was replaced in between.
func (s *fileServer) open(name string) (*os.File, fs.FileInfo, error) {
	root, err := os.OpenRoot(s.dir)
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	name = filepath.FromSlash(name)
	fi, err := root.Stat(name)
	if err == nil && !fi.Mode().IsRegular() {
		err = fs.ErrNotExist
	}
	if err != nil {
		return nil, nil, hideError(err)
	}
	f, err := root.OpenFile(name, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, nil, hideError(err)
	}
	fi, err = f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fs.ErrNotExist
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// hideError reports every failure to find or open a file but a refused
// permission as not existing: escapes, loops and the like have nothing to
// show.
func hideError(err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return err
	}
	return fs.ErrNotExist
}

// compressed returns the gzip encoding of f, whose information is fi,
// compressing it only the first time this version of the file is asked for.
func (s *fileServer) compressed(name string, fi fs.FileInfo, f io.Reader) ([]byte, error) {
	s.mu.Lock()
	e := s.gz[name]
	if e == nil || !e.modTime.Equal(fi.ModTime()) || e.size != fi.Size() {
		e = &gzipped{modTime: fi.ModTime(), size: fi.Size()}
		s.gz[name] = e
	}
	s.mu.Unlock()
	e.once.Do(func() {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		_, e.err = io.Copy(zw, f)
		if err := zw.Close(); e.err == nil {
			e.err = err
		}
		e.data = buf.Bytes()
	})
	if e.err != nil {
		// Let a later request try again.
		s.mu.Lock()
		if s.gz[name] == e {
			delete(s.gz, name)
		}
		s.mu.Unlock()
	}
	return e.data, e.err
}

// etag is a strong validator for one version of a file: its size and
// modification time.
func etag(fi fs.FileInfo) string {
	return `"` + strconv.FormatInt(fi.Size(), 36) + "-" + strconv.FormatInt(fi.ModTime().UnixNano(), 36) + `"`
}

// acceptsGzip reports whether an Accept-Encoding header value allows gzip:
// "gzip" or "*" with a non-zero quality, and gzip not refused by name.
func acceptsGzip(header string) bool {
	gzipQ, starQ := -1.0, -1.0
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(coding)) {
		case "gzip", "x-gzip":
			gzipQ = q
		case "*":
			starQ = q
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return starQ > 0
}

package site

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
)

// binaries are the WebAssembly programs of the page: package (relative to
// the module root), output file name and the go build flags they add,
// built in this order. Each is written Brotli-compressed, as its name with
// ".br" added: static hosts cannot be relied on to compress, so the page
// fetches the compressed file and decompresses it itself
// (static/wasm-load.js, with the decoder in static/vendor).
var binaries = []struct {
	pkg, name string
	flags     []string
}{
	// The engine, fully optimised: its speed is the crawl's.
	{"./wasm/worker", "worker.wasm", nil},
	// The page: the module's packages and Vugu's are compiled without
	// inlining, which makes page.wasm 0.65 MB smaller (6.81 MB to 6.16 MB
	// raw, 1.29 MB to 1.20 MB compressed). The page computes little (the
	// worker runs the engine): its first render, first chart and
	// re-renders (the chart redrawn on a log-scale switch: a median of
	// 56-59 ms with and without, 40 switches twice each) took the same
	// time, within the machine's noise. The runtime and the standard
	// library (encoding/json decodes the worker's results) keep theirs:
	// with -gcflags=all=-l page.wasm is 6.38 MB raw, 1.12 MB compressed.
	{"./ui", "page.wasm", []string{"-gcflags=./...=-l", "-gcflags=github.com/vugu/...=-l"}},
}

// CompressedSuffix is added to the name of each compressed binary.
const CompressedSuffix = ".br"

// Build builds the static site of the module rooted at root into the folder
// out, creating out if needed. It compiles ./wasm/worker into worker.wasm.br
// and ./ui into page.wasm.br (GOOS=js GOARCH=wasm, one after the other,
// each compressed while the next one compiles; Brotli at its best
// compression with a 16 MiB window: 13.2 MB of WebAssembly become 2.6 MB,
// against 3.7 MB with gzip, in about ten seconds a binary; a binary
// that did not change keeps its compressed file, or takes it from the
// cache of compressed binaries, wherever the site is written), copies
// wasm_exec.js from the Go installation, writes vugu-render.js, the script
// of Vugu's renderer, when the page uses it, and, unless out is root/static
// itself, copies the files of root/static (everything but the build
// outputs, *.wasm, *.wasm.gz, *.wasm.br, wasm_exec.js and vugu-render.js
// directly in static/, and dotfiles, which are private; the Brotli decoder
// in static/vendor is copied) into out.
//
// Every file is written under a temporary name in out and renamed into
// place, so a failed or cancelled build never leaves half a file; files
// already in out stay as they were. A compile error includes the output of
// go build. Build logs one line per step, with its duration and size, to log.
func Build(ctx context.Context, root, out string, log io.Writer) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	goCmd := goCommand()
	compressCtx, stopCompressing := context.WithCancel(ctx)
	defer stopCompressing()
	compressed := make(chan error, len(binaries))
	for i, b := range binaries {
		start := time.Now()
		raw, cleanup, err := buildWasm(ctx, goCmd, root, b.pkg, b.flags, out)
		if err != nil {
			stopCompressing()
			for range i {
				<-compressed
			}
			return err
		}
		go func() {
			err := compressWasm(compressCtx, raw, filepath.Join(out, b.name+CompressedSuffix), b.pkg, start, log)
			cleanup()
			compressed <- err
		}()
	}
	var errs []error
	for range binaries {
		errs = append(errs, <-compressed)
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if err := copyWasmExec(ctx, goCmd, root, out, log); err != nil {
		return err
	}
	if err := writeVuguScript(ctx, goCmd, root, out, log); err != nil {
		return err
	}
	static := filepath.Join(root, "static")
	if samePath(static, out) {
		return nil
	}
	return copyStatic(static, out, log)
}

// goCommand returns the go command to build with: that of $GOROOT when
// the environment names a Go installation (the go command sets it for the
// programs it runs, go run and go test among them), else "go" from PATH.
func goCommand() string {
	if goroot := os.Getenv("GOROOT"); goroot != "" {
		exe := filepath.Join(goroot, "bin", "go")
		if runtime.GOOS == "windows" {
			exe += ".exe"
		}
		if fi, err := os.Stat(exe); err == nil && fi.Mode().IsRegular() {
			return exe
		}
	}
	return "go"
}

// buildWasm builds package pkg of the module at root, with the go build
// flags flags added, into a temporary folder in out and returns the
// binary's path, and the function that removes the folder.
func buildWasm(ctx context.Context, goCmd, root, pkg string, flags []string, out string) (string, func(), error) {
	tmpDir, err := os.MkdirTemp(out, ".build-*")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(tmpDir) }
	bin := filepath.Join(tmpDir, "main.wasm")
	args := append([]string{"build", "-trimpath", "-ldflags=-s -w"}, flags...)
	cmd := exec.CommandContext(ctx, goCmd, append(args, "-o", bin, pkg)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	output, err := cmd.CombinedOutput()
	if err != nil {
		cleanup()
		if ctx.Err() != nil {
			return "", nil, fmt.Errorf("go build %s: %w", pkg, ctx.Err())
		}
		return "", nil, fmt.Errorf("go build %s (GOOS=js GOARCH=wasm): %v\n%s", pkg, err, bytes.TrimSpace(output))
	}
	return bin, cleanup, nil
}

// compressWasm writes the binary bin, built from pkg since start,
// Brotli-compressed into dst and logs the sizes. When dst already holds
// bin compressed (a rebuild with no change: go build is reproducible), it
// is kept as it is, which spares the ten seconds or so of compressing (a
// few minutes on a busy machine); when the cache (compressCache) holds
// it, under the binary's SHA-256, it is copied from there, so that a site
// written into a new folder reuses what an earlier build compressed.
// What is compressed, or found in dst, is kept in the cache.
func compressWasm(ctx context.Context, bin, dst, pkg string, start time.Time, log io.Writer) error {
	raw, err := os.ReadFile(bin)
	if err != nil {
		return fmt.Errorf("go build %s: %w", pkg, err)
	}
	cached := cachedPath(raw)
	if n, ok := holdsCompressed(dst, raw); ok {
		fmt.Fprintf(log, "built %s from %s in %s (%s, %s compressed, unchanged)\n", filepath.Base(dst), pkg, roundDuration(time.Since(start)), formatSize(int64(len(raw))), formatSize(n))
		keepInCache(dst, cached, raw)
		return nil
	}
	if cached != "" {
		if _, ok := holdsCompressed(cached, raw); ok {
			n, err := copyFile(cached, dst)
			if err != nil {
				return fmt.Errorf("copying %s from the cache: %w", filepath.Base(dst), err)
			}
			now := time.Now()
			os.Chtimes(cached, now, now) // recently used: pruned last
			fmt.Fprintf(log, "built %s from %s in %s (%s, %s compressed, unchanged: from the cache)\n", filepath.Base(dst), pkg, roundDuration(time.Since(start)), formatSize(int64(len(raw))), formatSize(n))
			return nil
		}
	}
	n, err := brotliFile(ctx, bin, dst)
	if err != nil {
		return fmt.Errorf("compressing %s: %w", filepath.Base(dst), err)
	}
	fmt.Fprintf(log, "built %s from %s in %s (%s, %s compressed)\n", filepath.Base(dst), pkg, roundDuration(time.Since(start)), formatSize(int64(len(raw))), formatSize(n))
	keepInCache(dst, cached, raw)
	return nil
}

// compressCache returns the folder that keeps compressed binaries by
// the SHA-256 of the binary (the user's cache folder's crawlsim/wasm),
// "" when the user has none. A variable: the tests give a folder of
// their own.
var compressCache = func() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "crawlsim", "wasm")
}

// cacheEntries is how many compressed binaries the cache keeps: the
// most recently used.
const cacheEntries = 8

// cachedPath is where the cache keeps raw compressed, "" without a cache.
func cachedPath(raw []byte) string {
	dir := compressCache()
	if dir == "" {
		return ""
	}
	sum := sha256.Sum256(raw)
	return filepath.Join(dir, hex.EncodeToString(sum[:])+CompressedSuffix)
}

// keepInCache copies the compressed file dst, which holds raw, to cached
// unless it holds it already, and removes the least recently used
// entries beyond cacheEntries. The cache only spares work: a failure is
// ignored.
func keepInCache(dst, cached string, raw []byte) {
	if cached == "" {
		return
	}
	if _, ok := holdsCompressed(cached, raw); ok {
		now := time.Now()
		os.Chtimes(cached, now, now)
		return
	}
	dir := filepath.Dir(cached)
	if os.MkdirAll(dir, 0o755) != nil {
		return
	}
	if _, err := copyFile(dst, cached); err != nil {
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type entry struct {
		name string
		used time.Time
	}
	var kept []entry
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && strings.HasSuffix(e.Name(), CompressedSuffix) {
			kept = append(kept, entry{e.Name(), info.ModTime()})
		}
	}
	slices.SortFunc(kept, func(a, b entry) int { return b.used.Compare(a.used) })
	for _, e := range kept[min(len(kept), cacheEntries):] {
		os.Remove(filepath.Join(dir, e.name))
	}
}

// holdsCompressed reports whether the file dst is a whole Brotli stream
// of exactly raw, and returns its size. Anything else (no file, another
// binary, a damaged or truncated stream, bytes after the stream) is no.
func holdsCompressed(dst string, raw []byte) (int64, bool) {
	f, err := os.Open(dst)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return 0, false
	}
	// One byte more than raw: a longer stream is another binary. The
	// reader fails on a damaged stream and on bytes after its end.
	got, err := io.ReadAll(io.LimitReader(brotli.NewReader(f), int64(len(raw))+1))
	if err != nil || !bytes.Equal(got, raw) {
		return 0, false
	}
	return fi.Size(), true
}

// brotliWindow is the log2 of the Brotli window the binaries are
// compressed with: 16 MiB, the format's largest, holds a whole binary
// (page.wasm.br is 6% smaller than with the default 4 MiB).
const brotliWindow = 24

// brotliFile writes src Brotli-compressed (quality 11, the best) into dst,
// through a temporary file renamed into place, and returns the compressed
// size. Cancelling ctx stops it.
func brotliFile(ctx context.Context, src, dst string) (int64, error) {
	in, err := os.Open(src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	pr, pw := io.Pipe()
	go func() {
		zw := brotli.NewWriterOptions(pw, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: brotliWindow})
		_, err := io.Copy(zw, ctxReader{ctx, in})
		if cerr := zw.Close(); err == nil {
			err = cerr
		}
		pw.CloseWithError(err)
	}()
	n, err := writeFileAtomic(dst, pr)
	pr.CloseWithError(err) // lets the goroutine end if writing failed
	return n, err
}

// ctxReader reads from r until ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// goOutput runs the go command goCmd with args in the module at root, for
// the browser (GOOS=js GOARCH=wasm) when forWasm, and returns what it
// printed; its error carries what the command said on stderr.
func goOutput(ctx context.Context, goCmd, root string, forWasm bool, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, goCmd, args...)
	cmd.Dir = root
	if forWasm {
		cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%v\n%s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	return out, nil
}

// copyWasmExec copies wasm_exec.js from the GOROOT that goCmd reports into
// out.
func copyWasmExec(ctx context.Context, goCmd, root, out string, log io.Writer) error {
	start := time.Now()
	b, err := goOutput(ctx, goCmd, root, false, "env", "GOROOT")
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	goroot := strings.TrimSpace(string(b))
	candidates := []string{
		filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"),  // Go 1.24 and later
		filepath.Join(goroot, "misc", "wasm", "wasm_exec.js"), // before Go 1.24
	}
	for _, src := range candidates {
		n, err := copyFile(src, filepath.Join(out, "wasm_exec.js"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(log, "copied wasm_exec.js from %s in %s (%s)\n", filepath.Dir(src), roundDuration(time.Since(start)), formatSize(n))
		return nil
	}
	return fmt.Errorf("wasm_exec.js not found in %s", strings.Join(candidates, " or "))
}

// copyStatic copies the files of the folder static into out, keeping
// subfolders, but not the build outputs directly in static (*.wasm,
// *.wasm.gz, *.wasm.br, wasm_exec.js, vugu-render.js), dotfiles and
// symbolic links.
func copyStatic(static, out string, log io.Writer) error {
	start := time.Now()
	files, total := 0, int64(0)
	err := filepath.WalkDir(static, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if p != static && strings.HasPrefix(name, ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if samePath(p, out) { // out inside static/: do not copy it into itself
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || filepath.Dir(p) == static && isBuildOutput(name) {
			return nil
		}
		rel, err := filepath.Rel(static, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(out, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		n, err := copyFile(p, dst)
		if err != nil {
			return err
		}
		files++
		total += n
		return nil
	})
	if err != nil {
		return fmt.Errorf("copying static files: %w", err)
	}
	noun := "files"
	if files == 1 {
		noun = "file"
	}
	fmt.Fprintf(log, "copied %d %s from %s in %s (%s)\n", files, noun, static, roundDuration(time.Since(start)), formatSize(total))
	return nil
}

// isBuildOutput reports whether a file of static/ named name is one that
// Build writes there.
func isBuildOutput(name string) bool {
	return strings.HasSuffix(name, ".wasm") || strings.HasSuffix(name, ".wasm.gz") || strings.HasSuffix(name, ".wasm"+CompressedSuffix) || name == "wasm_exec.js" || name == vuguScript
}

// copyFile copies src to dst through a temporary file renamed into place,
// and returns the number of bytes copied.
func copyFile(src, dst string) (int64, error) {
	in, err := os.Open(src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	return writeFileAtomic(dst, in)
}

// writeFileAtomic writes what r holds into dst through a temporary file
// renamed into place, and returns the number of bytes written.
func writeFileAtomic(dst string, r io.Reader) (int64, error) {
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".tmp-*")
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(tmp, r)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), dst)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return 0, err
	}
	return n, nil
}

// samePath reports whether a and b name the same existing file or folder.
func samePath(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false
	}
	return os.SameFile(fa, fb)
}

// formatSize writes a byte count for people: "812 B", "17.2 kB", "2.4 MB".
func formatSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
}

// roundDuration keeps a duration short in logs: milliseconds below a
// second, hundredths of a second above.
func roundDuration(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(10 * time.Millisecond)
}

package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// binaries are the WebAssembly programs of the page: package (relative to
// the module root) and output file name, built in this order. Each is
// written gzip-compressed, as its name with ".gz" added: static hosts
// cannot be relied on to compress, so the page fetches the compressed file
// and decompresses it itself (static/wasm-load.js).
var binaries = []struct{ pkg, name string }{
	{"./wasm/worker", "worker.wasm"},
	{"./ui", "page.wasm"},
}

// compressedSuffix is added to the name of each compressed binary.
const compressedSuffix = ".gz"

// Build builds the static site of the module rooted at root into the folder
// out, creating out if needed. It compiles ./wasm/worker into worker.wasm.gz
// and ./ui into page.wasm.gz (GOOS=js GOARCH=wasm, one after the other;
// gzip at its best compression, which the browser's DecompressionStream
// reads: 13 MB of WebAssembly become about 3.5 MB), copies
// wasm_exec.js from the Go installation, writes vugu-render.js, the script
// of Vugu's renderer, when the page uses it, and, unless out is root/static
// itself, copies the files of root/static (everything but the build
// outputs, *.wasm, *.wasm.gz, wasm_exec.js and vugu-render.js, and dotfiles, which are
// private) into out.
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
	for _, b := range binaries {
		if err := buildWasm(ctx, goCmd, root, b.pkg, filepath.Join(out, b.name+compressedSuffix), log); err != nil {
			return err
		}
	}
	if err := copyWasmExec(ctx, goCmd, root, out, log); err != nil {
		return err
	}
	if err := writeVuguScript(ctx, goCmd, root, out, log); err != nil {
		return err
	}
	static := filepath.Join(root, "static")
	if sameDir(static, out) {
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

// buildWasm builds package pkg of the module at root into the file dst,
// gzip-compressed.
func buildWasm(ctx context.Context, goCmd, root, pkg, dst string, log io.Writer) error {
	start := time.Now()
	tmpDir, err := os.MkdirTemp(filepath.Dir(dst), ".build-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmpDir)
	tmp := filepath.Join(tmpDir, filepath.Base(dst))

	bin := strings.TrimSuffix(tmp, compressedSuffix)
	cmd := exec.CommandContext(ctx, goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", bin, pkg)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	output, err := cmd.CombinedOutput()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("go build %s: %w", pkg, ctx.Err())
		}
		return fmt.Errorf("go build %s (GOOS=js GOARCH=wasm): %v\n%s", pkg, err, bytes.TrimSpace(output))
	}
	fi, err := os.Stat(bin)
	if err != nil {
		return fmt.Errorf("go build %s: %w", pkg, err)
	}
	n, err := gzipFile(bin, dst)
	if err != nil {
		return err
	}
	fmt.Fprintf(log, "built %s from %s in %s (%s, %s compressed)\n", filepath.Base(dst), pkg, roundDuration(time.Since(start)), formatSize(fi.Size()), formatSize(n))
	return nil
}

// gzipFile writes src gzip-compressed (best compression) into dst, through
// a temporary file renamed into place, and returns the compressed size.
func gzipFile(src, dst string) (int64, error) {
	in, err := os.Open(src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	pr, pw := io.Pipe()
	go func() {
		zw, _ := gzip.NewWriterLevel(pw, gzip.BestCompression)
		_, err := io.Copy(zw, in)
		if cerr := zw.Close(); err == nil {
			err = cerr
		}
		pw.CloseWithError(err)
	}()
	n, err := writeFileAtomic(dst, pr)
	pr.CloseWithError(err) // lets the goroutine end if writing failed
	return n, err
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
// subfolders, but not the build outputs (*.wasm, *.wasm.gz, wasm_exec.js,
// vugu-render.js), dotfiles and symbolic links.
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
			if sameDir(p, out) { // out inside static/: do not copy it into itself
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || strings.HasSuffix(name, ".wasm") || strings.HasSuffix(name, ".wasm"+compressedSuffix) || name == "wasm_exec.js" || name == vuguScript {
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

// sameDir reports whether a and b name the same existing folder.
func sameDir(a, b string) bool {
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

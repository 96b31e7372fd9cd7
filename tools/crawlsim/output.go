package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// output is one file a command writes.
type output struct {
	path  string
	write func(w io.Writer) error
}

// writeOutputs writes every output through a temporary file in its folder
// and renames the temporaries into place only when all of them were written,
// so a failed or cancelled run never leaves half a file, nor one output of
// two. Writing stops with the context's error when ctx is cancelled, and a
// progress bar counts the bytes on a terminal.
func writeOutputs(ctx context.Context, e *env, outs ...output) (err error) {
	var temps []string
	defer func() {
		if err != nil {
			for _, t := range temps {
				os.Remove(t)
			}
		}
	}()
	for _, o := range outs {
		tmp, err := writeTemp(ctx, e, o)
		if err != nil {
			return err
		}
		temps = append(temps, tmp)
	}
	for k, o := range outs {
		if err := os.Rename(temps[k], o.path); err != nil {
			return fmt.Errorf("cannot write %s: %w", o.path, err)
		}
	}
	return nil
}

// writeTemp writes o to a new temporary file beside o.path and returns its
// name.
func writeTemp(ctx context.Context, e *env, o output) (name string, err error) {
	dir, base := filepath.Split(o.path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return "", fmt.Errorf("cannot write %s: %w", o.path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	p := e.newProgress("writing "+base, true)
	defer p.finish()
	w := bufio.NewWriterSize(&progressWriter{ctx: ctx, w: f, p: p}, 1<<20)
	if err := o.write(w); err != nil {
		return "", fmt.Errorf("writing %s: %w", o.path, err)
	}
	if err := w.Flush(); err != nil {
		return "", fmt.Errorf("writing %s: %w", o.path, err)
	}
	if err := f.Chmod(outputMode(o.path)); err != nil {
		return "", fmt.Errorf("writing %s: %w", o.path, err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("writing %s: %w", o.path, err)
	}
	return f.Name(), nil
}

// outputMode is the mode a new output gets: an existing file's own mode,
// else 0666 less the process's umask, as os.Create would give it.
func outputMode(path string) os.FileMode {
	if st, err := os.Stat(path); err == nil {
		return st.Mode().Perm()
	}
	return 0o666 &^ umask()
}

// progressWriter counts bytes for a progress bar and fails once the
// context is cancelled.
type progressWriter struct {
	ctx context.Context
	w   io.Writer
	p   *progress
	n   int64
}

func (pw *progressWriter) Write(b []byte) (int, error) {
	if err := pw.ctx.Err(); err != nil {
		return 0, err
	}
	k, err := pw.w.Write(b)
	pw.n += int64(k)
	pw.p.set(pw.n, 0)
	return k, err
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// checkOutputPath fails early, before any loading, when an output file
// could not be written: its folder is missing, or the path is a folder.
func checkOutputPath(flagName, path string) error {
	if path == "" {
		return nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usagef("-%s %s: that is a folder; name a file", flagName, path)
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usagef("-%s %s: folder %s does not exist", flagName, path, dir)
	}
	return nil
}

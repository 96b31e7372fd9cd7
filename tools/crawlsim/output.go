package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// output is one file a command writes.
type output struct {
	path string
	// flag is the flag that names the output ("o", "csv"), or "" when
	// none does (an argument, a file made from another's name); messages
	// then name the output by its flag: "-o /dev/full".
	flag  string
	write func(w io.Writer) error
	// inMemory renders the output into memory before any file is
	// written, for outputs of modest size (a result, its curves, a chart):
	// one that cannot be made is then reported without costing the others.
	inMemory bool
	// seekable, when set, writes the output to a file it may seek in (a
	// .csr streamed while it is made, its header written last); it is used
	// in place of write for a regular file not named .gz, while the
	// standard output, a FIFO, a device or a .gz file still get write. It
	// shows its own progress.
	seekable func(w io.WriteSeeker) error
	// reported, when set, says that the command prints its own line about
	// the file once written (gen's "wrote FILE (csr): …"); the others are
	// named on the line that ends the command (env.written).
	reported bool
}

// name is how messages name o: "-o FILE" when a flag names it, else its
// path.
func (o output) name() string {
	if o.flag != "" {
		return "-" + o.flag + " " + o.path
	}
	return o.path
}

// failedAs is how an error of writing o begins: "-o FILE" when a flag
// names it, else verb and its path ("writing FILE").
func (o output) failedAs(verb string) string {
	if o.flag != "" {
		return o.name()
	}
	return verb + " " + o.path
}

// writeOutputs writes every output through a temporary file beside the
// file it replaces and renames the temporaries into place only when all of
// them were written, so a failed or cancelled write never leaves half a
// file, nor one output of two. An output whose name ends in .gz is
// written gzip-compressed. A symbolic link is followed: its target is
// replaced and the link stays. The standard output ("-"), a FIFO or a
// character device is written directly, as it is made, before the files.
// Outputs marked inMemory are rendered first: when one of them fails, the
// others are still written, and the error names the one that failed and
// the ones written. Writing stops when ctx is cancelled, with an error
// that says so and wraps the context's error, and a progress bar counts
// the bytes on a terminal. Errors name the outputs, never their temporary
// files, and an output that cannot be written says which of the others
// were written (the streams written before it) and which were not.
func writeOutputs(ctx context.Context, e *env, outs ...output) (err error) {
	var failed []string
	var written []string
	var failing output // the output being written when an error came
	made := false      // err is the report of outputs that could not be made
	defer func() {
		if err == nil || made {
			return
		}
		if cause := ctx.Err(); cause != nil && errors.Is(err, cause) {
			msg := "interrupted; no output was written"
			if len(written) > 0 {
				msg = "interrupted; only " + strings.Join(written, ", ") + " was written"
			}
			err = &renamedError{msg: msg, err: err}
			return
		}
		var unwritten []string
		for _, o := range outs {
			if o.path != failing.path && !slices.Contains(written, o.name()) {
				unwritten = append(unwritten, o.name())
			}
		}
		switch {
		case len(written) > 0:
			err = &renamedError{msg: err.Error() + "; only " + strings.Join(written, ", ") + " was written", err: err}
		case len(unwritten) == 1:
			err = &renamedError{msg: err.Error() + "; " + unwritten[0] + " was not written", err: err}
		case len(unwritten) > 1:
			err = &renamedError{msg: err.Error() + "; " + strings.Join(unwritten, ", ") + " were not written", err: err}
		}
	}()
	kept := outs[:0:0]
	for _, o := range outs {
		if !o.inMemory {
			kept = append(kept, o)
			continue
		}
		var b bytes.Buffer
		if err := o.write(&b); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			failed = append(failed, fmt.Sprintf("cannot make %s: %v", o.name(), err))
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		data := b.Bytes()
		kept = append(kept, output{path: o.path, flag: o.flag, reported: o.reported, write: func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		}})
	}
	// Streams first: while one waits for its reader, or if a closed pipe
	// ends the process, no temporary file is on disk.
	files := kept[:0:0]
	for _, o := range kept {
		failing = o
		streamed, err := writeStream(ctx, e, o)
		if err != nil {
			return err
		}
		if streamed {
			written = append(written, o.name())
		} else {
			files = append(files, o)
		}
	}
	var temps, targets []string
	defer func() {
		if err != nil {
			for _, t := range temps {
				removeTemp(t)
			}
		}
	}()
	for _, o := range files {
		failing = o
		target, err := resolveOutput(o.path)
		if err != nil {
			return fmt.Errorf("%s: %w", o.failedAs("cannot write"), err)
		}
		if st, err := os.Stat(target); err == nil && st.Mode().IsRegular() {
			if err := checkReplaceable(target, st); err != nil {
				return fmt.Errorf("%s: %w", o.failedAs("cannot write"), err)
			}
		}
		tmp, err := writeTemp(ctx, e, o, target)
		if tmp != "" {
			temps = append(temps, tmp)
			targets = append(targets, target)
		}
		if err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for k, o := range files {
		failing = o
		if err := renameTemp(temps[k], targets[k]); err != nil {
			return fmt.Errorf("%s: %w", o.failedAs("cannot write"), causeOf(err))
		}
		written = append(written, o.name())
		if !o.reported {
			e.written = append(e.written, o.path)
		}
	}
	if len(failed) > 0 {
		made = true
		msg := strings.Join(failed, "; ")
		if len(written) > 0 {
			msg += " (written: " + strings.Join(written, ", ") + ")"
		}
		return errors.New(msg)
	}
	return nil
}

// writeStream writes o directly when its path is the standard output or
// error, a FIFO or a character device, and reports whether it did.
func writeStream(ctx context.Context, e *env, o output) (bool, error) {
	switch streamAlias(o.path) {
	case "stdout":
		w := e.data
		if w == nil {
			w = e.stdout
		}
		return true, writeTo(ctx, e, o, w, "")
	case "stderr":
		return true, writeTo(ctx, e, o, e.stderr, "")
	}
	st, err := os.Stat(o.path)
	if err != nil || !isStream(st.Mode()) {
		return false, nil
	}
	f, err := openStream(ctx, o.path, st.Mode())
	if err != nil {
		if ctx.Err() != nil {
			return true, ctx.Err()
		}
		return true, fmt.Errorf("%s: %w", o.failedAs("cannot write"), causeOf(err))
	}
	// A write blocked on a FIFO that nobody reads ends when ctx is
	// cancelled (files that cannot have a deadline ignore it).
	stop := context.AfterFunc(ctx, func() { f.SetWriteDeadline(time.Now()) })
	err = writeTo(ctx, e, o, f, f.Name())
	stop()
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("%s: %w", o.failedAs("writing"), causeOf(cerr))
	}
	if ctx.Err() != nil {
		return true, ctx.Err()
	}
	return true, err
}

// writeTo writes o to w through a buffer, gzip-compressed when its name
// ends in .gz (gzipWhenNamed: every output of every command follows its
// name), counting the bytes on a progress bar and failing once ctx is
// cancelled. file is the name of the file w writes ("" for none): an
// error of writing it says the system's reason without the name, which
// the message gives once already.
func writeTo(ctx context.Context, e *env, o output, w io.Writer, file string) error {
	p := e.newProgress("writing "+filepath.Base(o.path), true)
	defer p.finish()
	bw := bufio.NewWriterSize(&progressWriter{ctx: ctx, w: w, p: p}, 1<<20)
	err := gzipWhenNamed(o.path, o.write)(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		return nil
	}
	if pe := (*fs.PathError)(nil); file != "" && errors.As(err, &pe) && pe.Path == file {
		err = &renamedError{msg: pe.Err.Error(), err: err}
	}
	return fmt.Errorf("%s: %w", o.failedAs("writing"), err)
}

// writeTemp writes o to a new temporary file beside target, the file it
// will replace, and returns its name. On failure the temporary file is
// removed and the name is "".
func writeTemp(ctx context.Context, e *env, o output, target string) (name string, err error) {
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	f, err := createTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return "", fmt.Errorf("%s: %w", o.failedAs("cannot write"), causeOf(err))
	}
	defer func() {
		if err != nil {
			f.Close()
			removeTemp(f.Name())
			err = &renamedError{msg: strings.ReplaceAll(err.Error(), f.Name(), o.path), err: err}
		}
	}()
	if o.seekable != nil && !gzipName(o.path) {
		if err := o.seekable(f); err != nil {
			return "", fmt.Errorf("%s: %w", o.failedAs("writing"), err)
		}
	} else if err := writeTo(ctx, e, o, f, f.Name()); err != nil {
		return "", err
	}
	if err := f.Chmod(outputMode(target)); err != nil {
		return "", fmt.Errorf("%s: %w", o.failedAs("writing"), causeOf(err))
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("%s: %w", o.failedAs("writing"), causeOf(err))
	}
	return f.Name(), nil
}

// causeOf returns the system's reason of a file error without the file
// names it carries (a temporary file's, which the user never named). A
// path through a file fails for that file ("not a directory"): the
// reason is then said as "g.csr is a file, not a folder", still wrapping
// the system's.
func causeOf(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		if file := fileOnTheWay(pe.Path); file != "" {
			return &renamedError{msg: file + " is a file, not a folder", err: pe.Err}
		}
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

// renamedError is an error whose message names the output instead of its
// temporary file; errors.Is and errors.As still see the original.
type renamedError struct {
	msg string
	err error
}

func (e *renamedError) Error() string { return e.msg }
func (e *renamedError) Unwrap() error { return e.err }

// outputMode is the mode a new output gets: an existing file's own mode,
// else 0666 less the process's umask, as os.Create would give it.
func outputMode(path string) os.FileMode {
	if st, err := os.Stat(path); err == nil {
		return st.Mode().Perm()
	}
	return 0o666 &^ umask()
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// finishOutputs writes the outputs (none of them when interrupted) and
// then prints the result on stdout with print: an output that could not
// be made costs neither the others nor the printed result.
func finishOutputs(ctx context.Context, e *env, outs []output, print func(w io.Writer) error) error {
	err := writeOutputs(ctx, e, outs...)
	if errors.Is(err, context.Canceled) {
		return err
	}
	return errors.Join(err, print(e.stdout))
}

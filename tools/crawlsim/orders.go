package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// orderSpill keeps the text of each crawl's download order (-orders) in a
// temporary file of its own from the end of the crawl until the outputs
// are written: the crawls end in the scenario's order (or any order, run
// at once), the file lists them in the result's order, and their text is
// far larger than the crawls' results (about 80 bytes a download: 480 MB
// for three crawls of a 2 M-page web, tens of gigabytes at the paper's
// scale), so it is not held in memory. The files are made next to the
// -orders file when it is a regular file, or is to be one, in a folder
// that exists (the same file system, whose room the output needs
// anyway), else in the system's temporary folder (the standard output, a
// pipe, /dev/null). They are recorded in tempFiles, so that a stop signal
// removes them, and each is removed once copied into the output.
type orderSpill struct {
	ctx   context.Context
	path  string // the -orders file, for messages
	dir   string
	files map[string]string // label → temporary file
}

// newOrderSpill returns the spill for an -orders file named path.
func newOrderSpill(ctx context.Context, path string) *orderSpill {
	return &orderSpill{ctx: ctx, path: path, dir: spillFolder(path), files: map[string]string{}}
}

// spillFolder returns the folder orderSpill makes its files in for an
// -orders file named path.
func spillFolder(path string) string {
	if streamAlias(path) != "" {
		return os.TempDir()
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return os.TempDir() // a FIFO, a device, /dev/fd/N
	}
	target, err := resolveOutput(path)
	if err != nil {
		return os.TempDir()
	}
	if st, err := os.Stat(filepath.Dir(target)); err == nil && st.IsDir() {
		return filepath.Dir(target)
	}
	return os.TempDir()
}

// keep writes o's rows (report.Orders) to a temporary file of their own;
// the Runner calls it as each crawl ends (scenario.Env.Orders). A stop
// signal ends the writing within a buffer's worth.
func (s *orderSpill) keep(o scenario.CrawlOrder) (err error) {
	f, err := createTemp(s.dir, ".crawlsim-orders-*.csv")
	if err != nil {
		return fmt.Errorf("-orders %s: cannot make a temporary file in %s: %w", s.path, s.dir, causeOf(err))
	}
	s.files[o.Label] = f.Name()
	failed := func(err error) error {
		if s.ctx.Err() != nil {
			return s.ctx.Err()
		}
		return fmt.Errorf("-orders %s: cannot write the temporary file %s: %w", s.path, f.Name(), causeOf(err))
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = failed(cerr)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := report.Orders(cancelWriter{s.ctx, bw}, o); err != nil {
		return failed(err)
	}
	if err := bw.Flush(); err != nil {
		return failed(err)
	}
	return nil
}

// write writes the -orders file to w: report.OrdersHeader, then the rows
// kept of each strategy, in the order labels gives, removing each
// temporary file once copied, so that the rows and the output take at
// most one crawl's rows more than the output's room.
func (s *orderSpill) write(w io.Writer, labels []string) error {
	if _, err := io.WriteString(w, report.OrdersHeader); err != nil {
		return err
	}
	for _, label := range labels {
		name, ok := s.files[label]
		if !ok {
			return fmt.Errorf("no download order was kept for %s", label)
		}
		if err := s.copyOne(w, name); err != nil {
			return err
		}
		removeTemp(name)
		delete(s.files, label)
	}
	return nil
}

// copyOne copies the temporary file name to w.
func (s *orderSpill) copyOne(w io.Writer, name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(cancelWriter{s.ctx, w}, f)
	return err
}

// remove removes every temporary file of the spill not yet copied.
func (s *orderSpill) remove() {
	for _, name := range s.files {
		removeTemp(name)
	}
}

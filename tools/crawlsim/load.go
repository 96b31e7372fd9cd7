package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
)

// graphInput holds the flags that say how to read a graph argument.
type graphInput struct {
	formatName string
	urls       string
	// path and format are set by check.
	path   string
	format graphio.Format
}

func (in *graphInput) register(fs *flag.FlagSet) {
	fs.StringVar(&in.formatName, "format", "", "input `format`: edges, graph-txt, bvgraph or csr (default: from the file name)")
	// The format is resolved by check, before loading.
	fs.StringVar(&in.urls, "urls", "", "URL list `FILE` (one URL per page, in id order) that gives pages their hosts")
}

// check validates the flags and the graph argument and resolves the
// format, before anything is loaded.
func (in *graphInput) check(args []string) error {
	if len(args) != 1 {
		return usagef("expected one graph file, got %d arguments", len(args))
	}
	in.path = args[0]
	in.format = graphio.FormatFromName(in.path)
	if in.formatName != "" {
		f, err := graphio.ParseFormat(in.formatName)
		if err != nil {
			return usagef("-format: %v", err)
		}
		in.format = f
	}
	return nil
}

func mustExist(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", path, errors.Unwrap(err))
	}
	if st.IsDir() {
		return fmt.Errorf("%s is a folder, not a graph file", path)
	}
	return nil
}

// mayHaveURLs reports whether the graph can carry URLs and hosts once
// loaded: it has a URL list, or its format can hold them. It is known
// before loading, so that flags needing hosts are refused early.
func (in *graphInput) mayHaveURLs() bool {
	return in.urls != "" || in.format == graphio.FormatEdgeList || in.format == graphio.FormatCSR
}

// load reads the graph named by check, with its URL list when -urls was
// given, showing a progress bar over the bytes read. A command calls it
// after checking all its flags. Cancelling ctx stops it.
func (in *graphInput) load(ctx context.Context, e *env) (*graph.Graph, *graphio.Labels, error) {
	path := in.path
	if err := mustExist(path); err != nil {
		return nil, nil, err
	}
	if in.urls != "" {
		if err := mustExist(in.urls); err != nil {
			return nil, nil, err
		}
	}
	format := in.format
	if format == graphio.FormatCSR {
		g, err := loadCSR(path)
		if err != nil {
			return nil, nil, err
		}
		if in.urls != "" {
			urls, err := readURLFile(in.urls)
			if err != nil {
				return nil, nil, err
			}
			if g, err = g.WithURLs(urls); err != nil {
				return nil, nil, fmt.Errorf("%s: %w", in.urls, err)
			}
		}
		return g, nil, nil
	}
	p := e.newProgress("reading "+filepath.Base(path), true)
	defer p.finish()
	opt := graphio.LoadOptions{
		Format: format,
		URLs:   in.urls,
		Wrap: func(name string, r io.Reader) io.Reader {
			var size int64
			if st, err := os.Stat(name); err == nil {
				size = st.Size()
			}
			p.describe("reading " + filepath.Base(name))
			return &countingReader{ctx: ctx, r: r, p: p, total: size}
		},
	}
	return graphio.Load(osFS{}, path, opt)
}

// readURLFile reads a URL list file.
func readURLFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return graphio.ReadURLList(f, path)
}

// loadCSR maps a .csr file into memory where the platform allows and reads
// it otherwise. A mapped graph aliases the mapping, which stays for the
// life of the process.
func loadCSR(path string) (*graph.Graph, error) {
	if data, ok := mapFile(path); ok {
		return graphio.CSRFromBytes(data, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return graphio.ReadCSR(f, path)
}

// osFS opens files by the names the user typed, relative or absolute, so
// that reader errors name files as the user knows them.
type osFS struct{}

func (osFS) Open(name string) (fs.File, error) { return os.Open(name) }

// Command catalogue writes the engine's catalogue (scenario.Catalogue: the
// registered strategies in display order, the presets, the papers, the
// default scenario and the rules a scenario is read with) as the JSON that
// the page embeds, ui/catalogue.json, so that the page shows the engine's
// strategies without linking the engine (docs/architecture.md, "The arrows").
//
// Usage:
//
//	catalogue -o FILE
//
// writes FILE through a temporary file in its folder, renamed over it
// once complete, so that a failed run never leaves half a file; without
// -o it writes to standard output. ui's //go:generate runs it: after a
// change to a strategy's registration, `go generate ./ui/...` brings the
// page's copy up to date, and a test of ui fails until it is.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "catalogue:", err)
		os.Exit(1)
	}
}

// run writes the catalogue as args ask.
func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("catalogue", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "write the catalogue to `FILE` (replaced once complete) instead of standard output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q; usage: catalogue [-o FILE]", fs.Args())
	}
	c := scenario.Catalogue()
	data, err := model.MarshalCatalogue(&c)
	if err != nil {
		return err
	}
	if *out == "" {
		_, err := stdout.Write(data)
		return err
	}
	return writeFile(*out, data)
}

// writeFile replaces the file name with data: written to a temporary file
// beside it, then renamed over it, so that name is never half written.
func writeFile(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestWritesTheCatalogue: -o FILE replaces the file with the engine's
// catalogue, leaving no temporary file; without -o it goes to standard
// output.
func TestWritesTheCatalogue(t *testing.T) {
	c := scenario.Catalogue()
	want, err := model.MarshalCatalogue(&c)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "catalogue.json")
	if err := os.WriteFile(name, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-o", name}, &stdout, &stderr); err != nil {
		t.Fatal(err, stderr.String())
	}
	got, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the file holds\n%.200s\nwant\n%.200s", got, want)
	}
	if stdout.Len() != 0 {
		t.Errorf("-o wrote %d bytes to standard output", stdout.Len())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files; want only the catalogue", len(entries))
	}
	if err := run(nil, &stdout, &stderr); err != nil || !bytes.Equal(stdout.Bytes(), want) {
		t.Errorf("without -o: %v, %d bytes", err, stdout.Len())
	}
	back, err := model.ParseCatalogue(want, "catalogue.json")
	if err != nil || len(back.Strategies) != len(c.Strategies) {
		t.Fatalf("the catalogue does not read back: %v", err)
	}
}

// TestRefusesAFolderItCannotWrite: a missing folder is an error, and
// nothing is written.
func TestRefusesAFolderItCannotWrite(t *testing.T) {
	name := filepath.Join(t.TempDir(), "missing", "catalogue.json")
	var stdout, stderr bytes.Buffer
	err := run([]string{"-o", name}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("got %v; want an error naming the folder", err)
	}
	if _, serr := os.Stat(name); serr == nil {
		t.Errorf("%s was written", name)
	}
}

package main

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/reproduce"
)

// reportFileName is how the files reproduce writes beside report.md are
// named: a paper's number, a dash and a name, ending in .json (a scenario
// file) or .svg (a chart): "004-table2.json", "001-fig8.svg".
var reportFileName = regexp.MustCompile(`^[0-9]{3}-[A-Za-z0-9_][A-Za-z0-9_.-]*\.(?:json|svg)$`)

// reportManifest begins the comment that ends a report.md reproduce
// writes, listing the files it wrote beside it (writeReportManifest):
// the only files a later reproduce into the folder may remove, so that a
// file the user wrote there, or named in notes added to the report, is
// never taken for one of reproduce's.
const reportManifest = "<!-- crawlsim reproduce wrote:"

// writeReportManifest ends a report.md with the comment that lists the
// files reproduce wrote beside it (reportManifest), each as
// NAME:SIZE:HASH (manifestEntry); a Markdown viewer shows nothing of it.
func writeReportManifest(w io.Writer, entries []string) error {
	_, err := fmt.Fprintf(w, "\n%s %s -->\n", reportManifest, strings.Join(entries, " "))
	return err
}

// manifestEntry is how the manifest lists a file reproduce wrote: its
// name, its size and the first 16 hexadecimal digits of its SHA-256, so
// that a later reproduce removes it only while it is still as written.
func manifestEntry(name string, data []byte) string {
	sum := sha256.Sum256(data)
	return fmt.Sprintf("%s:%d:%x", name, len(data), sum[:8])
}

// stillAsWritten reports whether the file path holds what the manifest
// entry's size and hash say reproduce wrote.
func stillAsWritten(path string, size int64, hash string) bool {
	f, err := openNoWait(path)
	if err != nil {
		return false
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, size+1))
	return err == nil && n == size && fmt.Sprintf("%x", h.Sum(nil)[:8]) == hash
}

// maxReportBytes bounds the earlier report.md read for its file names: a
// report of every paper is about 20 kB.
const maxReportBytes = 4 << 20

// staleReportFiles returns the files of dir that an earlier reproduce
// wrote and the new report does not name, to be removed once the new one
// is written: the files that the report.md dir holds lists in its last
// manifest comment (reportManifest), when that report.md is a regular
// file (not a link, not a FIFO) and begins as reproduce's do, named as
// reproduce names them (reportFileName), that are regular files directly
// in dir (not links), still hold the size and hash the manifest gives,
// are not write-protected, are not among written (the base names of the
// new files) and are none of the inputs. Any other file is kept:
// reproduce never removes a file it did not write, nor one edited or
// protected since. A report without the comment gives none.
func staleReportFiles(dir string, written map[string]bool, ins []inputFile) []string {
	// Only a regular report.md is read: opening a FIFO waits for a writer
	// for good, and a link may lead to another folder's report.
	report := filepath.Join(dir, "report.md")
	if st, err := os.Lstat(report); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	f, err := openNoWait(report)
	if err != nil {
		return nil
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	text, err := io.ReadAll(io.LimitReader(bufio.NewReader(f), maxReportBytes))
	if err != nil || !strings.HasPrefix(string(text), reproduce.MarkdownHeading+"\n") {
		return nil
	}
	i := strings.LastIndex(string(text), "\n"+reportManifest)
	if i < 0 {
		return nil
	}
	list, _, closed := strings.Cut(string(text[i+1+len(reportManifest):]), "-->")
	if !closed {
		return nil
	}
	var stale []string
	for _, entry := range strings.Fields(list) {
		// NAME:SIZE:HASH; an entry without them (a report of an
		// earlier crawlsim) cannot tell an edited file and is kept.
		name, rest, _ := strings.Cut(entry, ":")
		sizeText, hash, ok := strings.Cut(rest, ":")
		size, err := strconv.ParseInt(sizeText, 10, 64)
		path := filepath.Join(dir, name)
		if !ok || err != nil || !reportFileName.MatchString(name) || written[name] || slices.Contains(stale, path) {
			continue
		}
		st, err := os.Lstat(path)
		if err != nil || !st.Mode().IsRegular() || isInput(st, ins) {
			continue
		}
		// A write-protected file is one the user keeps, as every output
		// refuses to replace it; an edited one is the user's now.
		if checkReplaceable(path, st) != nil || !stillAsWritten(path, size, hash) {
			continue
		}
		stale = append(stale, path)
	}
	slices.Sort(stale)
	return stale
}

// isInput reports whether the file st describes is one of the inputs.
func isInput(st os.FileInfo, ins []inputFile) bool {
	for _, in := range ins {
		if in.path == "" {
			continue
		}
		if other, err := os.Stat(in.path); err == nil && os.SameFile(st, other) {
			return true
		}
	}
	return false
}

// removeStaleReportFiles removes the files staleReportFiles found and
// says which on e.stderr; a file that cannot be removed is named as left.
func removeStaleReportFiles(e *env, stale []string) {
	var removed, left []string
	for _, path := range stale {
		if err := os.Remove(path); err != nil {
			left = append(left, fmt.Sprintf("%s (%v)", path, causeOf(err)))
			continue
		}
		removed = append(removed, path)
	}
	if len(removed) > 0 {
		fmt.Fprintf(e.stderr, "removed %s of an earlier reproduce that report.md no longer names: %s\n",
			model.Counted(len(removed), "file", "files"), terminalSafe(strings.Join(removed, ", ")))
	}
	if len(left) > 0 {
		fmt.Fprintf(e.stderr, "warning: could not remove files of an earlier reproduce that report.md no longer names: %s\n", terminalSafe(strings.Join(left, ", ")))
	}
}

// withFullPaths returns sc with the files it names (the graph, its URL
// list, the previous snapshot and its URL list, the page sizes) by their
// full paths: a report's scenario files run from the report's folder, as
// its commands say, or from any other, as -json's scenario paths do, so
// a name relative to the folder reproduce ran in would be wrong there.
// The structures that hold a file are copied; sc is unchanged.
func withFullPaths(sc model.Scenario) (model.Scenario, error) {
	full := func(p *string) error {
		if *p == "" || filepath.IsAbs(*p) {
			return nil
		}
		abs, err := filepath.Abs(*p)
		if err != nil {
			return fmt.Errorf("cannot give %s by its full path for the report's scenarios: %w", *p, err)
		}
		*p = abs
		return nil
	}
	// A URL list may be a pattern of file names (-urls 'part-*.gz'):
	// the folder put before it then matches only itself.
	fullURLs := func(p *string) error {
		if filepath.IsAbs(*p) || !strings.ContainsAny(*p, "*?[") {
			return full(p)
		}
		if _, err := os.Stat(*p); err == nil {
			return full(p)
		}
		wd, err := os.Getwd()
		if err != nil {
			return fmt.Errorf("cannot give %s by its full path for the report's scenarios: %w", *p, err)
		}
		*p = filepath.Join(globLiteral(wd), *p)
		return nil
	}
	if err := errors.Join(full(&sc.Graph.File), fullURLs(&sc.Graph.URLs)); err != nil {
		return sc, err
	}
	if sc.Previous != nil {
		prev := *sc.Previous
		if err := errors.Join(full(&prev.File), fullURLs(&prev.URLs)); err != nil {
			return sc, err
		}
		sc.Previous = &prev
	}
	if sc.Politeness != nil && sc.Politeness.PageSizes != nil {
		pol, sizes := *sc.Politeness, *sc.Politeness.PageSizes
		if err := full(&sizes.File); err != nil {
			return sc, err
		}
		pol.PageSizes = &sizes
		sc.Politeness = &pol
	}
	return sc, nil
}

// globLiteral returns a pattern (path.Match) that matches only path: its
// '*', '?' and '[' each in a class of its own.
func globLiteral(path string) string {
	return strings.NewReplacer("*", "[*]", "?", "[?]", "[", "[[]").Replace(path)
}

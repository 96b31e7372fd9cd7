package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// inputFile is a file a command reads, and how a message calls it: "the
// graph g.edges", "the URL list u.urls".
type inputFile struct {
	path string
	what string
}

// outputFlag is an output flag ("o", "csv") and the file it names ("" when
// the flag was not given).
type outputFlag struct {
	flag string
	path string
}

// graphFiles returns the files read for the graph path in the given
// format (FormatAuto: from its name), as graphio.InputFiles says the
// loader reads them: the file itself and, for a BVGraph, NAME.graph,
// NAME.properties and NAME.offsets. what names the graph in messages:
// "the graph", "the previous snapshot".
func graphFiles(path string, format graphio.Format, what string) []inputFile {
	if path == "" {
		return nil
	}
	names := graphio.InputFiles(path, format)
	files := []inputFile{{path, what + " " + path}}
	graphName := names[0]
	if len(names) > 1 && !strings.HasSuffix(strings.ToLower(path), ".graph") && !strings.HasSuffix(strings.ToLower(path), ".graph.gz") {
		graphName = names[1]
	}
	for _, name := range names[1:] {
		files = append(files, inputFile{name, "a file of the BVGraph " + graphName})
	}
	return files
}

// inputs returns the files the graph of in is read from: the graph's own
// and its URL list. Call it after check.
func (in *graphInput) inputs() []inputFile {
	files := graphFiles(in.path, in.format, "the graph")
	if in.urls != "" {
		files = append(files, urlListInputs(in.urls, "the URL list")...)
	}
	return files
}

// scenarioInputs returns the files a run of the scenario sc reads: its
// graph and URL list, its previous snapshot and that one's URL list, its
// page sizes, and the scenario file itself (file, "" when none). The
// scenario holds its seeds as items, read already (runFlags.seedFile).
func scenarioInputs(sc scenario.Scenario, file string) []inputFile {
	format := func(name string) graphio.Format {
		f, _ := graphio.ParseFormat(name)
		return f
	}
	ins := graphFiles(sc.Graph.File, format(sc.Graph.Format), "the graph")
	ins = append(ins, urlListInputs(sc.Graph.URLs, "the URL list")...)
	if p := sc.Previous; p != nil {
		ins = append(ins, graphFiles(p.File, format(p.Format), "the previous snapshot")...)
		ins = append(ins, urlListInputs(p.URLs, "the previous snapshot's URL list")...)
	}
	ins = append(ins, inputFile{file, "the scenario " + file})
	if name := pageSizesFile(sc); name != "" {
		ins = append(ins, inputFile{name, "the page sizes " + name})
	}
	return ins
}

// pageSizesFile returns the file of page sizes the scenario sc reads
// (-page-sizes FILE, politeness.page_sizes.file), or "".
func pageSizesFile(sc scenario.Scenario) string {
	if p := sc.Politeness; p != nil && p.PageSizes != nil {
		return p.PageSizes.File
	}
	return ""
}

// seedListFile returns the file that the seed set spec reads, as
// readSeedFile does (list:FILE, seeds.Spec.File), or "".
func seedListFile(spec string) string {
	s, err := seeds.Parse(spec)
	if err != nil {
		return ""
	}
	return s.File
}

// stdoutName is how a message names the standard output as an output.
const stdoutName = "-"

// streamAlias returns "stdout" for an output path that names the
// command's standard output ("-", /dev/stdout, /dev/fd/1), "stderr" for
// one naming its standard error, else "". These are written to the
// command's own writers, as awk and others do, rather than opened.
func streamAlias(path string) string {
	switch path {
	case stdoutName, "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1":
		return "stdout"
	case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2":
		return "stderr"
	}
	return ""
}

// isStream reports whether a file of mode m is written directly, as it
// is made, instead of through a temporary file renamed into place: a
// FIFO or a character device (/dev/null, a terminal).
func isStream(m fs.FileMode) bool {
	return m&fs.ModeNamedPipe != 0 || (m&fs.ModeDevice != 0 && m&fs.ModeCharDevice != 0)
}

// fileKind names the kind of a file that cannot be an output.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "not a regular file"
}

// maxLinkHops is how many symbolic links resolveOutput follows before it
// takes them for a loop, as the system does (Linux's MAXSYMLINKS).
const maxLinkHops = 40

// errLinkLoop says that an output's symbolic links do not end in a file.
var errLinkLoop = errors.New("too many levels of symbolic links; they loop, so there is no file to write")

// resolveOutput follows the symbolic links at path, dangling ones
// included, to the name that an output replaces: the link stays, its
// target gets the new content. Only the last element is followed, which
// is enough to make the temporary file beside the target. Links that
// loop (more than maxLinkHops of them) are errLinkLoop: replacing the
// last one would turn a link into a regular file.
func resolveOutput(path string) (string, error) {
	for range maxLinkHops {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return path, nil
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	if st, err := os.Lstat(path); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		return path, nil
	}
	return "", errLinkLoop
}

// outputKey identifies where an output lands when the file does not exist
// yet: its resolved absolute name, its folder's links followed too.
func outputKey(path string) string {
	if alias := streamAlias(path); alias != "" {
		return "<" + alias + ">"
	}
	target, err := resolveOutput(path)
	if err != nil {
		target = path
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	if abs, err := filepath.Abs(filepath.Join(dir, base)); err == nil {
		return abs
	}
	return filepath.Clean(target)
}

// sameFile reports whether the paths a and b name one file: by identity
// (device and inode, so that another spelling, a hard link or a symbolic
// link counts) when both exist, else by their resolved names.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	if errA == nil || errB == nil {
		return false
	}
	return outputKey(a) == outputKey(b)
}

// sameOutput reports whether two output paths land in one place: the
// same standard stream, or the same file.
func sameOutput(a, b string) bool {
	if sa, sb := streamAlias(a), streamAlias(b); sa != "" || sb != "" {
		return sa == sb
	}
	return sameFile(a, b)
}

// checkFiles checks a command's outputs before any work, so that no output
// destroys an input or another output: an output naming one of ins, or
// two outputs naming one file, are refused as usage errors naming both;
// then each output is checked by checkOutputPath. Two outputs may both
// be a character device (/dev/null). When an output is the standard
// output ("-"), what the command prints there (a table, a note of what it
// wrote) goes to stderr instead, so that stdout holds the data alone; an
// output on stdout and -json (asJSON) are refused together.
func checkFiles(e *env, ins []inputFile, outs []outputFlag, asJSON bool) error {
	var given []outputFlag
	toStdout := false
	for _, o := range outs {
		if o.path == "" {
			continue
		}
		alias := streamAlias(o.path)
		for _, p := range given {
			if !sameOutput(p.path, o.path) {
				continue
			}
			if st, err := os.Stat(o.path); err == nil && alias == "" && st.Mode()&fs.ModeCharDevice != 0 {
				continue // /dev/null twice
			}
			return usagef("-%s and -%s name the same file %s", p.flag, o.flag, o.path)
		}
		given = append(given, o)
		if alias == "stdout" {
			if asJSON {
				return usagef("-%s %s writes on stdout, where -json prints; choose one", o.flag, o.path)
			}
			toStdout = true
			continue
		}
		if alias != "" {
			continue
		}
		for _, in := range ins {
			if in.path != "" && sameFile(o.path, in.path) {
				return usagef("-%s %s: that is %s; choose another output file", o.flag, o.path, in.what)
			}
		}
		if err := checkOutputPath(o.flag, o.path); err != nil {
			return err
		}
	}
	if toStdout && e.data == nil {
		e.data, e.stdout = e.stdout, e.stderr
	}
	return nil
}

// checkOutputPath fails early, before any loading, when an output file
// could not be written: it is a folder, a socket or a block device; it is
// a file without write permission (refused even for root, whom the system
// would let write it: as cp without -f, crawlsim does not replace a
// write-protected file); its folder is missing or is a file; or the
// folder does not let a file be made in it (tried by making and removing
// a temporary file).
// A symbolic link is checked at its target, whose folder gets the
// temporary file. FIFOs, character devices and the standard output are
// written directly and need no folder. Errors name the flag and the path.
func checkOutputPath(flagName, path string) error {
	if path == "" || streamAlias(path) != "" {
		return nil
	}
	if st, err := os.Stat(path); err == nil {
		m := st.Mode()
		switch {
		case m.IsDir():
			return usagef("-%s %s: that is a folder; name a file", flagName, path)
		case isStream(m):
			return nil
		case !m.IsRegular():
			return usagef("-%s %s: that is %s; name a regular file, a FIFO or a character device", flagName, path, fileKind(m))
		}
		if err := checkReplaceable(path, st); err != nil {
			return fmt.Errorf("-%s %s: %w", flagName, path, err)
		}
	}
	target, err := resolveOutput(path)
	if err != nil {
		return fmt.Errorf("-%s %s: %w", flagName, path, err)
	}
	dir := filepath.Dir(target)
	if file := fileOnTheWay(target); file != "" {
		return usagef("-%s %s: %s is a file, not a folder", flagName, path, file)
	}
	if _, err := os.Stat(dir); err != nil {
		return usagef("-%s %s: folder %s does not exist", flagName, path, dir)
	}
	probe, err := createTemp(dir, "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return fmt.Errorf("-%s %s: cannot make a file in folder %s: %w", flagName, path, dir, causeOf(err))
	}
	probe.Close()
	removeTemp(probe.Name())
	return nil
}

// fileOnTheWay returns the first folder of path, from the nearest, that
// exists as something other than a folder ("g.csr" for g.csr/x/y), or ""
// when every folder of path that exists is one.
func fileOnTheWay(path string) string {
	for p := filepath.Dir(path); ; p = filepath.Dir(p) {
		if st, err := os.Stat(p); err == nil {
			if !st.IsDir() {
				return p
			}
			return ""
		}
		if filepath.Dir(p) == p {
			return ""
		}
	}
}

// checkReplaceable refuses to replace the existing file path (st its
// Stat) when it is write-protected: no write permission bit at all, or
// none for this user.
func checkReplaceable(path string, st fs.FileInfo) error {
	if st.Mode().Perm()&0o222 == 0 || !mayWrite(path) {
		return fmt.Errorf("the file is write-protected (%v) and is not replaced; make it writable or choose another file", st.Mode().Perm())
	}
	return nil
}

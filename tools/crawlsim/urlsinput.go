package main

import (
	"github.com/crawlsim/crawlsim/engine/graphio"
)

// -urls FILE names a URL list or a Common Crawl host graph's vertex files,
// which come in parts: then FILE may be a pattern ("vertices/part-*.gz",
// quoted for the shell), which graphio.Load expands as URLListFiles does.

// patternExists reports whether path, which is no file, is a pattern that
// names files (graphio.URLListFiles), with an error when one of them is
// not a readable file; false, nil when it is no pattern or matches none.
func patternExists(path string) (bool, error) {
	files, err := graphio.URLListFiles(osFS{}, path)
	if err != nil || len(files) == 1 && files[0] == path {
		return false, nil
	}
	for _, f := range files {
		if err := mustExist(f); err != nil {
			return true, err
		}
	}
	return true, nil
}

// urlListInputs returns the files a URL list option names (what
// "the URL list"), each as an input that no output may replace: the
// files a pattern matches, or name itself.
func urlListInputs(name, what string) []inputFile {
	files, err := graphio.URLListFiles(osFS{}, name)
	if err != nil {
		files = []string{name}
	}
	ins := make([]inputFile, 0, len(files))
	for _, f := range files {
		ins = append(ins, inputFile{f, what + " " + f})
	}
	return ins
}

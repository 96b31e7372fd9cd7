package main

import (
	"os"
	"path/filepath"
	"strings"
)

// webGraphBasename returns the file a graph argument names: the argument
// itself when it exists, else, for a WebGraph basename (LAW's tools name
// a BVGraph by NAME, its files NAME.graph, NAME.properties and
// NAME.offsets), NAME.graph when that exists. So "crawlsim info
// cnr-2000" reads cnr-2000.graph; every command's graph argument,
// -transpose and -previous are named so.
func webGraphBasename(path string) string {
	if _, err := os.Stat(path); err == nil || strings.HasSuffix(path, ".graph") {
		return path
	}
	if st, err := os.Stat(path + ".graph"); err == nil && !st.IsDir() {
		return path + ".graph"
	}
	return path
}

// graphHint says, for a graph argument that cannot be read as it is,
// which file was probably meant: the BVGraph in a folder named as its
// basename (LAW's downloads: cnr-2000/cnr-2000.graph), or NAME.graph
// for a basename whose .properties is there but whose .graph is not.
// "" when there is nothing to suggest.
func graphHint(path string) string {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		inside := filepath.Join(path, filepath.Base(filepath.Clean(path))+".graph")
		if _, err := os.Stat(inside); err == nil {
			return "; did you mean " + inside + "?"
		}
		return ""
	}
	if _, err := os.Stat(path + ".properties"); err == nil {
		return "; " + path + ".properties is there: a BVGraph is read from NAME.graph beside it, which is missing"
	}
	return ""
}

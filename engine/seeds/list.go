package seeds

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// ReadList reads a seed list: one page id or URL per line; blank lines and
// lines starting with '#' are skipped. name labels the input in errors.
// This is the format of list:FILE and of WriteList. The returned Spec is a
// List whose Source and Lines point Select's errors at the file.
func ReadList(r io.Reader, name string) (Spec, error) {
	spec := Spec{Kind: List, Source: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if strings.ContainsAny(s, " \t") {
			return Spec{}, fmt.Errorf("%s:%d: expected one page id or URL, found %q", name, line, s)
		}
		spec.Items = append(spec.Items, s)
		spec.Lines = append(spec.Lines, line)
	}
	if err := sc.Err(); err != nil {
		return Spec{}, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if len(spec.Items) == 0 {
		return Spec{}, fmt.Errorf("%s: the seed list is empty", name)
	}
	return spec, nil
}

// WriteList writes pages in the format ReadList reads, one id per line,
// after a comment line.
func WriteList(w io.Writer, comment string, pages []uint32) error {
	bw := bufio.NewWriter(w)
	if comment != "" {
		fmt.Fprintf(bw, "# %s\n", strings.ReplaceAll(comment, "\n", " "))
	}
	for _, p := range pages {
		fmt.Fprintf(bw, "%d\n", p)
	}
	return bw.Flush()
}

package seeds

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// ReadList reads a seed list: one page id or URL per line; blank lines and
// lines starting with '#' are skipped. name labels the input in errors.
// This is the format of list:FILE and of WriteList.
func ReadList(r io.Reader, name string) ([]string, error) {
	var items []string
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
			return nil, fmt.Errorf("%s:%d: expected one page id or URL, found %q", name, line, s)
		}
		items = append(items, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("%s: the seed list is empty", name)
	}
	return items, nil
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

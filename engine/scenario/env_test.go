package scenario

import (
	"context"
	"errors"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/step"
)

// countingReader counts the bytes read through it, or fails with err.
type countingReader struct {
	r   io.Reader
	n   *int
	err error
}

func (c countingReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	k, err := c.r.Read(p)
	*c.n += k
	return k, err
}

// TestEnvWrap checks that every file the runner reads goes through
// Env.Wrap, whole, and that an error of the wrapped reader ends the run.
func TestEnvWrap(t *testing.T) {
	s := Scenario{
		Graph:      Source{File: "now.edges", URLs: "now.urls"},
		Previous:   &PreviousSource{File: "before.edges", URLs: "before.urls"},
		Seeds:      "list:http://a.example/",
		Strategies: []Strategy{{ID: "hist-pagerank-zero"}},
	}
	read := map[string]*int{}
	wrap := func(name string, r io.Reader) io.Reader {
		n := new(int)
		read[name] = n
		return countingReader{r: r, n: n}
	}
	mustRun(t, s, Env{FS: testFS, Wrap: wrap}, RunBudget)
	if len(read) != 4 {
		t.Errorf("files read through Wrap: %v, want the 4 the scenario names", slices.Sorted(maps.Keys(read)))
	}
	for _, name := range []string{"now.edges", "now.urls", "before.edges", "before.urls"} {
		if n, ok := read[name]; !ok || *n != len(testFS[name].Data) {
			t.Errorf("%s: %v bytes read through Wrap, want %d", name, n, len(testFS[name].Data))
		}
	}

	stop := errors.New("interrupted")
	r, err := New(s, Env{FS: testFS, Wrap: func(name string, rd io.Reader) io.Reader {
		if name == "before.edges" {
			return countingReader{err: stop}
		}
		return rd
	}})
	if err != nil {
		t.Fatal(err)
	}
	err = step.Run(context.Background(), r, RunBudget, nil)
	if !errors.Is(err, stop) || !strings.Contains(err.Error(), "before.edges") {
		t.Errorf("error %v, want one about before.edges that wraps the reader's", err)
	}
}

package scenario

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// readPageSizes reads a file of page sizes (PageSizes.File) for a graph
// of n pages: one non-negative number of bytes a line, line k for page
// k-1; blank lines and lines that begin with # are skipped. A size whose
// transfer at bandwidth bytes a second would take more than
// model.MaxPolitenessSeconds is refused, as Normalize refuses such a
// page_size. Errors name the file and the line.
func readPageSizes(r io.Reader, name string, n int, bandwidth float64) ([]float64, error) {
	sizes := make([]float64, 0, n)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if len(sizes) == n {
			return nil, fmt.Errorf("%s:%d: more sizes than the graph's %s pages", name, line, model.Count(n))
		}
		v, err := strconv.ParseFloat(text, 64)
		if err != nil || !(v >= 0) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%s:%d: %q is not a size: want a non-negative number of bytes", name, line, clip(text))
		}
		if v/bandwidth > model.MaxPolitenessSeconds {
			return nil, fmt.Errorf("%s:%d: a page of %s bytes at %s bytes per second takes more than %s seconds to transfer", name, line,
				model.Number(v), model.Number(bandwidth), model.Number(model.MaxPolitenessSeconds))
		}
		sizes = append(sizes, v)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if len(sizes) != n {
		return nil, fmt.Errorf("%s: %s sizes for the graph's %s pages: want one a page", name, model.Count(len(sizes)), model.Count(n))
	}
	return sizes, nil
}

// clip shortens text for an error message.
func clip(text string) string {
	if len(text) > 40 {
		return text[:40] + "..."
	}
	return text
}

// logNormalSizes draws n page sizes, log-normal with the given mean and
// sigma (of the logarithm), from seed: size = exp(mu + sigma·z) with
// mu = ln(mean) - sigma²/2, so that the sizes' mean is mean. Each size is
// capped where its transfer at bandwidth would take
// model.MaxPolitenessSeconds.
func logNormalSizes(n int, mean, sigma, bandwidth float64, seed uint64) []float64 {
	rng := rand.New(rand.NewPCG(seed, 0x7a6e5)) // a stream of its own
	sizes := make([]float64, n)
	if mean == 0 {
		return sizes
	}
	mu := math.Log(mean) - sigma*sigma/2
	limit := model.MaxPolitenessSeconds * bandwidth
	for i := range sizes {
		sizes[i] = min(math.Exp(mu+sigma*rng.NormFloat64()), limit)
	}
	return sizes
}

// pageSizes gives the crawls' politeness its per-page sizes when the
// scenario asks for them (once; the crawls share them).
func (st *crawlStage) pageSizes() error {
	p := st.s.Politeness
	if p == nil || p.PageSizes == nil || st.politeness == nil || st.politeness.PageSizes != nil {
		return nil
	}
	n := st.graph.g.NumNodes()
	ps := p.PageSizes
	var sizes []float64
	if ps.File != "" {
		f, err := st.env.FS.Open(ps.File)
		if err != nil {
			return fmt.Errorf("page sizes: %w", err)
		}
		defer f.Close()
		var in io.Reader = f
		if st.env.Wrap != nil {
			in = st.env.Wrap(ps.File, f)
		}
		if sizes, err = readPageSizes(in, ps.File, n, p.Bandwidth); err != nil {
			return fmt.Errorf("page sizes: %w", err)
		}
		if *p.Latency == 0 && !slices.ContainsFunc(sizes, func(v float64) bool { return v > 0 }) {
			return fmt.Errorf("page sizes: %s: every size is 0 and so is the latency: a download must take some time", ps.File)
		}
	} else {
		sizes = logNormalSizes(n, *p.PageSize, *ps.Sigma, p.Bandwidth, ps.Seed)
	}
	cp := *st.politeness
	cp.PageSizes = sizes
	st.politeness = &cp
	return nil
}

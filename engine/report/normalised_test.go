package report

import (
	"io"
	"strings"
	"testing"
)

// TestTableNormalisedAndRelative: the table prints the normalised average
// in its own column, from Summary.NormalisedAvgCumulative, and says when
// the downloads to X count relative targets (shares of C(N)).
func TestTableNormalisedAndRelative(t *testing.T) {
	r := sampleResult()
	r.Strategies[1].Summary.NormalisedAvgCumulative = 0.8 // bfs
	out := string(render(t, func(w io.Writer) error { return Table(w, r) }))
	if !strings.Contains(out, "\nbfs ") || !strings.Contains(out, "norm.") {
		t.Fatalf("no bfs row or norm. column:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 3 && f[0] == "bfs" && (f[2] != "0.6280" || f[3] != "0.8000") {
			t.Errorf("bfs row %q: want avg cum. 0.6280 and norm. 0.8000", line)
		}
	}
	if strings.Contains(out, "relative targets") {
		t.Errorf("absolute targets described as relative:\n%s", out)
	}
	for i := range r.Strategies {
		r.Strategies[i].Summary.RelativeTargets = true
	}
	out = string(render(t, func(w io.Writer) error { return Table(w, r) }))
	if !strings.Contains(out, "reaches X of what the crawl collects in all, C(N) (relative targets)") {
		t.Errorf("relative targets not explained:\n%s", out)
	}
}

// TestTableTimeAtDownload: the time to a level is the time of the download
// that reached it (crawl.Threshold.Time), even when that download is not a
// point of the sampled curve; no ≤ is needed.
func TestTableTimeAtDownload(t *testing.T) {
	r := timedResult()
	// fpr-m's curve has points at even k only; 50% is reached at k = 5,
	// whose download finished at 530 s: 8.8 minutes, where the next
	// curve point (k = 6) would say ≤10.0 min.
	at := 530.0
	r.Strategies[4].Summary.DownloadsTo[0].Actual = 5
	r.Strategies[4].Summary.DownloadsTo[0].Time = &at
	out := string(render(t, func(w io.Writer) error { return Table(w, r) }))
	if !strings.Contains(out, oddLabel+"    8.8 min") || strings.Contains(out, "≤") {
		t.Errorf("the time to 50%% is not 8.8 min at the download:\n%s", out)
	}
}

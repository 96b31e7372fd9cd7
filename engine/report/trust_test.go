package report

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestTableTrust: with trust "pagerank" the header says the seeds' share
// of the trust, 1-δ (docs/algorithms.md section 2), which the JSON keeps as
// seed_trust; with trust uniform over the seeds (the default), the header
// says nothing of it.
func TestTableTrust(t *testing.T) {
	r := sampleResult()
	r.Scenario.Trust = scenario.TrustSeeds
	r.SeedTrust = 1
	out := string(render(t, func(w io.Writer) error { return Table(w, r) }))
	if strings.Contains(out, "trust") {
		t.Errorf("trust uniform over the seeds is mentioned:\n%s", out)
	}
	r.Scenario.Trust = scenario.TrustPageRank
	r.SeedTrust = 0.1234567
	out = string(render(t, func(w io.Writer) error { return Table(w, r) }))
	if want := "\ntrust       the PageRank vector; the seeds hold 1-δ = 0.12346 of it, which scales the guarantees\n"; !strings.Contains(out, want) {
		t.Errorf("table lacks %q:\n%s", want, out)
	}
	js := render(t, func(w io.Writer) error { return JSON(w, r) })
	if !bytes.Contains(js, []byte(`"seed_trust":0.1234567`)) || !bytes.Contains(js, []byte(`"trust":"pagerank"`)) {
		t.Errorf("JSON lacks seed_trust 0.1234567 or trust pagerank:\n%s", js)
	}
}

//go:build browser

package browsertest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPageOpensAScenarioFile picks a scenario file, as crawlsim run
// -save-scenario writes one, in the Share panel: the page shows its
// fields, runs it, and puts its permalink in the address with a history
// entry, so that Back returns to the scenario before. A file that holds
// no scenario is refused and the form keeps what it shows.
func TestPageOpensAScenarioFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "ring.json")
	scenario := `{"version": 1, "graph": {"generate": {"pages": 3000, "seed": 4}}, "seeds": "random:5",
		"strategies": [{"id": "bfs"}, {"id": "opic"}]}`
	bad := filepath.Join(dir, "typo.json")
	for path, text := range map[string]string{good: scenario, bad: `{"seed": "random:5"}`} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute))
	pages := value(t, ctx, chromedp.Value("#gen-pages"))
	history := value(t, ctx, chromedp.Evaluate[int](`history.length`))

	run(t, ctx, chromedp.SetUploadFiles("#scenario-file", []string{bad}),
		waitFor(`document.querySelector("#error") != null`, time.Minute))
	if msg := value(t, ctx, chromedp.Text("#error")); !strings.Contains(msg, `typo.json:1:2: unknown field "seed"`) {
		t.Errorf("the file without a scenario is refused with %q", msg)
	}
	if got := value(t, ctx, chromedp.Value("#gen-pages")); got != pages {
		t.Errorf("after the refusal the pages field holds %q, want %q", got, pages)
	}

	run(t, ctx, chromedp.SetUploadFiles("#scenario-file", []string{good}),
		waitFor(`document.querySelector("#gen-pages").value == "3000"`, time.Minute),
		waitFor(rowsAre(2), 2*time.Minute))
	if seeds := value(t, ctx, chromedp.Value("#seeds")); seeds != "random:5" {
		t.Errorf("the file's scenario shows seeds %q", seeds)
	}
	if hash := value(t, ctx, chromedp.Evaluate[string](`location.hash`)); !strings.HasPrefix(hash, "#s=") {
		t.Errorf("the address holds %q, not the scenario's permalink", hash)
	}
	if n := value(t, ctx, chromedp.Evaluate[int](`history.length`)); n != history+1 {
		t.Errorf("history holds %d entries, want %d", n, history+1)
	}
	run(t, ctx, chromedp.NavigateBack(),
		waitFor(`document.querySelector("#gen-pages").value == "`+pages+`"`, time.Minute))
}

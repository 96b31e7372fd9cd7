//go:build browser

package browsertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPageEnterInARevisitsFieldSimulates: Enter in a field of the
// Revisits panel simulates the revisit policies with what was typed, as
// Simulate does, without loading the page again or running the
// comparison, and leaves the focus in the field. Before, Enter there did
// nothing.
func TestPageEnterInARevisitsFieldSimulates(t *testing.T) {
	expectEnterStartsPanelWork(t, chromedp.Steps(typeInto("#refresh-sites", "120"), typeInto("#refresh-horizon", "400")),
		"refresh-horizon", "the revisits' horizon box", `document.querySelectorAll("#refresh-table tbody tr").length == 5`)
}

// TestPageRevisitsScenarioRunsOnTheCommandLine: the Revisits panel's
// Scenario (JSON) is a file crawlsim refresh -scenario runs to the same
// table, cell by cell, and the Share panel opens it back into the
// panel's fields.
func TestPageRevisitsScenarioRunsOnTheCommandLine(t *testing.T) {
	ctx, url := browser(t, nil)
	run(t, ctx, navigate(url+"/"), waitFor(idle, 2*time.Minute),
		setField("#refresh-sites", "120"), setField("#refresh-horizon", "400"), chromedp.Click("#run-refresh"),
		waitFor(`document.querySelectorAll("#refresh-table tbody tr").length == 5`, 2*time.Minute),
		chromedp.Evaluate[chromedp.Void](keepBlobs))
	cells := value(t, ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll("#refresh-table tbody tr")).map((r) => Array.from(r.cells).map((c) => c.textContent))`))
	skip := keptBlobCount(t, ctx)
	run(t, ctx, chromedp.Click("#download-refresh-scenario"))
	file := filepath.Join(t.TempDir(), "revisits.json")
	if err := os.WriteFile(file, lastBlob(t, ctx, "application/json", skip), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./tools/crawlsim", "refresh", "-scenario", file)
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("crawlsim refresh -scenario: %v\n%s", err, out)
	}
	for _, row := range cells {
		if line := strings.Join(row, " "); !strings.Contains(strings.Join(strings.Fields(string(out)), " "), line) {
			t.Errorf("crawlsim refresh has no row %q:\n%s", line, out)
		}
	}

	run(t, ctx, setField("#refresh-sites", "300"), chromedp.SetUploadFiles("#scenario-file", []string{file}),
		waitFor(`document.querySelector("#refresh-sites").value == "120"`, time.Minute))
	if horizon := value(t, ctx, chromedp.Value("#refresh-horizon")); horizon != "400" {
		t.Errorf("the opened scenario's horizon is %q, want 400", horizon)
	}
}

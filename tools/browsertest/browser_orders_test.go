//go:build browser

package browsertest

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// downloadedOrders presses "Download order" and returns the CSV file the
// page offers.
func downloadedOrders(t *testing.T, ctx context.Context) string {
	t.Helper()
	run(t, ctx, chromedp.Evaluate[chromedp.Void](keepBlobs))
	skip := keptBlobCount(t, ctx)
	run(t, ctx, chromedp.Click("#download-orders"))
	return string(lastBlob(t, ctx, "text/csv", skip))
}

// crawlsimOrders runs `crawlsim run -orders` on the scenario of a
// permalink and returns the download orders it writes.
func crawlsimOrders(t *testing.T, link string) string {
	t.Helper()
	dir := t.TempDir()
	file, out := filepath.Join(dir, "scenario.json"), filepath.Join(dir, "orders.csv")
	if err := os.WriteFile(file, decodePermalink(t, link), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./tools/crawlsim", "run", "-scenario", file, "-orders", out)
	cmd.Dir = filepath.Join("..", "..")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if text, err := cmd.Output(); err != nil {
		t.Fatalf("crawlsim run -orders: %v\n%s%s", err, text, stderr.Bytes())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

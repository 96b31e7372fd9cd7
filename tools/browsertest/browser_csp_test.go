//go:build browser

package browsertest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/crawlsim/crawlsim/tools/site"
)

// cspWatch records the violations of the Content-Security-Policy that the
// browser reports to the policy's report-uri, from the page, its worker and
// frames alike.
type cspWatch struct {
	mu       sync.Mutex
	reports  []string
	policies map[string]string // the policy each file was served with
	wasm     atomic.Int32      // requests for worker.wasm.br
}

// reportPath receives the browser's violation reports.
const reportPath = "/csp-report"

// wrap serves h with "; report-uri /csp-report" added to its policy.
func (c *cspWatch) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == reportPath {
			body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<16))
			c.mu.Lock()
			c.reports = append(c.reports, string(body))
			c.mu.Unlock()
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if r.URL.Path == "/worker.wasm"+site.CompressedSuffix {
			c.wasm.Add(1)
		}
		h.ServeHTTP(&reportingWriter{ResponseWriter: w, watch: c, path: r.URL.Path}, r)
	})
}

// reportingWriter adds the report-uri to the policy h sends, and notes
// the policy.
type reportingWriter struct {
	http.ResponseWriter
	watch *cspWatch
	path  string
	done  bool
}

func (w *reportingWriter) WriteHeader(code int) {
	if !w.done {
		w.done = true
		h := w.Header()
		policy := h.Get("Content-Security-Policy")
		w.watch.mu.Lock()
		w.watch.policies[w.path] = policy
		w.watch.mu.Unlock()
		if policy != "" {
			h.Set("Content-Security-Policy", policy+"; report-uri "+reportPath)
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *reportingWriter) Write(b []byte) (int, error) {
	if !w.done {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// policyConsole collects the console messages of the tab of ctx that
// mention the Content-Security-Policy, from now on, and returns a function
// that gives those seen so far. browser calls it for every browser test.
func policyConsole(ctx context.Context) func() []string {
	var mu sync.Mutex
	var seen []string
	messages := chromedp.Console(ctx) // subscribes now
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if s := m.String(); strings.Contains(s, "Content Security Policy") || strings.Contains(s, "Content-Security-Policy") {
				mu.Lock()
				seen = append(seen, s)
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(seen)
	}
}

// check fails the test if the browser reported a violation, after giving
// the last reports time to arrive.
func (c *cspWatch) check(t *testing.T) {
	t.Helper()
	time.Sleep(time.Second)
	c.mu.Lock()
	defer c.mu.Unlock()
	if p := c.policies["/"]; p == "" {
		t.Error("the page was served without a Content-Security-Policy")
	}
	for _, r := range c.reports {
		t.Errorf("Content-Security-Policy violation reported: %s", r)
	}
}

// TestPageContentSecurityPolicy uses the page under the policy Handler
// sends, with a report-uri added (browser checks the console besides): the default comparison (page.wasm,
// the worker and worker.wasm, Vugu's rendering, the chart), the readout
// under the pointer (a style attribute), a download (a blob: URL) and
// embed mode in an iframe of another origin (frame-ancestors). The browser
// must report no violation, and the framed page must start its worker.
func TestPageContentSecurityPolicy(t *testing.T) {
	watch := &cspWatch{policies: map[string]string{}}
	ctx, url := browser(t, watch.wrap)
	t.Cleanup(func() { watch.check(t) }) // also when the page fails
	run(t, ctx, navigate(url+"/"), waitFor(idle+` || document.querySelector(".message.error") != null`, 2*time.Minute))
	if msg := value(t, ctx, chromedp.Evaluate[string](`(document.querySelector(".message.error") || {}).textContent || ""`)); msg != "" {
		t.Fatalf("the page says: %s", msg)
	}
	run(t, ctx,
		chromedp.Evaluate[chromedp.Void](`(() => { const o = document.querySelector("#chart .overlay"), r = o.getBoundingClientRect();
			o.dispatchEvent(new MouseEvent("mousemove", {bubbles: true, clientX: r.left + 0.4*r.width, clientY: r.top + r.height/2})); })()`),
		waitFor(`document.querySelector("#readout") != null`, 10*time.Second),
		chromedp.Click("#download-svg"))
	// The readout's place comes from its style attribute (left or right
	// of the crosshair).
	left := value(t, ctx, chromedp.Evaluate[string](`document.querySelector("#readout").style.left || document.querySelector("#readout").style.right`))
	if !strings.HasSuffix(left, "%") {
		t.Errorf("the readout's style.left is %q; its style attribute was not applied", left)
	}

	// A course site on another origin embeds the page.
	course := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>course</title><iframe src="%s/?embed=1" width="900" height="620"></iframe>`, url)
	}))
	t.Cleanup(course.Close)
	before := watch.wasm.Load()
	run(t, ctx, navigate(course.URL+"/"))
	deadline := time.Now().Add(time.Minute)
	for watch.wasm.Load() == before && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if watch.wasm.Load() == before {
		t.Error("the page framed by another origin never started its worker")
	}
}

// withoutPolicyHeader serves h without its Content-Security-Policy header,
// as a static host serves a site written with -out.
func withoutPolicyHeader(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&headerDropper{ResponseWriter: w}, r)
	})
}

type headerDropper struct {
	http.ResponseWriter
	done bool
}

func (w *headerDropper) WriteHeader(code int) {
	if !w.done {
		w.done = true
		w.Header().Del("Content-Security-Policy")
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *headerDropper) Write(b []byte) (int, error) {
	if !w.done {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// TestPageMetaPolicy serves the site as a static host does, with no
// header: index.html's <meta> policy alone is in force (eval is refused),
// and the page still shows its comparison.
func TestPageMetaPolicy(t *testing.T) {
	ctx, url := browser(t, withoutPolicyHeader)
	run(t, ctx, navigate(url+"/"), waitFor(idle+` || document.querySelector(".message.error") != null`, 2*time.Minute))
	if msg := value(t, ctx, chromedp.Evaluate[string](`(document.querySelector(".message.error") || {}).textContent || ""`)); msg != "" {
		t.Fatalf("the page says: %s", msg)
	}
	// From a timer, as the page's own code: DevTools' evaluation itself
	// may eval.
	refused := value(t, ctx, chromedp.Evaluate[string](`new Promise((done) => setTimeout(() => {
		try { window.eval("1"); done("eval allowed"); } catch (e) { done(e.name); } }, 0))`, chromedp.EvalAwaitPromise))
	if refused != "EvalError" {
		t.Errorf("eval under index.html's policy: %s, want EvalError", refused)
	}
}

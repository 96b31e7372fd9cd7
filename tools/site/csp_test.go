package site

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// parsePolicy splits a Content-Security-Policy into its directives and
// their sources.
func parsePolicy(t *testing.T, policy string) map[string][]string {
	t.Helper()
	directives := map[string][]string{}
	for _, d := range strings.Split(policy, ";") {
		fields := strings.Fields(d)
		if len(fields) == 0 {
			continue
		}
		name := strings.ToLower(fields[0])
		if _, dup := directives[name]; dup {
			t.Errorf("policy %q gives %s twice (browsers ignore the second)", policy, name)
		}
		directives[name] = fields[1:]
	}
	return directives
}

// checkPolicy checks that policy allows what the page needs (its own
// scripts, style sheet, worker and wasm, style attributes, being framed by
// any site) and nothing more: no other origin, no inline script, no eval.
func checkPolicy(t *testing.T, what, policy string, framing bool) {
	t.Helper()
	d := parsePolicy(t, policy)
	want := map[string][]string{
		"default-src":     {"'none'"},
		"script-src":      {"'self'", "'wasm-unsafe-eval'"}, // wasm_exec.js, page.js, WebAssembly.instantiate
		"worker-src":      {"'self'"},                       // new Worker("worker.js")
		"connect-src":     {"'self'"},                       // fetch("page.wasm"), fetch("worker.wasm")
		"style-src":       {"'self'"},                       // style.css
		"style-src-attr":  {"'unsafe-inline'"},              // the chart readout's style attribute, set by Vugu
		"img-src":         {"'self'", "blob:"},              // the chart's SVG drawn for the PNG download
		"base-uri":        {"'none'"},
		"form-action":     {"'none'"},
		"frame-ancestors": {"*"}, // embedded in course sites
	}
	if !framing {
		delete(want, "frame-ancestors") // ignored, with a console error, in a <meta> policy
	}
	for name, sources := range want {
		got, ok := d[name]
		if !ok {
			t.Errorf("%s: policy %q has no %s", what, policy, name)
			continue
		}
		if !slices.Equal(got, sources) {
			t.Errorf("%s: %s is %q, want %q", what, name, got, sources)
		}
	}
	for name, sources := range d {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: unexpected directive %s %q", what, name, sources)
		}
		for _, s := range sources {
			// blob: is the page's own objects (img-src: the chart drawn
			// for the PNG), not another origin.
			if name != "frame-ancestors" && !(name == "img-src" && s == "blob:") && (strings.Contains(s, ".") || strings.Contains(s, ":") || strings.Contains(s, "*")) {
				t.Errorf("%s: %s allows %s, another origin", what, name, s)
			}
			if s == "'unsafe-eval'" || (s == "'unsafe-inline'" && name != "style-src-attr") {
				t.Errorf("%s: %s allows %s", what, name, s)
			}
		}
	}
}

// TestHandlerContentSecurityPolicy: every response carries the policy,
// and no X-Frame-Options keeps the page out of an iframe.
func TestHandlerContentSecurityPolicy(t *testing.T) {
	dir := testSite(t)
	h := Handler(dir)
	for _, tt := range []struct{ method, path string }{
		{"GET", "/"}, {"GET", "/index.html"}, {"GET", "/worker.js"}, {"GET", "/page.wasm"},
		{"HEAD", "/style.css"}, {"GET", "/missing.js"}, {"POST", "/"},
	} {
		rec := get(t, h, tt.method, tt.path, nil)
		policy := rec.Header().Get("Content-Security-Policy")
		if policy == "" {
			t.Errorf("%s %s (status %d): no Content-Security-Policy", tt.method, tt.path, rec.Code)
			continue
		}
		checkPolicy(t, tt.method+" "+tt.path, policy, true)
		if xfo := rec.Header().Get("X-Frame-Options"); xfo != "" {
			t.Errorf("%s %s: X-Frame-Options %q keeps the page out of course sites' iframes", tt.method, tt.path, xfo)
		}
	}
}

// metaPolicyRE finds the policy of static/index.html.
var metaPolicyRE = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`)

// TestIndexContentSecurityPolicy: a site written with -out goes to hosts
// that send no header, so static/index.html carries the same policy in a
// <meta> element, before anything it applies to, and without
// frame-ancestors, which a <meta> policy cannot give.
func TestIndexContentSecurityPolicy(t *testing.T) {
	index, err := os.ReadFile(filepath.Join("..", "..", "static", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	m := metaPolicyRE.FindSubmatchIndex(index)
	if m == nil {
		t.Fatal(`static/index.html has no <meta http-equiv="Content-Security-Policy" content="...">`)
	}
	meta := string(index[m[2]:m[3]])
	if meta != metaPolicy() {
		t.Errorf("static/index.html's policy\n%s\nis not the server's without frame-ancestors\n%s", meta, metaPolicy())
	}
	checkPolicy(t, "static/index.html", meta, false)
	for _, later := range []string{"<script", "<link", "<style"} {
		if i := strings.Index(string(index), later); i >= 0 && i < m[0] {
			t.Errorf("static/index.html: %s comes before the policy, which applies only to what follows it", later)
		}
	}
	if strings.Contains(string(index), "<script>") || strings.Contains(string(index), "style=") {
		t.Error("static/index.html has an inline script or style, which the policy refuses")
	}
}

// Package browsertest holds the page's tests in a real browser: chromedp
// drives a headless Chromium on the site that tools/site builds (Build)
// and serves (Handler), and the tests use the page as a person would.
// They take minutes, so they build only with the tag browser:
//
//	go test -count=1 -tags browser -timeout 20m ./tools/browsertest/
//
// The site is built by a go build of its own, from ui/, wasm/ and
// engine/, which go test's cache does not see: -count=1 runs the tests
// again after a change to the page rather than reporting a result cached
// before it. Without the tag the package has no tests. .ci/run runs them with the
// tag. A test that needs a tool this machine lacks (Chromium, or axe-core
// for the accessibility audits) fails and says how to install it; with
// CRAWLSIM_BROWSER=optional it is skipped instead, and TestMain lists
// every test skipped, and why, at the end of the output.
package browsertest

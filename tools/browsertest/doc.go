// Package browsertest holds the page's tests in a real browser: chromedp
// drives a headless Chromium on the site that tools/site builds (Build)
// and serves (Handler), and the tests use the page as a person would.
// They take minutes, so they build only with the tag browser:
//
//	go test -tags browser -timeout 30m ./tools/browsertest/
//
// Without the tag the package has no tests. .ci/run runs them with the
// tag. A test that needs a tool this machine lacks (Chromium, or axe-core
// for the accessibility audits) fails and says how to install it; with
// CRAWLSIM_BROWSER=optional it is skipped instead, and TestMain lists
// every test skipped, and why, at the end of the output.
package browsertest

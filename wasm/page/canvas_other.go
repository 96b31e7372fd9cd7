//go:build !(js && wasm)

package page

// DownloadSVGAsPNG offers an SVG drawn as a PNG; natively there is no
// canvas, so done gets ErrNotInBrowser, on a goroutine of its own as in
// the browser.
func DownloadSVGAsPNG(name, svg string, width, height int, done func(error)) {
	go done(ErrNotInBrowser)
}

// CSSVariables returns the values of CSS custom properties on the page's
// root element; natively none.
func CSSVariables(names ...string) map[string]string { return map[string]string{} }

package site

import "strings"

// contentSecurityPolicy is the Content-Security-Policy the page is served
// with: what the page needs and nothing more, from its own origin only.
//
//   - script-src 'self' 'wasm-unsafe-eval': index.html's scripts
//     (wasm_exec.js, wasm-load.js, vugu-render.js, page.js) and the
//     worker's importScripts("wasm_exec.js", "wasm-load.js"), and
//     WebAssembly.instantiateStreaming of page.wasm and worker.wasm, and
//     wasm-load.js's import() of vendor/brotli-dec-wasm.js, the Brotli
//     decoder, and compilation of its WebAssembly. No inline script, no eval: page.js
//     answers Vugu's one call of eval itself (see static/page.js).
//   - worker-src 'self': new Worker("worker.js").
//   - connect-src 'self': fetch("page.wasm.br"), fetch("worker.wasm.br"),
//     fetch("vendor/brotli-dec-wasm.wasm.gz") (decompressed by a
//     DecompressionStream, which needs no directive), and the graphs the
//     site carries: fetch("graphs.json") and the files under graphs/.
//   - style-src 'self': style.css. style-src-attr 'unsafe-inline': Vugu
//     sets style attributes (the chart's readout is placed by one); style
//     elements stay refused.
//   - img-src 'self' blob:: the browser's favicon request, and the chart
//     drawn for the PNG download, an Image of the page's own SVG from a
//     blob: address it made (wasm/page DownloadSVGAsPNG); no data: and no
//     other origin. Downloads are blob: links, which no fetch directive
//     governs.
//   - default-src 'none', base-uri 'none', form-action 'none': nothing
//     else (fonts, frames, objects, manifests, a <base>, form posts).
//   - frame-ancestors *: the page is meant to be embedded in course sites.
//
// static/index.html carries the same policy but frame-ancestors in a
// <meta> element (metaPolicy), for sites written with -out, whose hosts
// send no header; a test checks that the two agree.
const contentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; " +
	"style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors *"

// metaPolicy is contentSecurityPolicy as a <meta> element can give it:
// without frame-ancestors, which browsers ignore there, with an error in
// the console.
func metaPolicy() string {
	var kept []string
	for _, d := range strings.Split(contentSecurityPolicy, "; ") {
		if !strings.HasPrefix(d, "frame-ancestors ") {
			kept = append(kept, d)
		}
	}
	return strings.Join(kept, "; ")
}

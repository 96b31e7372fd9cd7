// Package site builds crawlsim's browser page and serves it. It is the
// library behind the repository's serve.go ("go run serve.go"), kept in a
// package so that it can be tested.
//
// # Static site layout
//
// The page is a folder of plain files that any static web host can serve:
//
//	index.html     the page and its skeleton; loads wasm_exec.js, wasm-load.js, vugu-render.js, page.js (from static/)
//	skeleton.js    shapes the skeleton for embed mode before the first paint (from static/)
//	page.js        starts the worker, then page.wasm               (from static/)
//	worker.js      the web worker; loads wasm_exec.js, wasm-load.js and worker.wasm (from static/)
//	wasm-load.js   fetches, decompresses and compiles a .wasm.br   (from static/)
//	vendor/        the Brotli decoder wasm-load.js uses (brotli-dec-wasm, from npm) (from static/)
//	style.css      the page's style sheet                          (from static/)
//	page.wasm.br   the Vugu user interface, built from ./ui, Brotli (built)
//	worker.wasm.br the engine in the web worker, from ./wasm/worker, Brotli (built)
//	wasm_exec.js   Go's JavaScript glue, copied from $(go env GOROOT)/lib/wasm (built)
//	vugu-render.js the script of Vugu's renderer, from its source  (built)
//	graphs.json    the graphs the site carries, with their facts  (-graph; none without)
//	graphs/        their files: NAME, a BVGraph's NAME.properties and .offsets, URL lists (-graph)
//
// Both binaries are built with GOOS=js GOARCH=wasm, -trimpath and
// -ldflags="-s -w", and written Brotli-compressed only: a static host
// cannot be relied on to compress or to negotiate encodings, so the page
// decompresses them itself as they download (browsers offer no Brotli
// DecompressionStream: static/vendor holds a decoder compiled to
// WebAssembly, itself gzip-compressed, which DecompressionStream reads). Every reference between these files is relative, so the
// folder works unchanged from any static host and under any sub-path
// (https://example.org/courses/crawling/crawlsim/ as well as the root of a
// domain). Other files in static/ are copied along with index.html.
//
// # Content-Security-Policy
//
// The page needs nothing from another origin, no inline script and no
// eval: [Handler] sends a policy that allows its own scripts, style sheet,
// worker and fetches, WebAssembly ('wasm-unsafe-eval'), style attributes
// (Vugu sets them) and framing by any site, and nothing else; index.html
// carries the same policy but frame-ancestors in a <meta> element, for
// static hosts. Vugu's renderer installs its helpers with window.eval;
// the build writes that script as vugu-render.js, which index.html loads,
// and page.js answers Vugu's eval of it without running anything.
//
// [Build] writes the built files into a folder: static/ itself for local
// development (the outputs there are git-ignored), or a separate folder for
// deployment. [Handler] serves such a folder for development: correct MIME
// types, gzip for a .wasm when asked (the page itself fetches .wasm.br), and
// Cache-Control: no-cache so that a rebuilt binary is never stale. [Main] is
// the command line of serve.go.
//
// # Graphs of the site
//
// serve.go -graph FILE puts real crawls into the site, for a course:
// [PrepareGraphs] reads each as the page will (refusing a bad one with
// an error naming its file) and measures it, [WriteGraphs] copies it
// into graphs/ and lists it in graphs.json, and without -out the
// development server serves it from where it is. The page lists them in
// its Graph panel, and a scenario names one by its path in the site
// ("graphs/cs-stanford.edges"), which the page fetches from its own
// origin: an embedded comparison runs on a real crawl.
package site

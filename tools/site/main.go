package site

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// UsageError reports a mistake on the command line. Main has already
// written the problem and the usage text to stderr, so a caller only has to
// exit with status 2.
type UsageError struct {
	Err error
}

func (e *UsageError) Error() string { return "serve: " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *UsageError) Unwrap() error { return e.Err }

const usageText = `usage: go run serve.go [-addr HOST:PORT] [-no-build] [-graph FILE [-urls FILE]]...
       go run serve.go -out DIR [-graph FILE [-urls FILE]]...

serve builds crawlsim's browser page and serves it for development.

It compiles two WebAssembly programs (GOOS=js GOARCH=wasm): ./wasm/worker,
the engine that runs in a web worker, into static/worker.wasm.br, and ./ui,
the page itself, into static/page.wasm.br, both Brotli-compressed (the page
decompresses them itself, with the decoder in static/vendor, so no server
needs to). It copies wasm_exec.js from the Go
installation and writes vugu-render.js, the script of Vugu's renderer, into
static/, and then serves static/ on -addr until interrupted (Ctrl-C). Every
response carries Cache-Control: no-cache, so reloading the browser after a
rebuild picks up the new binaries, and the page's Content-Security-Policy:
nothing from another origin, no inline script, no eval.

With -out DIR, serve writes a deployable static site into DIR instead
(index.html, page.js, worker.js, style.css and the other files of static/,
with page.wasm.br, worker.wasm.br, wasm_exec.js and vugu-render.js) and
exits.
Every reference in it is relative: the folder works from any static host,
under any sub-path. index.html carries the policy in a <meta> element.

With -graph FILE (repeatable), the site carries real crawls: each graph,
in any format crawlsim reads (gzip-compressed or not; a BVGraph by its
NAME.graph, its .properties and .offsets going along), is read to check
it and copied into DIR/graphs/ (-graph NAME=FILE names it graphs/NAME),
with the URL list that -urls FILE gives after it, and graphs.json lists
them with their statistics. The page's Graph panel offers them, and a
scenario or a permalink names one by its path in the site
("graphs/cs-stanford.edges"), so that an embedded comparison runs on
it; the page reads them from its own origin. Without -out the server
serves them from where they are, copying nothing. A site lists the
graphs of its last build only.

Run it from anywhere inside the crawlsim module.

Flags:
`

// Main is the command line of serve.go: args are the arguments after the
// program name. Without -out it builds the site into static/ (unless
// -no-build), listens on -addr (warning on stderr when other machines can
// reach it), prints "crawlsim page: http://ADDR/" with the port really
// listened on to stdout and serves until ctx is cancelled, then shuts down cleanly and
// returns nil. With -out DIR it builds a deployable site into DIR and
// returns. Each -graph is checked first (PrepareGraphs), then put into
// the site (WriteGraphs), or, without -out, served from where it is.
// Build progress goes to stderr. A bad command line returns a
// *UsageError; -h prints the help to stdout and returns nil.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	addr := fs.String("addr", "127.0.0.1:8080", "serve on this `host:port`; port 0 picks a free one; an empty host or one that is not a loopback address lets other machines reach the page")
	out := fs.String("out", "", "build a deployable static site into `DIR` (created if needed) and exit without serving")
	noBuild := fs.Bool("no-build", false, "serve static/ as it is, without building (quick restarts)")
	var specs []GraphSpec
	fs.Var(graphFlag{&specs}, "graph", "put the graph `[NAME=]FILE` into the site, as graphs/NAME (default: FILE's name); repeatable")
	fs.Var(urlsFlag{&specs}, "urls", "the URL list `FILE` of the -graph before it (hosts, URL seeds)")
	printUsage := func(w io.Writer) {
		fmt.Fprint(w, usageText)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	usageErr := func(err error) error {
		fmt.Fprintf(stderr, "serve: %v\n\n", err)
		printUsage(stderr)
		return &UsageError{Err: err}
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(stdout)
			return nil
		}
		return usageErr(err)
	}
	if fs.NArg() > 0 {
		return usageErr(fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if *out != "" && *noBuild {
		return usageErr(errors.New("-out and -no-build cannot be used together"))
	}

	root, err := moduleRoot()
	if err != nil {
		return err
	}
	graphs, err := PrepareGraphs(specs)
	if err != nil {
		return err
	}
	for _, g := range graphs {
		if msg := tooLarge(g); msg != "" {
			fmt.Fprintf(stderr, "serve: warning: %s\n", msg)
		}
	}
	if *out != "" {
		dir, err := filepath.Abs(*out)
		if err != nil {
			return err
		}
		if err := checkOutDir(*out, dir); err != nil {
			return err
		}
		if err := checkInputs(dir, filepath.Join(root, "static"), graphs, true); err != nil {
			return err
		}
		start := time.Now()
		if err := Build(ctx, root, dir, stderr); err != nil {
			return err
		}
		if err := WriteGraphs(dir, graphs, stderr); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "crawlsim static site: %s (built in %s)\n", dir, roundDuration(time.Since(start)))
		return nil
	}

	// Listen before building, so that a busy port fails at once.
	ln, err := listen(*addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	if _, warning := listenNotice(ln.Addr()); warning != "" {
		fmt.Fprintf(stderr, "serve: warning: %s\n", warning)
	}
	static := filepath.Join(root, "static")
	if err := checkInputs(static, "", graphs, false); err != nil {
		return err
	}
	handler, err := GraphsHandler(graphs, Handler(static))
	if err != nil {
		return err
	}
	if *noBuild {
		for _, name := range []string{"index.html", "page.wasm" + CompressedSuffix, "worker.wasm" + CompressedSuffix, "wasm_exec.js", vuguScript} {
			if _, err := os.Stat(filepath.Join(static, name)); err != nil {
				fmt.Fprintf(stderr, "serve: warning: %s is missing; run without -no-build to build it\n", filepath.Join(static, name))
			}
		}
	} else if err := Build(ctx, root, static, stderr); err != nil {
		return err
	}
	for _, g := range graphs {
		fmt.Fprintf(stderr, "serving %s from %s\n", g.File, g.Sources[g.File])
	}
	return serve(ctx, ln, handler, stdout)
}

// listen listens on addr, explaining a busy port.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err == nil {
		return ln, nil
	}
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, fmt.Errorf("address %s is already in use (is serve already running?); choose another with -addr, e.g. -addr 127.0.0.1:8081", addr)
	}
	return nil, fmt.Errorf("cannot listen on %s: %w; choose another address with -addr", addr, err)
}

// checkOutDir refuses -out DIR (given as out, dir when absolute) when
// it names a file, or a path through one, where the site's folder cannot
// be made: before the build, in words rather than mkdir's.
func checkOutDir(out, dir string) error {
	for p := dir; ; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		switch {
		case err == nil && st.IsDir():
			return nil
		case err == nil && p == dir:
			return fmt.Errorf("-out %s: that is a file; name a folder for the site", out)
		case err == nil:
			return fmt.Errorf("-out %s: %s is a file, not a folder", out, p)
		}
		if filepath.Dir(p) == p {
			return nil
		}
	}
}

// serve serves h on ln until ctx is cancelled, then shuts the server down,
// letting requests in flight finish for a few seconds.
func serve(ctx context.Context, ln net.Listener, h http.Handler, stdout io.Writer) error {
	srv := newServer(h)
	url, _ := listenNotice(ln.Addr())
	fmt.Fprintf(stdout, "crawlsim page: %s\n", url)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newServer is the development server of h. Its timeouts close
// connections that are slow to send their headers or idle between requests
// (browsers keep several open), so that none is held forever.
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
}

// listenNotice returns the URL of the page served on addr, the address
// really listened on (so port 0 has become a port), and, when other
// machines can reach addr (every interface, or an address that is not a
// loopback one), a warning that says so.
func listenNotice(addr net.Addr) (url, warning string) {
	url = "http://" + displayAddr(addr) + "/"
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || tcp.IP.IsLoopback() {
		return url, ""
	}
	where := addr.String() + ", a network address"
	if tcp.IP == nil || tcp.IP.IsUnspecified() {
		where = addr.String() + ", every network interface"
	}
	local := net.JoinHostPort("127.0.0.1", strconv.Itoa(tcp.Port))
	return url, fmt.Sprintf("listening on %s: other machines can reach this server and every file in static/; -addr %s keeps it to this machine", where, local)
}

// displayAddr is the host:port to put in a URL for addr: an unspecified
// address (":8080", "0.0.0.0:8080") becomes localhost.
func displayAddr(addr net.Addr) string {
	if tcp, ok := addr.(*net.TCPAddr); ok && (tcp.IP == nil || tcp.IP.IsUnspecified()) {
		return net.JoinHostPort("localhost", strconv.Itoa(tcp.Port))
	}
	return addr.String()
}

// moduleRoot walks up from the working directory to the folder holding
// go.mod.
func moduleRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; {
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && fi.Mode().IsRegular() {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod in %s or any folder above it: run serve from inside the crawlsim module", wd)
		}
		dir = parent
	}
}

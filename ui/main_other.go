//go:build !wasm

// Command ui is crawlsim's page (docs/architecture.md, "The page and its
// workers"): Vugu components built for GOOS=js GOARCH=wasm into page.wasm,
// which static/index.html loads. `go run serve.go` at the repository's root
// builds and serves it. Built natively, it only says so (and writes
// index.html's skeleton for go generate); its logic is tested natively.
package main

import (
	"fmt"
	"os"
)

//go:generate go tool vugugen -skip-go-mod -skip-main .
//go:generate go fmt .
//go:generate go run . -skeleton ../static/index.html

// main only says what ui is, except with -skeleton FILE, which writes the
// skeleton's generated parts into the index.html FILE (skeleton_other.go).
func main() {
	if len(os.Args) == 3 && os.Args[1] == "-skeleton" {
		if err := writeSkeleton(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "ui -skeleton:", err)
			os.Exit(1)
		}
		return
	}
	fmt.Fprintln(os.Stderr, "ui is the crawlsim page, built for GOOS=js GOARCH=wasm; run `go run serve.go` at the repository's root to build and serve it")
	os.Exit(2)
}

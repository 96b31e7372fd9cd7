//go:build !wasm

// Command ui is crawlsim's page (DESIGN.md "Page"): Vugu components built
// for GOOS=js GOARCH=wasm into page.wasm, which static/index.html loads.
// `go run serve.go` at the repository's root builds and serves it. Built
// natively, it only says so; its logic is tested natively.
package main

import (
	"fmt"
	"os"
)

//go:generate go tool vugugen -skip-go-mod -skip-main .
//go:generate go fmt .

func main() {
	fmt.Fprintln(os.Stderr, "ui is the crawlsim page, built for GOOS=js GOARCH=wasm; run `go run serve.go` at the repository's root to build and serve it")
	os.Exit(2)
}

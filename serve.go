//go:build ignore

// serve.go builds crawlsim's page and serves it for local development:
//
//	go run serve.go            # build into static/ and serve on 127.0.0.1:8080
//	go run serve.go -out DIR   # write a deployable static site into DIR
//	go run serve.go -out DIR -graph web.edges -urls web.urls   # with a real crawl in it
//	go run serve.go -h         # all flags
//
// The work is done by package github.com/crawlsim/crawlsim/tools/site.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/crawlsim/crawlsim/tools/site"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := site.Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err == nil {
		return
	}
	var usage *site.UsageError
	if errors.As(err, &usage) {
		// Main has already shown the problem and the usage text.
		os.Exit(2)
	}
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

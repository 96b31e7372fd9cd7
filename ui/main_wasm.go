//go:build wasm

package main

import (
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"

	"github.com/crawlsim/crawlsim/wasm/page"
)

// main mounts the page on #crawlsim and renders it after every event.
func main() {
	renderer, err := domrender.New("#crawlsim")
	if err != nil {
		panic(err)
	}
	defer renderer.Release()
	buildEnv, err := vugu.NewBuildEnv(renderer.EventEnv())
	if err != nil {
		panic(err)
	}
	root := &Root{App: NewApp(page.Address())}
	for ok := true; ok; ok = renderer.EventWait() {
		if err := renderer.Render(buildEnv.RunBuild(root)); err != nil {
			panic(err)
		}
	}
}

#!/usr/bin/env bash
# wasmfloor.sh: how large a Go WebAssembly binary is before any of
# crawlsim's code, built as tools/site builds page.wasm and worker.wasm
# (-trimpath -ldflags="-s -w", Brotli quality 11 with a 16 MiB window):
#
#   hello   a program that prints a line (fmt)
#   json    one that decodes and encodes JSON from JavaScript (what a
#           worker needs at least)
#   vugu    an empty Vugu page with one vgform input and encoding/json
#           (what issue 12 asks the page to be built from)
#
# and, for comparison, the site's page.wasm and worker.wasm. Usage:
#   tools/bench/wasmfloor.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
# The programs live in the module (for its Vugu and Brotli), in a
# directory the go command's ./... patterns skip.
src="$repo/_wasmfloor"
trap 'rm -rf "$tmp" "$src"' EXIT
mkdir -p "$src/hello" "$src/json" "$src/vugu" "$src/brotli"
cat >"$src/hello/main.go" <<'GO'
package main

import "fmt"

func main() { fmt.Println("hello") }
GO
cat >"$src/json/main.go" <<'GO'
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"
)

func main() {
	var v map[string]any
	if err := json.Unmarshal([]byte(js.Global().Get("x").String()), &v); err != nil {
		panic(err)
	}
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
}
GO
cat >"$src/vugu/main.go" <<'GO'
package main

import (
	"encoding/json"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
	"github.com/vugu/vugu/vgform"
)

type root struct{ Text string }

func (c *root) Build(vgin *vugu.BuildIn) *vugu.BuildOut {
	out := &vugu.BuildOut{}
	in := &vgform.Input{Value: vgform.StringPtr{Value: &c.Text}}
	b, _ := json.Marshal(c)
	out.Out = append(out.Out, &vugu.VGNode{Type: vugu.ElementNode, Data: "p", Attr: []vugu.VGAttribute{{Key: "title", Val: string(b)}}})
	out.Components = append(out.Components, in)
	return out
}

func main() {
	renderer, err := domrender.New("#page")
	if err != nil {
		panic(err)
	}
	env, err := vugu.NewBuildEnv(renderer.EventEnv())
	if err != nil {
		panic(err)
	}
	r := &root{}
	for ok := true; ok; ok = renderer.EventWait() {
		if err := renderer.Render(env.RunBuild(r)); err != nil {
			panic(err)
		}
	}
}
GO
cat >"$src/brotli/main.go" <<'GO'
// Command brotli prints each file's size and its size Brotli-compressed.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/andybalholm/brotli"
)

type counter int64

func (c *counter) Write(p []byte) (int, error) { *c += counter(len(p)); return len(p), nil }

func main() {
	for _, name := range os.Args[1:] {
		f, err := os.Open(name)
		if err != nil {
			panic(err)
		}
		var n counter
		w := brotli.NewWriterOptions(&n, brotli.WriterOptions{Quality: 11, LGWin: 24})
		raw, err := io.Copy(w, f)
		if err != nil {
			panic(err)
		}
		w.Close()
		f.Close()
		fmt.Printf("%-12s %6.2f MB raw %6.2f MB compressed\n", name, float64(raw)/1e6, float64(n)/1e6)
	}
}
GO
cd "$repo"
build() { GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" "${@:3}" -o "$tmp/$1" "$2"; }
build hello.wasm ./_wasmfloor/hello
build json.wasm ./_wasmfloor/json
build vugu.wasm ./_wasmfloor/vugu
# The flags of tools/site/build.go's binaries.
build page.wasm ./ui -gcflags=./...=-l -gcflags=github.com/vugu/...=-l
build worker.wasm ./wasm/worker
go build -o "$tmp/brotli" ./_wasmfloor/brotli
cd "$tmp" && ./brotli hello.wasm json.wasm vugu.wasm page.wasm worker.wasm

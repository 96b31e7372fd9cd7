package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// wasmLoadHarness runs static/wasm-load.js in Node: fetch serves the files
// of the folder it runs in in chunks of the size its first argument gives
// (0: the whole file as one chunk), and WebAssembly.instantiateStreaming
// hands back the bytes it is given, except the Brotli decoder's own. For
// each file named after the size, it prints one JSON line: the bytes'
// length and SHA-256, or the error crawlsimLoadWasm throws.
const wasmLoadHarness = `
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
const here = dirname(fileURLToPath(import.meta.url));
const chunk = +process.argv[2];
globalThis.self = globalThis;
globalThis.fetch = async (name) => {
  const b = readFileSync(join(here, String(name)));
  const size = chunk > 0 ? chunk : b.length;
  let at = 0;
  return new Response(new ReadableStream({
    pull(c) {
      // A "broken" file's download fails half way, as a network does.
      if (String(name).startsWith("broken") && at >= b.length / 2) { c.error(new TypeError("network error")); return; }
      if (at >= b.length) { c.close(); return; }
      c.enqueue(new Uint8Array(b.subarray(at, at + size)));
      at += size;
    },
  }));
};
const compile = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (resp, imports) => {
  if (imports && imports["./brotli_dec_wasm_bg.js"]) return compile(resp, imports);
  return { bytes: new Uint8Array(await resp.arrayBuffer()) };
};
await import("./wasm-load.js");
for (const name of process.argv.slice(3)) {
  try {
    const { bytes } = await self.crawlsimLoadWasm(name, {});
    console.log(JSON.stringify({ name, length: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") }));
  } catch (err) {
    console.log(JSON.stringify({ name, error: String(err && err.message || err) }));
  }
}
`

// TestWasmLoad runs static/wasm-load.js, the page's loader of its
// binaries, with the vendored Brotli decoder, in Node: a Brotli body
// whose output is many times its size, delivered as one chunk, in chunks
// of 64 KiB and in chunks of 1000 bytes, comes out whole (the decoder is
// called again while it has output to give, even when it has taken all
// its input: a body in one chunk came out cut short before); so do a
// gzip body and plain WebAssembly (a host that decompressed it); a
// truncated body, a corrupt one, one with bytes after the Brotli
// stream's end, a gzip body with a wrong checksum and a download that
// fails half way fail with an error that names the file and says what is
// wrong.
func TestWasmLoad(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CRAWLSIM_BROWSER") == "required" {
			t.Fatal("no node in PATH; CRAWLSIM_BROWSER=required")
		}
		t.Skip("no node in PATH: install Node to test static/wasm-load.js")
	}
	dir := t.TempDir()
	static := filepath.Join("..", "..", "static")
	for _, name := range []string{"wasm-load.js", "vendor/brotli-dec-wasm.js", "vendor/brotli-dec-wasm.wasm.gz"} {
		b, err := os.ReadFile(filepath.Join(static, name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, name), string(b))
	}
	writeFile(t, filepath.Join(dir, "package.json"), `{"type": "module"}`)
	writeFile(t, filepath.Join(dir, "harness.js"), wasmLoadHarness)

	// 3 MB of WebAssembly-like bytes that compress well: the decoder's
	// output (1 MiB a call at most) outgrows its input many times.
	var raw bytes.Buffer
	raw.WriteString("\x00asm\x01\x00\x00\x00")
	for i := 0; raw.Len() < 3<<20; i++ {
		fmt.Fprintf(&raw, "func %d: i32.const %d local.get %d call %d\n", i, i*7, i%13, i%101)
	}
	var br bytes.Buffer
	bw := brotli.NewWriterLevel(&br, 5)
	bw.Write(raw.Bytes())
	bw.Close()
	var gz bytes.Buffer
	gw := gzip.NewWriter(&gz)
	gw.Write(raw.Bytes())
	gw.Close()
	// Brotli has no checksum: bytes overwritten in the middle may well
	// decode to other bytes. Overwritten at the start, in the first
	// meta-block's header and code lengths, they are refused.
	corrupt := bytes.Clone(br.Bytes())
	for i := 1; i < 33; i++ {
		corrupt[i] ^= 0x5a
	}
	// A gzip body whose checksum and length are wrong.
	corruptGzip := bytes.Clone(gz.Bytes())
	for i := len(corruptGzip) - 8; i < len(corruptGzip); i++ {
		corruptGzip[i] ^= 0x5a
	}
	files := map[string][]byte{
		"good.wasm.br":      br.Bytes(),
		"good.wasm.gz":      gz.Bytes(),
		"plain.wasm":        raw.Bytes(),
		"truncated.wasm.br": br.Bytes()[:br.Len()/2],
		"corrupt.wasm.br":   corrupt,
		"trailing.wasm.br":  append(bytes.Clone(br.Bytes()), "more"...),
		"corrupt.wasm.gz":   corruptGzip,
		"broken.wasm.br":    br.Bytes(),
	}
	for name, b := range files {
		writeFile(t, filepath.Join(dir, name), string(b))
	}
	want := map[string]string{ // error wanted, "" for the whole payload
		"good.wasm.br":      "",
		"good.wasm.gz":      "",
		"plain.wasm":        "",
		"truncated.wasm.br": "truncated.wasm.br is truncated",
		"corrupt.wasm.br":   "corrupt.wasm.br: corrupt Brotli data",
		"trailing.wasm.br":  "trailing.wasm.br: 4 bytes after the end of the Brotli data",
		"corrupt.wasm.gz":   "corrupt.wasm.gz: ",
		"broken.wasm.br":    "broken.wasm.br: TypeError: network error",
	}
	wholeLen, wholeSum := raw.Len(), sha256Hex(raw.Bytes())
	names := []string{"good.wasm.br", "good.wasm.gz", "plain.wasm", "truncated.wasm.br", "corrupt.wasm.br", "trailing.wasm.br", "corrupt.wasm.gz", "broken.wasm.br"}
	for _, chunk := range []int{0, 64 << 10, 1000} {
		cmd := exec.Command(node, append([]string{"harness.js", fmt.Sprint(chunk)}, names...)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("node harness.js %d: %v\n%s", chunk, err, out)
		}
		seen := 0
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			var r struct {
				Name, Error, Sha256 string
				Length              int
			}
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("chunks of %d: node printed %q", chunk, line)
			}
			seen++
			switch w := want[r.Name]; {
			case w == "" && r.Error != "":
				t.Errorf("chunks of %d: %s: %s", chunk, r.Name, r.Error)
			case w == "" && (r.Length != wholeLen || r.Sha256 != wholeSum):
				t.Errorf("chunks of %d: %s gave %d bytes (sha256 %s), want the %d bytes compressed", chunk, r.Name, r.Length, r.Sha256, wholeLen)
			case w != "" && !strings.Contains(r.Error, w):
				t.Errorf("chunks of %d: %s: error %q, want one with %q", chunk, r.Name, r.Error, w)
			}
		}
		if seen != len(names) {
			t.Errorf("chunks of %d: %d results for %d files:\n%s", chunk, seen, len(names), out)
		}
	}
}

// sha256Hex is the SHA-256 of b in hexadecimal.
func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

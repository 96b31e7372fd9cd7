// crawlsimLoadWasm(url, importObject) fetches and instantiates one of the
// page's WebAssembly binaries, for the page (index.html loads this file)
// and for its worker (worker.js imports it).
//
// The build writes the binaries Brotli-compressed (page.wasm.br,
// worker.wasm.br: about a fifth of their size, over a quarter smaller
// than with gzip), because a static host cannot be relied on to compress them or to
// say that they are. Browsers decompress Brotli only as a Content-Encoding,
// not in DecompressionStream, so the page does it itself with a small
// decoder (vendor/brotli-dec-wasm.js and its WebAssembly,
// vendor/brotli-dec-wasm.wasm.gz, which DecompressionStream("gzip")
// reads), fetched while the binary downloads (the decoder is an ES
// module, imported with import() from this classic script, in the page
// and in the worker; checked in Chromium only). The binary is decompressed
// chunk by chunk as it arrives and compiled while it is decompressed
// (instantiateStreaming). A host that sends the file with a
// Content-Encoding has the browser decompress it already: the body then
// starts with WebAssembly's magic number and is compiled as it is. A
// gzip-compressed body (its magic number) is read with DecompressionStream.
(function () {
"use strict";

self.crawlsimLoadWasm = async function (url, importObject) {
  const decoder = brotliDecoder();
  decoder.catch(() => {}); // reported below if it is needed
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(url + ": HTTP " + resp.status);
  let body = resp.body;
  if (!body) body = new Response(await resp.arrayBuffer()).body;
  // Read until the first four bytes are known.
  const reader = body.getReader();
  const head = [];
  let have = 0;
  while (have < 4) {
    let r;
    try {
      r = await reader.read();
    } catch (err) {
      throw naming(url, err);
    }
    if (r.done) break;
    head.push(r.value);
    have += r.value.length;
  }
  const first = new Uint8Array(4);
  let at = 0;
  for (const chunk of head) for (const b of chunk) if (at < 4) first[at++] = b;
  const next = async () => (head.length ? { done: false, value: head.shift() } : reader.read());
  const isWasm = at === 4 && first[0] === 0 && first[1] === 0x61 && first[2] === 0x73 && first[3] === 0x6d;
  const isGzip = at >= 2 && first[0] === 0x1f && first[1] === 0x8b;
  let stream;
  if (isWasm) {
    stream = pullStream(next, reader);
  } else if (isGzip) {
    stream = gunzip(pullStream(next, reader), url);
  } else {
    stream = unbrotli(next, reader, url, decoder);
  }
  // The compiler reports a failed stream as a network error: the stream's
  // own error says what went wrong.
  let streamError = null;
  const wasm = new Response(noteError(stream, (err) => { streamError = err; }), { headers: { "Content-Type": "application/wasm" } });
  try {
    if (typeof WebAssembly.instantiateStreaming === "function") {
      return await WebAssembly.instantiateStreaming(wasm, importObject);
    }
    return await WebAssembly.instantiate(await wasm.arrayBuffer(), importObject);
  } catch (err) {
    // A compiler's error does not say which file it read: Brotli has no
    // checksum, so a damaged file may decode to bytes that are no
    // WebAssembly.
    throw naming(url, streamError || err);
  }
};

// naming returns err, or an Error that names url in front of it when its
// message does not (a network error or DecompressionStream's TypeError
// says nothing of the file).
function naming(url, err) {
  const msg = err && err.message !== undefined ? String(err.message) : String(err);
  if (msg.includes(url)) return err;
  return new Error(url + ": " + err);
}

// noteError passes on the chunks of stream and calls onError with the
// error the stream fails with.
function noteError(stream, onError) {
  const reader = stream.getReader();
  return new ReadableStream({
    async pull(c) {
      let r;
      try {
        r = await reader.read();
      } catch (err) {
        onError(err);
        throw err;
      }
      if (r.done) c.close(); else c.enqueue(r.value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
}

// pullStream is a ReadableStream of the chunks next() returns.
function pullStream(next, reader) {
  return new ReadableStream({
    async pull(c) {
      const r = await next();
      if (r.done) c.close(); else c.enqueue(r.value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
}

// gunzip decompresses the gzip stream body.
function gunzip(body, url) {
  if (typeof DecompressionStream !== "function") {
    throw new Error("this browser cannot decompress " + url + " (no DecompressionStream; Chrome 80, Firefox 113, Safari 16.4 and later can)");
  }
  return body.pipeThrough(new DecompressionStream("gzip"));
}

// brotliDecoder loads the Brotli decoder once per page or worker and
// resolves to its module.
let brotliModule = null;
function brotliDecoder() {
  if (!brotliModule) {
    brotliModule = (async () => {
      const [mod, resp] = await Promise.all([import("./vendor/brotli-dec-wasm.js"), fetch("vendor/brotli-dec-wasm.wasm.gz")]);
      if (!resp.ok) throw new Error("vendor/brotli-dec-wasm.wasm.gz: HTTP " + resp.status);
      let body = resp.body;
      if (!body) body = new Response(await resp.arrayBuffer()).body;
      // A host that says Content-Encoding: gzip has the browser gunzip it.
      const reader = body.getReader();
      const r0 = await reader.read();
      const first = r0.done ? new Uint8Array(0) : r0.value;
      let sent = false;
      let stream = pullStream(async () => {
        if (!sent) { sent = true; return r0; }
        return reader.read();
      }, reader);
      if (first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b) stream = gunzip(stream, "vendor/brotli-dec-wasm.wasm.gz");
      await mod.default({ module_or_path: new Response(stream, { headers: { "Content-Type": "application/wasm" } }) });
      return mod;
    })();
  }
  return brotliModule;
}

// unbrotliChunk is how many bytes of output one call of the decoder makes
// at most.
const unbrotliChunk = 1 << 20;

// unbrotli is the decompressed stream of the Brotli data that next()
// returns, read chunk by chunk as it is pulled. Corrupt data, a stream cut
// short or bytes after its end make it fail with an error naming url. The
// decoder's state is freed when the stream ends, fails or is cancelled.
function unbrotli(next, reader, url, decoder) {
  let dec = null, codes = null, ended = false;
  const release = () => {
    if (dec) { dec.free(); dec = null; }
  };
  return new ReadableStream({
    async pull(c) {
      try {
        await pullBrotli(c);
      } catch (err) {
        release();
        throw err;
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });

  async function pullBrotli(c) {
    if (!dec) {
      let mod;
      try {
        mod = await decoder;
      } catch (err) {
        throw new Error("cannot decompress " + url + ": the Brotli decoder did not load (" + err + ")");
      }
      dec = new mod.BrotliDecStream();
      codes = mod.BrotliStreamResultCode;
    }
    for (;;) {
      const r = await next();
      if (r.done) {
        const total = dec.total_out();
        release();
        if (!ended) throw new Error(url + " is truncated: its Brotli data stops after " + total + " bytes of output");
        c.close();
        return;
      }
      let input = r.value;
      if (ended) {
        if (input.length > 0) throw new Error(url + ": " + input.length + " bytes after the end of the Brotli data");
        continue;
      }
      let produced = false;
      for (;;) {
        // Called again while the decoder has output to give, even when
        // it has taken all of the input.
        let res;
        try {
          res = dec.dec(input, unbrotliChunk);
        } catch (err) {
          throw new Error(url + ": corrupt Brotli data after " + dec.total_out() + " bytes of output (" + describe(err) + ")");
        }
        const out = res.buf, code = res.code, used = res.input_offset;
        res.free();
        if (out.length > 0) { c.enqueue(out); produced = true; }
        input = input.subarray(used);
        if (code === codes.NeedsMoreOutput) continue;
        if (code === codes.NeedsMoreInput) break;
        if (code !== codes.ResultSuccess) throw new Error(url + ": Brotli decoder result " + code);
        ended = true;
        if (input.length > 0) throw new Error(url + ": " + input.length + " bytes after the end of the Brotli data");
        break;
      }
      if (produced) return;
    }
  }
}

// describe names a decoder error: wasm-bindgen throws the error code's
// number or an Error.
function describe(err) {
  return err instanceof Error ? err.message : "error " + String(err);
}
})();

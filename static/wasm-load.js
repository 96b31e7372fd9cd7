// crawlsimLoadWasm(url, importObject) fetches and instantiates one of the
// page's WebAssembly binaries, for the page (index.html loads this file)
// and for its worker (worker.js imports it).
//
// The build writes the binaries gzip-compressed (page.wasm.gz,
// worker.wasm.gz: about a quarter of their size), because a static host
// cannot be relied on to compress them or to say that they are: the
// browser decompresses the body itself (DecompressionStream) while it
// downloads, and compiles it while it decompresses (instantiateStreaming).
// A host that sends the file with Content-Encoding: gzip has the browser
// decompress it already; the body then starts with WebAssembly's magic
// number instead of gzip's, and is compiled as it is.
self.crawlsimLoadWasm = async function (url, importObject) {
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(url + ": HTTP " + resp.status);
  if (!resp.body) {
    return instantiate(await resp.arrayBuffer());
  }
  // Read until the first two bytes are known.
  const reader = resp.body.getReader();
  const head = [];
  let have = 0;
  while (have < 2) {
    const r = await reader.read();
    if (r.done) break;
    head.push(r.value);
    have += r.value.length;
  }
  let body = new ReadableStream({
    start(c) { for (const chunk of head) c.enqueue(chunk); },
    async pull(c) {
      const r = await reader.read();
      if (r.done) c.close(); else c.enqueue(r.value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  const first = new Uint8Array(2);
  let at = 0;
  for (const chunk of head) for (const b of chunk) if (at < 2) first[at++] = b;
  if (first[0] === 0x1f && first[1] === 0x8b) {
    if (typeof DecompressionStream !== "function") {
      throw new Error("this browser cannot decompress " + url + " (no DecompressionStream; Chrome 80, Firefox 113, Safari 16.4 and later can)");
    }
    body = body.pipeThrough(new DecompressionStream("gzip"));
  }
  const wasm = new Response(body, { headers: { "Content-Type": "application/wasm" } });
  if (typeof WebAssembly.instantiateStreaming === "function") {
    return WebAssembly.instantiateStreaming(wasm, importObject);
  }
  return instantiate(await wasm.arrayBuffer());

  function instantiate(bytes) {
    return WebAssembly.instantiate(bytes, importObject);
  }
};

// crawlsim's web worker: loads the Go runtime (wasm_exec.js) and the
// worker binary (worker.wasm.br, through wasm-load.js), which takes over
// onmessage as soon as it runs. Messages that arrive before are kept and handed over. If the
// binary cannot start, or its Go program ends, the page is told with a
// {fatal} message and starts a new worker.
importScripts("wasm_exec.js", "wasm-load.js");

const early = [];
self.onmessage = (e) => early.push(e);

(async function () {
  try {
    const go = new Go();
    const { instance } = await self.crawlsimLoadWasm("worker.wasm.br", go.importObject);
    const done = go.run(instance);
    for (const e of early.splice(0)) self.onmessage(e);
    await done;
    self.postMessage({ fatal: "the worker's program ended" });
  } catch (err) {
    self.postMessage({ fatal: "the worker could not start: " + err });
  }
})();

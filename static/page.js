// Starts the page's web worker, then the page's Go program (page.wasm.br,
// through wasm-load.js). Every path is relative, so the folder works from
// any static host or a sub-path of a course site.

// The page's Content-Security-Policy refuses eval, and Vugu's renderer
// (domrender.New, in page.wasm) installs its JavaScript helpers by calling
// window.eval on a script. The build writes that very script, taken from
// Vugu's source, as vugu-render.js, which index.html loads before this
// file. The script begins by returning when its helpers are installed, so
// Vugu's call would do nothing: it is answered here without running
// anything. Every other call goes to the browser's eval, which the policy
// refuses. (tools/site checks that Vugu's script begins with this preamble.)
(function () {
  const browserEval = window.eval;
  const vuguPreamble = "(function(){if(window.vuguRender)return;";
  window.eval = function (source) {
    if (typeof source === "string" && source.startsWith(vuguPreamble) && typeof window.vuguRender === "function") {
      return undefined;
    }
    return browserEval(source);
  };
})();

// The worker starts first, so that it downloads and compiles worker.wasm
// while the page downloads and compiles page.wasm, instead of after. The
// page's Go program adopts it: wasm/page's StartWorker calls
// crawlsimTakeWorker(script, onmessage, onerror), which hands over this
// worker once, with what it sent meanwhile, or returns null (another
// script, already taken, or no worker could start: StartWorker then starts
// one itself, and reports the failure).
(function () {
  let started = null;
  try {
    const worker = new Worker("worker.js");
    const events = [];
    worker.onmessage = (e) => events.push([true, e]);
    worker.onerror = (e) => events.push([false, e]);
    started = { script: "worker.js", worker, events };
  } catch (err) {
    started = null;
  }
  window.crawlsimTakeWorker = function (script, onmessage, onerror) {
    if (!started || started.script !== script) return null;
    const { worker, events } = started;
    started = null;
    worker.onmessage = onmessage;
    worker.onerror = onerror;
    for (const [isMessage, e] of events) (isMessage ? onmessage : onerror)(e);
    return worker;
  };
})();

(async function () {
  const mount = document.getElementById("crawlsim");
  try {
    if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
    const go = new Go();
    const { instance } = await window.crawlsimLoadWasm("page.wasm.br", go.importObject);
    await go.run(instance);
    mount.insertAdjacentHTML("afterbegin", '<p class="message error">The page stopped; reload it to start again.</p>');
  } catch (err) {
    mount.innerHTML = '<p class="message error">crawlsim could not start: ' +
      String(err).replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]) + "</p>";
  }
})();
